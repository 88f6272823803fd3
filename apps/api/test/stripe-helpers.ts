import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../src/db/client.ts';
import { paymentAccounts } from '../src/db/schema.ts';
import type { FakeCheckoutSession, FakeStripe } from './fake-stripe.ts';
import type { Seed } from './helpers.ts';

/** The secret the payments webhook endpoint of `stripeEnv` checks signatures with. */
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_payments_secret';
/** The secret the Connect webhook endpoint of `stripeEnv` checks signatures with. */
export const STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_test_connect_secret';

/** Environment variables of an app (or server process) that pays through the fake Stripe. */
export const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_CONNECT_WEBHOOK_SECRET,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
});

// Only its offline signing helper is used; no request is made with this key.
const signer = new Stripe('sk_test_signing_only');

/** The Stripe-Signature header Stripe sends with `payload` to an endpoint with this secret. */
export const stripeSignature = (payload: string, secret = STRIPE_WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

let eventCounter = 0;

/** An event as Stripe's webhooks deliver it; `account` marks a Connect account's event. */
export function stripeEvent(
  type: string,
  object: object,
  options: { id?: string; account?: string; created?: number } = {},
) {
  eventCounter += 1;
  return {
    id: options.id ?? `evt_${eventCounter}_${randomBytes(4).toString('hex')}`,
    object: 'event',
    type,
    ...(options.account ? { account: options.account } : {}),
    api_version: '2025-01-27.acacia',
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

export interface SignedStripeEvent {
  id: string;
  payload: string;
  /** the Stripe-Signature header */
  header: string;
}

/** A payments event (`stripeEvent`), serialized and signed for the payments webhook. */
export function signedStripeEvent(type: string, object: object): SignedStripeEvent {
  const event = stripeEvent(type, object);
  const payload = JSON.stringify(event);
  return { id: event.id, payload, header: stripeSignature(payload) };
}

/** An active lawyer whose payment account is a ready Stripe account known to the fake. */
export async function seedStripeLawyer(db: Db, seed: Seed, fake: FakeStripe) {
  const profile = await seed.profile();
  const accountId = `acct_${randomBytes(8).toString('hex')}`;
  fake.accounts.set(accountId, {
    id: accountId,
    email: 'lawyer@example.com',
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
  });
  await db
    .update(paymentAccounts)
    .set({ accountId, provider: 'stripe' })
    .where(eq(paymentAccounts.userId, profile.userId));
  return { profile, accountId };
}

/** The invoice form a client sends to start a checkout. */
export const checkoutInvoice = (email = 'platnik@example.com') => ({
  nip: '5252987310',
  company: 'Substytut sp. z o.o.',
  street: 'Prosta 20',
  postCode: '00-850',
  city: 'Warszawa',
  email,
  policyConfirm: true,
});

/** The fake's Checkout Session behind the pay link a started checkout answered. */
export function sessionOfPayLink(fake: FakeStripe, payLink: string): FakeCheckoutSession {
  const session = [...fake.sessions.values()].find((s) => s.url === payLink);
  if (!session) throw new Error(`no checkout session at the fake Stripe for ${payLink}`);
  return session;
}

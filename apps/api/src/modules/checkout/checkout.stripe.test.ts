import { addDays, grossFromNet, warsawDate } from '@substytut/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import {
  checkoutInvoice,
  seedStripeLawyer,
  sessionOfPayLink,
  signedStripeEvent,
  stripeEnv,
  stripeSignature,
} from '../../../test/stripe-helpers.ts';
import { offerPayments, payouts } from '../../db/schema/checkout.ts';
import { mailOutbox, offers, processedEvents } from '../../db/schema.ts';
import { hashToken } from '../auth/access-tokens.ts';

let t: TestApp;
let fake: FakeStripe;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: { ...stripeEnv(fake), PLATFORM_FEE_PERCENT: '10' },
  });
  csrf = await csrfHeaders(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const deliver = (event: { payload: string; header: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    payload: event.payload,
  });

const offerStatus = async (id: number) =>
  (await t.db.select({ status: offers.status }).from(offers).where(eq(offers.id, id)))[0]?.status;

async function startCheckout(expireDate?: string) {
  const { profile, accountId } = await seedStripeLawyer(t.db, t.seed, fake);
  const offer = await t.seed.offer({
    profileId: profile.id,
    netGrosze: 50_000,
    ...(expireDate ? { expireDate } : {}),
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/public/profile/${profile.seolink}/payment/${offer.offerUrl}`,
    headers: csrf,
    payload: checkoutInvoice(),
  });
  expect(response.statusCode).toBe(200);
  const payLink = response.json().data.payLink as string;
  const session = sessionOfPayLink(fake, payLink);
  return { profile, offer, accountId, payLink, session };
}

describe('checkout with Stripe (local fake of its API)', () => {
  it('opens a Checkout Session in PLN for card, BLIK and Przelewy24, ending with the offer', async () => {
    const today = warsawDate(t.clock.now());
    const { offer, payLink, session } = await startCheckout(addDays(today, 10));
    expect(payLink).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const request = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.form).toMatchObject({
      mode: 'payment',
      currency: 'pln',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'blik',
      'allowed_payment_method_types[2]': 'p24',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'pln',
      'line_items[0][price_data][unit_amount]': String(grossFromNet(50_000)),
      'line_items[0][price_data][product_data][name]': offer.title,
      customer_email: 'platnik@example.com',
      'metadata[offerId]': String(offer.id),
      'payment_intent_data[transfer_group]': `offer-${offer.id}`,
      success_url: 'http://localhost:3000/payment/success',
      cancel_url: 'http://localhost:3000/payment/cancel',
    });
    expect(request.idempotencyKey).toMatch(new RegExp(`^checkout-offer-${offer.id}-1-`));
    // The offer ends in 10 days, so Stripe's 24 hour maximum applies.
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(session.expires_at).toBeGreaterThanOrEqual(now + 24 * 3600 - 120);
    expect(session.expires_at).toBeLessThanOrEqual(now + 24 * 3600);
    expect(await offerStatus(offer.id)).toBe('paystart');
  });

  it('a signed checkout.session.completed pays the offer once, however often it arrives', async () => {
    const { offer, session } = await startCheckout();
    const paid = fake.paySession(session.id);
    const event = signedStripeEvent('checkout.session.completed', paid);
    for (let i = 0; i < 3; i++) expect((await deliver(event)).statusCode).toBe(200);
    expect(await offerStatus(offer.id)).toBe('payed');
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(payment).toMatchObject({ status: 'paid', paymentRef: paid.payment_intent, provider: 'stripe' });
    expect(
      await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, event.id)),
    ).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'platnik@example.com'))).toHaveLength(
      1,
    );
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { offer, session } = await startCheckout();
    const paid = fake.paySession(session.id);
    const genuine = signedStripeEvent('checkout.session.completed', paid);
    const forged = {
      payload: genuine.payload,
      header: stripeSignature(genuine.payload, 'whsec_someone_else'),
    };
    const tampered = { payload: genuine.payload.replace('"paid"', '"unpaid"'), header: genuine.header };
    for (const attempt of [forged, tampered, { payload: genuine.payload, header: '' }]) {
      const response = await deliver(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('payments.invalid_signature');
    }
    expect(await offerStatus(offer.id)).toBe('paystart');
    expect(
      await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, genuine.id)),
    ).toHaveLength(0);
  });

  it('checkout.session.expired returns the offer to active; async_payment_failed too', async () => {
    const first = await startCheckout();
    fake.sessions.get(first.session.id)!.status = 'expired';
    expect((await deliver(signedStripeEvent('checkout.session.expired', first.session))).statusCode).toBe(
      200,
    );
    expect(await offerStatus(first.offer.id)).toBe('active');

    const second = await startCheckout();
    const unpaid = {
      ...second.session,
      status: 'complete',
      payment_status: 'unpaid',
      payment_intent: 'pi_delayed',
    };
    await deliver(signedStripeEvent('checkout.session.completed', unpaid));
    expect(await offerStatus(second.offer.id)).toBe('paystart');
    await deliver(signedStripeEvent('checkout.session.async_payment_failed', unpaid));
    expect(await offerStatus(second.offer.id)).toBe('active');
  });

  it('acceptance transfers gross minus the platform fee from the charge, once', async () => {
    const { offer, session, accountId } = await startCheckout();
    const paid = fake.paySession(session.id);
    await deliver(signedStripeEvent('checkout.session.completed', paid));
    const token = 'stripe-acceptance-token';
    await t.db
      .update(offers)
      .set({ status: 'done', doneAt: t.clock.now(), acceptanceTokenHash: hashToken(token) })
      .where(eq(offers.id, offer.id));
    const accept = () =>
      t.app.inject({ method: 'POST', url: '/api/public/offer/accept', headers: csrf, payload: { token } });
    expect((await accept()).statusCode).toBe(200);
    expect((await accept()).statusCode).toBe(200);

    const transfers = [...fake.transfers.values()].filter((tr) => tr.destination === accountId);
    const gross = grossFromNet(50_000);
    expect(transfers).toEqual([
      expect.objectContaining({
        amount: gross - Math.round(gross / 10),
        currency: 'pln',
        source_transaction: paid.charge,
        transfer_group: `offer-${offer.id}`,
      }),
    ]);
    const transferRequests = fake.requests.filter(
      (r) => r.path === '/v1/transfers' && r.form.destination === accountId,
    );
    expect(transferRequests.map((r) => r.idempotencyKey)).toEqual([`payout-offer-${offer.id}`]);
    expect((await t.db.select().from(payouts).where(eq(payouts.offerId, offer.id)))[0]).toMatchObject({
      status: 'sent',
      fee: Math.round(gross / 10),
      transferId: transfers[0]?.id,
    });
  });

  it('records refunds and disputes on the payment', async () => {
    const { offer, session } = await startCheckout();
    const paid = fake.paySession(session.id);
    await deliver(signedStripeEvent('checkout.session.completed', paid));
    const charge = {
      id: paid.charge,
      object: 'charge',
      payment_intent: paid.payment_intent,
      amount_refunded: 500,
    };
    await deliver(
      signedStripeEvent('charge.dispute.created', {
        id: 'dp_1',
        object: 'dispute',
        payment_intent: paid.payment_intent,
        reason: 'fraudulent',
      }),
    );
    const [disputed] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(disputed).toMatchObject({ status: 'disputed' });
    expect(disputed?.note).toContain('fraudulent');
    await deliver(signedStripeEvent('charge.refunded', charge));
    const [refunded] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(refunded?.status).toBe('refunded');
  });
});

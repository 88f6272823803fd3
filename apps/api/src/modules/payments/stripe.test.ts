import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  STRIPE_CONNECT_WEBHOOK_SECRET as WEBHOOK_SECRET,
  stripeEnv,
  stripeEvent,
  stripeSignature,
} from '../../../test/stripe-helpers.ts';
import { paymentAccounts, processedEvents } from '../../db/schema/payments.ts';
import { loadConfig } from '../app/config.ts';

let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: stripeEnv(fake) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Headers = Record<string, string>;

const profilePayload = {
  firstname: 'Piotr',
  lastname: 'Stripowy',
  permissions: 'adwokat',
  licenseNo: 'GDA/Adw/77',
  specialization: ['prawo-gospodarcze'],
  institution: 'ia-gdansk',
  description: 'Zastępstwa w Trójmieście.',
};

const profileOf = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().data;

async function connectedLawyer() {
  const session = await t.seed.session();
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: session.headers,
    payload: profilePayload,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/profile/stripe/createaccount',
    headers: session.headers,
  });
  expect(response.statusCode).toBe(200);
  const accountId = (await profileOf(session.headers)).stripeAccountId as string;
  return { ...session, accountId, url: response.json().data.url as string };
}

let eventCounter = 0;
function accountEvent(
  accountId: string,
  state: { charges_enabled: boolean; payouts_enabled: boolean; details_submitted: boolean },
  options: { id?: string; created?: number } = {},
) {
  eventCounter += 1;
  return stripeEvent(
    'account.updated',
    { id: accountId, object: 'account', ...state },
    { id: `evt_test_${eventCounter}_${accountId}`, ...options, account: accountId },
  );
}

function deliver(
  event: unknown,
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string } = {},
) {
  const payload = JSON.stringify(event);
  const header = signature ?? stripeSignature(payload, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe/connect',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

const ready = { charges_enabled: true, payouts_enabled: true, details_submitted: true };

describe('Stripe adapter', () => {
  it('requires the Connect webhook secret with the secret key in production', () => {
    const production = {
      NODE_ENV: 'production',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_payments',
    };
    expect(() => loadConfig(production)).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET/);
    const withSecrets = {
      ...production,
      STRIPE_WEBHOOK_SECRET: 'whsec_y',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(withSecrets).stripeConnectWebhookSecret).toBe('whsec_x');
  });

  it('creates one Express account in Poland and answers a fresh onboarding link', async () => {
    const { user, headers, accountId, url } = await connectedLawyer();
    expect(accountId).toMatch(/^acct_[0-9a-f]{16}$/);
    expect(url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`));

    const create = fake.requests.filter((r) => r.path === '/v1/accounts' && r.form.email === user.email);
    expect(create).toHaveLength(1);
    expect(create[0]?.form).toMatchObject({
      type: 'express',
      country: 'PL',
      email: user.email,
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': user.id,
    });
    expect(create[0]?.idempotencyKey).toBe(`connect-account-${user.id}`);
    const link = fake.requests.find((r) => r.path === '/v1/account_links' && r.form.account === accountId);
    expect(link?.form).toMatchObject({
      type: 'account_onboarding',
      return_url: `${t.config.publicUrl}/dashboard/profile`,
      refresh_url: `${t.config.publicUrl}/dashboard/profile`,
    });

    // A second click makes a new link for the same account; nothing is stored of the link.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/stripe/createaccount',
      headers,
    });
    expect(again.json().data.url).not.toBe(url);
    expect(
      fake.requests.filter((r) => r.path === '/v1/accounts' && r.form.email === user.email),
    ).toHaveLength(1);
    expect(await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, user.id))).toHaveLength(
      1,
    );
    expect((await profileOf(headers)).status).toBe('inactive');
  });

  it('answers a login link for the account dashboard, 409 before an account exists', async () => {
    const { headers, accountId } = await connectedLawyer();
    const response = await t.app.inject({ method: 'POST', url: '/api/user/profile/stripe/login', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.url).toMatch(
      new RegExp(`^https://connect\\.stripe\\.test/express/${accountId}/`),
    );

    const newcomer = await t.seed.session();
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/stripe/login',
      headers: newcomer.headers,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('payments.no_account');
  });

  it('answers 502 payments.provider_error when Stripe refuses', async () => {
    const { headers, accountId } = await connectedLawyer();
    fake.accounts.delete(accountId);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/profile/stripe/login', headers });
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('payments.provider_error');
    expect(response.body).not.toContain(accountId);
  });

  it('activates a complete profile on a verified account.updated with payouts enabled', async () => {
    const { headers, accountId } = await connectedLawyer();
    const notYet = await deliver(accountEvent(accountId, { ...ready, payouts_enabled: false }));
    expect(notYet.statusCode).toBe(200);
    expect((await profileOf(headers)).status).toBe('inactive');

    const response = await deliver(
      accountEvent(accountId, ready, { created: Math.floor(Date.now() / 1000) + 1 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await profileOf(headers)).status).toBe('active');
    const [account] = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.accountId, accountId));
    expect(account).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
  });

  it('refuses a forged or wrongly signed event with 400 and changes nothing', async () => {
    const { headers, accountId } = await connectedLawyer();
    const event = accountEvent(accountId, ready);
    const cases = [{ secret: 'whsec_someone_else' }, { signature: 't=1,v1=deadbeef' }, { signature: '' }];
    for (const options of cases) {
      const response = await deliver(event, options);
      expect(response.statusCode, JSON.stringify(options)).toBe(400);
      expect(response.json().code).toBe('payments.invalid_signature');
    }
    // A valid signature over other bytes does not carry over to a changed body.
    const payload = JSON.stringify(accountEvent(accountId, { ...ready, payouts_enabled: false }));
    const signature = stripeSignature(payload, WEBHOOK_SECRET);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe/connect',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify(event),
    });
    expect(tampered.statusCode).toBe(400);

    expect((await profileOf(headers)).status).toBe('inactive');
    expect(await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, event.id))).toEqual(
      [],
    );
  });

  it('applies a repeated event once', async () => {
    const { headers, accountId } = await connectedLawyer();
    const event = accountEvent(accountId, ready);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await profileOf(headers)).status).toBe('active');

    // Stripe redelivers the same event id; even with other contents it must change nothing.
    const redelivered = {
      ...event,
      created: event.created + 10,
      data: { object: { ...event.data.object, payouts_enabled: false } },
    };
    expect((await deliver(redelivered)).statusCode).toBe(200);
    expect((await profileOf(headers)).status).toBe('active');
    expect(
      await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, event.id)),
    ).toHaveLength(1);
  });

  it('acknowledges event types it does not use', async () => {
    const event = { ...accountEvent('acct_unknown', ready), type: 'capability.updated' };
    expect((await deliver(event)).statusCode).toBe(200);
  });

  it('does not serve the sandbox pages', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sandbox/payments/onboarding/acct_x?token=y',
    });
    expect(response.statusCode).toBe(404);
  });
});

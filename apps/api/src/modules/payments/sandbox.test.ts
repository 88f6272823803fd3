import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { paymentAccounts, processedEvents } from '../../db/schema/payments.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

const profilePayload = (firstname = 'Marta', lastname = 'Sandboksowa') => ({
  firstname,
  lastname,
  permissions: 'radca-prawny',
  licenseNo: 'KR-1234',
  specialization: ['prawo-pracy'],
  institution: 'oirp-krakow',
  description: 'Zastępstwa w Krakowie.',
  jobs: [],
  references: [],
});

const profileOf = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().data;

/** `payload`: the web's language hint; `remoteAddress`: a caller of its own rate-limit count. */
type LinkCall = { payload?: { locale?: string }; remoteAddress?: string };

async function connect(headers: Headers, call: LinkCall = {}): Promise<URL> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/profile/stripe/createaccount',
    headers,
    ...call,
  });
  expect(response.statusCode).toBe(200);
  return new URL(response.json().data.url);
}

async function dashboard(headers: Headers, call: LinkCall = {}) {
  return t.app.inject({ method: 'POST', url: '/api/user/profile/stripe/login', headers, ...call });
}

const open = (url: URL, headers: Headers = {}) =>
  t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });

function formOf(html: string): { action: string; token: string } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !token) throw new Error('no onboarding form in the page');
  return { action, token };
}

const submit = (action: string, token: string, choice: 'complete' | 'abandon') =>
  t.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, action: choice }).toString(),
  });

async function onboard(headers: Headers, choice: 'complete' | 'abandon' = 'complete') {
  const page = await open(await connect(headers));
  expect(page.statusCode).toBe(200);
  const { action, token } = formOf(page.body);
  return submit(action, token, choice);
}

describe('sandbox payment account', () => {
  it('is the default provider, and the dashboard link needs an account first', async () => {
    expect(t.services.payments.provider.kind).toBe('sandbox');
    const { headers } = await t.seed.session();
    const response = await dashboard(headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payments.no_account');
  });

  it('serves a clearly marked onboarding page in the user’s language', async () => {
    const pl = await t.seed.session({ locale: 'pl' });
    const url = await connect(pl.headers);
    expect(`${url.origin}`).toBe(t.config.publicUrl);
    expect(url.pathname).toMatch(/^\/sandbox\/payments\/onboarding\/acct_sandbox_[0-9a-f]{24}$/);
    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="pl">');
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('Zakończ konfigurację konta');
    expect(page.body).toContain(pl.user.email);

    const en = await t.seed.session({ locale: 'en' });
    const enPage = await open(await connect(en.headers));
    expect(enPage.body).toContain('<html lang="en">');
    expect(enPage.body).toContain('Complete account setup');

    const profile = await profileOf(pl.headers);
    expect(profile.stripeAccountId).toBe(url.pathname.split('/').pop());
  });

  it('serves the onboarding and dashboard pages in the language the lawyer uses now (issue 34)', async () => {
    const own = { remoteAddress: '203.0.113.34' };
    const inEnglish = { ...own, payload: { locale: 'en' } };
    // Registered in Polish, now using the app in English: the web sends its current language.
    const lawyer = await t.seed.session({ locale: 'pl' });
    const onboarding = await open(await connect(lawyer.headers, inEnglish));
    expect(onboarding.body).toContain('<html lang="en">');
    expect(onboarding.body).toContain('Complete account setup');
    const board = await open(new URL((await dashboard(lawyer.headers, inEnglish)).json().data.url));
    expect(board.statusCode).toBe(200);
    expect(board.body).toContain('<html lang="en">');
    // And back: an English account using the app in Polish.
    const other = await t.seed.session({ locale: 'en' });
    const polish = await open(await connect(other.headers, { ...own, payload: { locale: 'pl' } }));
    expect(polish.body).toContain('<html lang="pl">');
    // No hint (an older client) or a hint the app does not know: the account's language.
    expect((await open(await connect(lawyer.headers, own))).body).toContain('<html lang="pl">');
    const unknown = await connect(other.headers, { ...own, payload: { locale: 'de' } });
    expect((await open(unknown)).body).toContain('<html lang="en">');
  });

  it('connecting twice keeps one account', async () => {
    const { user, headers } = await t.seed.session();
    const first = await connect(headers);
    const second = await connect(headers);
    expect(second.pathname).toBe(first.pathname);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    const rows = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('makes a complete profile active only once onboarding completes, through the real pages', async () => {
    const { headers } = await t.seed.session();
    await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload: profilePayload() });
    expect((await profileOf(headers)).status).toBe('inactive');

    const response = await onboard(headers, 'complete');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${t.config.publicUrl}/dashboard/profile`);
    const profile = await profileOf(headers);
    expect(profile.status).toBe('active');
    expect(profile.stripeAccountId).toMatch(/^acct_sandbox_/);
  });

  it('keeps an incomplete profile inactive with a ready account, until the profile is completed', async () => {
    const { headers } = await t.seed.session();
    expect((await onboard(headers, 'complete')).statusCode).toBe(303);
    expect((await profileOf(headers)).status).toBe('inactive');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers,
      payload: profilePayload(),
    });
    expect(saved.json().data.status).toBe('active');
  });

  it('abandoning onboarding changes nothing', async () => {
    const { user, headers } = await t.seed.session();
    await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload: profilePayload() });
    const response = await onboard(headers, 'abandon');
    expect(response.statusCode).toBe(303);
    expect((await profileOf(headers)).status).toBe('inactive');
    const [account] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, user.id));
    expect(account).toMatchObject({ payoutsEnabled: false, detailsSubmitted: false });
  });

  it('freezes the seolink once the profile has been public', async () => {
    const { headers } = await t.seed.session();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers,
      payload: profilePayload('Tomasz', 'Przedtem'),
    });
    const before = (await profileOf(headers)).seolink;
    expect(before).toBe('tomasz-przedtem');
    await onboard(headers);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers,
      payload: profilePayload('Tomasz', 'Potem'),
    });
    expect(renamed.json().data).toMatchObject({
      lastname: 'Potem',
      seolink: 'tomasz-przedtem',
      status: 'active',
    });
  });

  it('an account that loses payouts takes an active profile back to inactive', async () => {
    const { headers } = await t.seed.session();
    await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload: profilePayload() });
    await onboard(headers);
    expect((await profileOf(headers)).status).toBe('active');
    // A later event says the provider disabled payouts (e.g. documents expired).
    const accountId = (await profileOf(headers)).stripeAccountId as string;
    const applied = await t.services.payments.processEvent({
      provider: 'sandbox',
      id: `evt_test_${accountId}`,
      type: 'account.updated',
      created: new Date(t.clock.now().getTime() + 1000),
      account: { accountId, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: true },
    });
    expect(applied).toBe(true);
    expect((await profileOf(headers)).status).toBe('inactive');
  });

  it('applies a repeated event once', async () => {
    const { headers } = await t.seed.session();
    await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload: profilePayload() });
    const accountId = (await connect(headers)).pathname.split('/').pop() as string;
    const event = {
      provider: 'sandbox' as const,
      id: `evt_repeat_${accountId}`,
      type: 'account.updated' as const,
      created: t.clock.now(),
      account: { accountId, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true },
    };
    expect(await t.services.payments.processEvent(event)).toBe(true);
    expect((await profileOf(headers)).status).toBe('active');
    // The same id again, even with other contents and a later time, changes nothing.
    const again = {
      ...event,
      created: new Date(t.clock.now().getTime() + 5000),
      account: { ...event.account, payoutsEnabled: false },
    };
    expect(await t.services.payments.processEvent(again)).toBe(false);
    expect((await profileOf(headers)).status).toBe('active');
    const recorded = await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, event.id));
    expect(recorded).toHaveLength(1);
  });

  it('ignores an older state that arrives after a newer one', async () => {
    const { headers } = await t.seed.session();
    await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload: profilePayload() });
    await onboard(headers);
    const accountId = (await profileOf(headers)).stripeAccountId as string;
    await t.services.payments.processEvent({
      provider: 'sandbox',
      id: `evt_old_${accountId}`,
      type: 'account.updated',
      created: new Date(t.clock.now().getTime() - 60_000),
      account: { accountId, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false },
    });
    expect((await profileOf(headers)).status).toBe('active');
  });
});

describe('sandbox pages are bound to one account', () => {
  it('refuses another account’s id, a forged token, a used token and an expired one', async () => {
    const victim = await t.seed.session();
    const attacker = await t.seed.session();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: victim.headers,
      payload: profilePayload(),
    });
    const victimUrl = await connect(victim.headers);
    const attackerUrl = await connect(attacker.headers);
    const victimPath = victimUrl.pathname;

    // The attacker's own valid token does not open the victim's account.
    const crossed = new URL(victimUrl);
    crossed.searchParams.set('token', attackerUrl.searchParams.get('token') as string);
    const page = await open(crossed);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Link wygasł');
    expect(page.body).not.toContain(victim.user.email);
    const attackerToken = formOf((await open(attackerUrl)).body).token;
    expect((await submit(victimPath, attackerToken, 'complete')).statusCode).toBe(404);
    expect((await submit(victimPath, 'forged-token', 'complete')).statusCode).toBe(404);
    expect((await profileOf(victim.headers)).status).toBe('inactive');

    // The victim's link works once…
    const { token } = formOf((await open(victimUrl)).body);
    expect((await submit(victimPath, token, 'abandon')).statusCode).toBe(303);
    // …and not again.
    expect((await open(victimUrl)).statusCode).toBe(404);
    expect((await submit(victimPath, token, 'complete')).statusCode).toBe(404);
    expect((await profileOf(victim.headers)).status).toBe('inactive');

    // A fresh link expires after 30 minutes.
    const fresh = await connect(victim.headers);
    const freshToken = formOf((await open(fresh)).body).token;
    t.clock.advance(31 * 60 * 1000);
    expect((await open(fresh)).statusCode).toBe(404);
    expect((await submit(victimPath, freshToken, 'complete')).statusCode).toBe(404);
    expect((await profileOf(victim.headers)).status).toBe('inactive');
  });

  it('shows the account dashboard with balance and transfers only to its owner', async () => {
    const owner = await t.seed.session({ locale: 'pl' });
    const other = await t.seed.session();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: owner.headers,
      payload: profilePayload(),
    });
    await onboard(owner.headers);
    await connect(other.headers);

    const link = await dashboard(owner.headers);
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().data.url);
    expect(url.pathname).toMatch(/^\/sandbox\/payments\/dashboard\/acct_sandbox_/);
    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('Gotowe do przyjmowania wypłat');
    expect(page.body).toContain('0,00\u00a0zł');
    expect(page.body).toContain('Brak przelewów.');
    expect(page.body).toContain(`href="${t.config.publicUrl}/dashboard/profile"`);
    // Like the provider's login links, the link opens the dashboard once. A second use says so in
    // the owner's language (not the browser's) and points to the button that makes a new one.
    const again = await open(url, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('<html lang="pl">');
    expect(again.body).toContain('Ten link został już użyty');
    expect(again.body).toContain('„Panel płatności”');
    expect(again.body).not.toContain('Gotowe do przyjmowania wypłat');
    expect(again.body).toContain(`href="${t.config.publicUrl}/dashboard/profile"`);
    // A fresh link from the button opens it again.
    expect((await open(new URL((await dashboard(owner.headers)).json().data.url))).statusCode).toBe(200);

    const otherUrl = new URL((await dashboard(other.headers)).json().data.url);
    const crossed = new URL(url);
    crossed.searchParams.set('token', otherUrl.searchParams.get('token') as string);
    expect((await open(crossed)).statusCode).toBe(404);
    // An onboarding token does not open the dashboard either.
    const onboardingUrl = await connect(owner.headers);
    const mixed = new URL(url);
    mixed.searchParams.set('token', onboardingUrl.searchParams.get('token') as string);
    expect((await open(mixed)).statusCode).toBe(404);
  });

  it('answers a used dashboard link in English to an English-speaking owner, once per link even when opened at once', async () => {
    const owner = await t.seed.session({ locale: 'en' });
    await connect(owner.headers);
    const url = new URL((await dashboard(owner.headers)).json().data.url);
    const pages = await Promise.all([open(url), open(url), open(url)]);
    expect(pages.map((page) => page.statusCode).sort()).toEqual([200, 410, 410]);
    const used = pages.find((page) => page.statusCode === 410);
    expect(used?.body).toContain('<html lang="en">');
    expect(used?.body).toContain('This link was already used');
    expect(used?.body).toContain('“Payment dashboard”');
    // An expired link that was never used still says it expired.
    const stale = new URL((await dashboard(owner.headers)).json().data.url);
    t.clock.advance(16 * 60 * 1000);
    expect((await open(stale)).statusCode).toBe(404);
  });

  it('has no Stripe webhook endpoint while the sandbox is the provider', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe/connect',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a malformed sandbox link', () => {
  it('gets the same HTML page as an unknown one, never the API’s JSON 400', async () => {
    const { headers } = await t.seed.session();
    const url = await connect(headers);
    const path = url.pathname;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tooLong = 'x'.repeat(201);
    const requests = [
      { method: 'GET', url: path },
      { method: 'GET', url: `${path}?token=${tooLong}` },
      { method: 'GET', url: '/sandbox/payments/dashboard/acct_1?token=' },
      { method: 'GET', url: '/sandbox/payments/dashboard/acct_1' },
      { method: 'POST', url: path, headers: form, payload: 'action=complete' },
      {
        method: 'POST',
        url: path,
        headers: form,
        payload: `token=${url.searchParams.get('token')}&action=nope`,
      },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.headers['content-type'], `${request.method} ${request.url}`).toContain('text/html');
      expect(response.body).toContain('Link wygasł');
    }
    for (const request of [
      { method: 'GET', url: '/sandbox/payments/checkout/cs_1' },
      {
        method: 'POST',
        url: '/sandbox/payments/checkout/cs_1',
        headers: form,
        payload: 'token=abc&action=nope',
      },
    ] as const) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(410);
      expect(response.headers['content-type'], `${request.method} ${request.url}`).toContain('text/html');
    }
    // The link itself still opens the page: none of the above used it up.
    expect((await open(url)).statusCode).toBe(200);
    expect((await profileOf(headers)).status).toBe('inactive');
  });
});

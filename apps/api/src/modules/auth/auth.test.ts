import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import {
  accessTokens,
  emailVerifications,
  loginThrottles,
  mailOutbox,
  passwordResets,
  users,
} from '../../db/schema.ts';
import { linksIn } from '../mail/dev-mail.routes.ts';
import { hashToken } from '../app/token-crypto.ts';
import {
  EMAIL_VERIFICATION_TTL_MS,
  FAILED_LOGIN_ALERT_AFTER,
  FAILED_LOGIN_ALERT_INTERVAL_MS,
  LOGIN_THROTTLE,
  PASSWORD_RESET_TTL_MS,
  VERIFICATION_RESEND_INTERVAL_MS,
} from './auth.service.ts';

const MINUTE = 60_000;
/** Wrong passwords of one pair that still answer "invalid credentials". */
const FREE_FAILURES = LOGIN_THROTTLE.delayFromFailure - 1;

let t: TestApp;
let csrf: Record<string, string>;
let ipCounter = 0;
/** Each test gets its own client address, so the per-IP limits of one test do not leak into the next. */
let ip: string;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(async () => t?.close());
beforeEach(() => {
  ipCounter += 1;
  ip = `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
});

let emailCounter = 0;
const newEmail = (prefix = 'lawyer') => `${prefix}-${++emailCounter}-${Date.now().toString(36)}@example.com`;

function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { ...csrf, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const me = (token: string) =>
  t.app.inject({ url: '/api/me', remoteAddress: ip, headers: { authorization: `Bearer ${token}` } });

async function mailsTo(email: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
}

function verificationPath(link: string) {
  const match = /\/auth\/verified\/([^/]+)\/([^/?#]+)$/.exec(new URL(link).pathname);
  if (!match) throw new Error(`not a verification link: ${link}`);
  return { id: match[1]!, hash: match[2]! };
}

async function registerUser(
  email = newEmail(),
  password = 'Haslo-Testowe-42!',
  headers: Record<string, string> = {},
) {
  const res = await post(
    '/api/register',
    { email, password, terms: true, 'cf-turnstile-response': 'local' },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = await mailsTo(email);
  const link = linksIn(mail!.html).find((l) => l.includes('/auth/verified/'))!;
  return { email, password, link, mail: mail!, ...verificationPath(link) };
}

async function registerVerified(email = newEmail(), password = 'Haslo-Testowe-42!') {
  const r = await registerUser(email, password);
  const res = await post(`/api/email/verify/${r.id}/${r.hash}`);
  expect(res.statusCode, res.body).toBe(200);
  return { ...r, token: res.json().data.token as string };
}

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  post('/api/login', { email, password, 'cf-turnstile-response': 'local' }, headers);

describe('POST /api/register', () => {
  it('stores the user with an argon2id hash and queues a Polish verification mail with a signed link', async () => {
    const email = newEmail();
    const res = await post('/api/register', {
      email: email.toUpperCase(),
      password: 'Haslo-Testowe-42!',
      terms: true,
      'cf-turnstile-response': 'local',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        success: true,
        message: 'Konto zostało utworzone. Sprawdź skrzynkę e-mail i kliknij link aktywacyjny.',
      },
    });

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ email, locale: 'pl', role: 'user', emailVerifiedAt: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain('Haslo-Testowe-42!');

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Potwierdź adres e-mail w serwisie Substytut');
    const link = linksIn(mails[0]!.html).find((l) => l.includes('/auth/verified/'))!;
    expect(link).toMatch(new RegExp(`^http://localhost:3000/auth/verified/${user!.id}/[A-Za-z0-9_-]{43}$`));
    expect(mails[0]!.text).toContain(link);
    // Only a hash of the link's secret is stored.
    const [row] = await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user!.id));
    expect(row!.tokenHash).toBe(hashToken(verificationPath(link).hash));
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(EMAIL_VERIFICATION_TTL_MS);
  });

  it('writes the mail in English with an /en link when the visitor uses English', async () => {
    const byHeader = await registerUser(newEmail(), 'Haslo-Testowe-42!', {
      'accept-language': 'en-GB,en;q=0.9,pl;q=0.5',
    });
    expect(byHeader.mail.subject).toBe('Confirm your e-mail address at Substytut');
    expect(byHeader.link).toMatch(/^http:\/\/localhost:3000\/en\/auth\/verified\//);
    const [user] = await t.db.select().from(users).where(eq(users.email, byHeader.email));
    expect(user!.locale).toBe('en');

    // An explicit locale from the web app wins over the browser's header.
    const email = newEmail();
    const res = await post(
      '/api/register',
      { email, password: 'Haslo-Testowe-42!', terms: true, locale: 'en' },
      { 'accept-language': 'pl' },
    );
    expect(res.json().data.message).toBe(
      'Your account has been created. Check your inbox and click the activation link.',
    );
    const [mail] = await mailsTo(email);
    expect(mail!.locale).toBe('en');
    expect(mail!.html).toContain('lang="en"');
  });

  it('answers a taken address exactly like a new one and mails its owner instead of a second account', async () => {
    const owner = await registerVerified();
    const fresh = newEmail();
    const answer = (email: string, password: string) =>
      post('/api/register', { email, password, terms: true, 'cf-turnstile-response': 'local' });
    const taken = await answer(owner.email.toUpperCase(), 'Innehaslo1!');
    const created = await answer(fresh, 'Innehaslo1!');
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(created.json());
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(created.headers).sort());

    // The existing account is untouched: same password, still one row, no new verification link.
    expect(await t.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(owner.email, 'Innehaslo1!')).statusCode).toBe(400);
    expect(
      await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, owner.id)),
    ).toHaveLength(0);

    const notices = (await mailsTo(owner.email)).filter((m) => m.id !== owner.mail.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Próba rejestracji na Twój adres w serwisie Substytut');
    expect(linksIn(notices[0]!.html)).toEqual(
      expect.arrayContaining([
        'http://localhost:3000/auth/login',
        'http://localhost:3000/auth/forgot-password',
      ]),
    );
    expect(notices[0]!.text).not.toMatch(/verified|reset\//);

    // In the visitor's language, like every answer.
    await post('/api/register', { email: owner.email, password: 'Innehaslo1!', terms: true, locale: 'en' });
    const english = (await mailsTo(owner.email)).find((m) => m.locale === 'en');
    expect(english!.subject).toBe('Someone tried to register with your address at Substytut');
    expect(linksIn(english!.html)).toContain('http://localhost:3000/en/auth/forgot-password');
  });

  it('refuses missing fields, wrong types, a refused checkbox and an over-long password with field keys', async () => {
    const empty = await post('/api/register', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation.failed',
      errors: { email: 'validation.email', password: 'validation.password', terms: 'validation.terms' },
    });

    const wrongTypes = await post('/api/register', { email: 42, password: 12345678, terms: 'yes' });
    expect(wrongTypes.json().errors).toEqual({
      email: 'validation.email',
      password: 'validation.password',
      terms: 'validation.terms',
    });

    const email = newEmail();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ email: 'not-an-email', password: 'Haslo-Testowe-42!', terms: true }, { email: 'validation.email' }],
      [{ email, password: 'short', terms: true }, { password: 'validation.password' }],
      [{ email, password: 'x'.repeat(129), terms: true }, { password: 'validation.passwordMax' }],
      [{ email, password: 'Haslo-Testowe-42!', terms: false }, { terms: 'validation.terms' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post('/api/register', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a guessable password with the field error (issue 19, finding 5)', async () => {
    const email = newEmail('jan.kowalski');
    for (const password of ['12345678', 'password', 'aaaaaaaa', 'Warszawa1!', 'kowalski2024']) {
      const res = await post('/api/register', { email, password, terms: true });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation.failed',
        errors: { password: 'validation.passwordWeak' },
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(
      (await post('/api/register', { email, password: 'Kolorowy-Rower-Nad-Wisłą', terms: true })).statusCode,
    ).toBe(200);
  });

  it('refuses a body over 1 MB and a body that is not JSON', async () => {
    const huge = await post('/api/register', {
      email: newEmail(),
      password: 'Haslo-Testowe-42!',
      terms: true,
      padding: 'x'.repeat(1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('request.too_large');

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: ip,
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('request.malformed_json');
  });

  it('refuses a bot-check value other than the local one when no secret is set', async () => {
    const email = newEmail();
    const res = await post('/api/register', {
      email,
      password: 'Haslo-Testowe-42!',
      terms: true,
      'cf-turnstile-response': 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('auth.bot_check_failed');
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('needs the anti-forgery cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: ip,
      payload: { email: newEmail(), password: 'Haslo-Testowe-42!', terms: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf.mismatch');
  });

  it('is rate limited per client address', async () => {
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      const res = await post('/api/register', { email: 'bad', password: 'x', terms: true });
      last = res.statusCode;
      if (i < 20) expect(res.statusCode).toBe(400);
    }
    expect(last).toBe(429);
    const limited = await post('/api/register', {});
    expect(limited.json()).toMatchObject({ code: 'errors.too_many_requests' });
    ip = '10.9.9.9';
    expect((await post('/api/register', {})).statusCode).toBe(400);
  });
});

describe('POST /api/email/verify/{id}/{hash}', () => {
  it('verifies the address once and signs the user in', async () => {
    const r = await registerUser();
    const res = await post(`/api/email/verify/${r.id}/${r.hash}`);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body).toEqual({
      token: expect.any(String),
      user: {
        id: r.id,
        email: r.email,
        name: '',
        role: 'user',
        email_verified_at: t.clock.now().toISOString(),
      },
      message: 'Twoje konto jest już aktywne',
    });
    expect((await me(body.token)).statusCode).toBe(200);

    // A second use of the same link signs nobody in.
    const again = await post(`/api/email/verify/${r.id}/${r.hash}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'auth.verification_invalid' });
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.userId, r.id))).toHaveLength(1);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const r = await registerUser();
    const results = await Promise.all([
      post(`/api/email/verify/${r.id}/${r.hash}`),
      post(`/api/email/verify/${r.id}/${r.hash}`),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.userId, r.id))).toHaveLength(1);
  });

  it('refuses forged, foreign, malformed and expired links', async () => {
    const a = await registerUser();
    const b = await registerUser();
    const attempts = [
      `/api/email/verify/${a.id}/${'A'.repeat(43)}`,
      `/api/email/verify/${a.id}/${b.hash}`,
      `/api/email/verify/not-a-uuid/${a.hash}`,
      `/api/email/verify/00000000-0000-4000-8000-000000000000/${a.hash}`,
    ];
    for (const url of attempts) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('auth.verification_invalid');
    }
    // Fastify refuses a path segment over 100 characters (414) before any handler runs.
    const tooLong = await post(`/api/email/verify/${a.id}/${'x'.repeat(600)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      message: 'Adres żądania jest zbyt długi',
      code: 'request.uri_too_long',
      errors: {},
    });
    // The genuine links still work after the failed attempts, until they expire.
    expect((await post(`/api/email/verify/${a.id}/${a.hash}`)).statusCode).toBe(200);

    t.clock.advance(EMAIL_VERIFICATION_TTL_MS + 1000);
    const expired = await post(`/api/email/verify/${b.id}/${b.hash}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('auth.verification_invalid');
    const [user] = await t.db.select().from(users).where(eq(users.id, b.id));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const r = await registerUser();
    await t.db
      .update(users)
      .set({ email: newEmail('changed') })
      .where(eq(users.id, r.id));
    expect((await post(`/api/email/verify/${r.id}/${r.hash}`)).json().code).toBe('auth.verification_invalid');
  });
});

describe('POST /api/login', () => {
  it('answers token, user and message, never the hash', async () => {
    const r = await registerVerified();
    const res = await login(r.email.toUpperCase(), r.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.data).sort()).toEqual(['message', 'token', 'user']);
    expect(Object.keys(body.data.user).sort()).toEqual(['email', 'email_verified_at', 'id', 'name', 'role']);
    expect(body.data.user).toMatchObject({ id: r.id, email: r.email, role: 'user' });
    expect(body.data.message).toBe('Zalogowano pomyślnie');
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toMatch(/password/i);
    const who = await me(body.data.token);
    expect(who.json()).toEqual({ data: body.data.user });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const r = await registerVerified();
    const wrongPassword = await login(r.email, 'Zlehaslo123!');
    const unknown = await login(newEmail('nobody'), 'Zlehaslo123!');
    const googleOnly = await t.seed.user({ password: null });
    const noPassword = await login(googleOnly.email, 'Zlehaslo123!');
    for (const res of [wrongPassword, unknown, noPassword]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Nieprawidłowe dane logowania',
        code: 'auth.invalid_credentials',
        errors: {},
      });
    }
    const english = await login(newEmail('nobody'), 'Zlehaslo123!', { 'accept-language': 'en' });
    expect(english.json().message).toBe('Invalid login details');
  });

  it('refuses an unverified account and resends the verification mail at most every 5 minutes', async () => {
    const r = await registerUser();
    const first = await login(r.email, r.password);
    expect(first.statusCode).toBe(403);
    expect(first.json().code).toBe('auth.email_not_verified');
    expect(first.body).not.toContain('token');
    // Registration just sent one: no second mail yet.
    expect(await mailsTo(r.email)).toHaveLength(1);

    t.clock.advance(VERIFICATION_RESEND_INTERVAL_MS);
    expect((await login(r.email, r.password)).statusCode).toBe(403);
    expect((await login(r.email, r.password)).statusCode).toBe(403);
    const mails = await mailsTo(r.email);
    expect(mails).toHaveLength(2);
    // The fresh link works (and so does the first one until one of them is used).
    const fresh = verificationPath(
      linksIn(mails.find((m) => m.id !== r.mail.id)!.html).find((l) => l.includes('/verified/'))!,
    );
    expect((await post(`/api/email/verify/${fresh.id}/${fresh.hash}`)).statusCode).toBe(200);
    expect((await post(`/api/email/verify/${r.id}/${r.hash}`)).statusCode).toBe(400);
    expect((await login(r.email, r.password)).statusCode).toBe(200);
  });

  it('does not resend anything for a wrong password on an unverified account', async () => {
    const r = await registerUser();
    t.clock.advance(VERIFICATION_RESEND_INTERVAL_MS);
    expect((await login(r.email, 'Zlehaslo123!')).json().code).toBe('auth.invalid_credentials');
    expect(await mailsTo(r.email)).toHaveLength(1);
  });

  const throttleOf = async (userId: string) =>
    t.db.select().from(loginThrottles).where(eq(loginThrottles.userId, userId));
  const from = (address: string) => {
    ip = address;
  };

  it('slows down the guessing address only: the owner elsewhere gets in with the right password', async () => {
    const r = await registerVerified();
    const attacker = ip;
    for (let i = 1; i <= FREE_FAILURES; i += 1) {
      expect((await login(r.email, `Zlehaslo${i}!`)).json().code).toBe('auth.invalid_credentials');
    }
    const slowed = await login(r.email, 'Zlehaslo5!');
    expect(slowed.statusCode).toBe(423);
    expect(slowed.json()).toEqual({
      code: 'auth.account_locked',
      message: 'Konto zostało tymczasowo zablokowane. Spróbuj ponownie później lub skontaktuj się z nami',
      errors: {},
    });
    const english = await login(r.email, 'Zlehaslo6!', { 'accept-language': 'en' });
    expect(english.json().message).toBe(
      'Your account has been temporarily locked. Try again later or contact us',
    );
    // From the guessing address even the right password waits.
    expect((await login(r.email, r.password)).statusCode).toBe(423);

    // The owner, from another address, with the right password, gets in at once.
    from('192.0.2.44');
    const owner = await login(r.email, r.password);
    expect(owner.statusCode).toBe(200);
    // A wrong password from there is only a wrong password.
    expect((await login(r.email, 'Literowka1!')).json().code).toBe('auth.invalid_credentials');

    // The counts live in the database, one row per pair.
    const rows = await throttleOf(r.id);
    expect(rows.map((row) => [row.clientAddress, row.failures]).sort()).toEqual(
      [
        [attacker, LOGIN_THROTTLE.delayFromFailure],
        ['192.0.2.44', 1],
      ].sort(),
    );
  });

  it('counts an IPv6 guesser by its /64, so a fresh address in the same network starts no new count', async () => {
    const r = await registerVerified();
    for (let i = 1; i <= FREE_FAILURES; i += 1) {
      from(`2001:db8:77:1::${i}`);
      expect((await login(r.email, `Zlehaslo${i}!`)).json().code).toBe('auth.invalid_credentials');
    }
    from('2001:db8:77:1:ffff::9');
    expect((await login(r.email, 'Zlehaslo9!')).statusCode).toBe(423);
    // The owner in another /64 is not slowed down.
    from('2001:db8:77:2::1');
    expect((await login(r.email, r.password)).statusCode).toBe(200);
    expect((await throttleOf(r.id)).map((row) => row.clientAddress)).toEqual(['2001:db8:77:1::/64']);
  });

  it('makes the guessing address wait longer after each further failure, up to 15 minutes', async () => {
    const r = await registerVerified();
    for (let i = 1; i <= FREE_FAILURES; i += 1) await login(r.email, 'Zlehaslo123!');
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      expect((await login(r.email, 'Zlehaslo123!')).statusCode).toBe(423);
      const [row] = await throttleOf(r.id);
      const wait = row!.blockedUntil!.getTime() - t.clock.now().getTime();
      waits.push(wait / MINUTE);
      // One second short of the delay the pair is still refused, without counting a failure.
      t.clock.advance(wait - 1000);
      expect((await login(r.email, 'Zlehaslo123!')).statusCode).toBe(423);
      expect((await throttleOf(r.id))[0]!.failures).toBe(row!.failures);
      t.clock.advance(1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 15, 15]);
    // Once the wait is over the right password works, and clears the pair.
    expect((await login(r.email, r.password)).statusCode).toBe(200);
    expect(await throttleOf(r.id)).toHaveLength(0);
  });

  it('forgets a pair whose last failure is a day old', async () => {
    const r = await registerVerified();
    for (let i = 1; i <= FREE_FAILURES; i += 1) await login(r.email, 'Zlehaslo123!');
    t.clock.advance(LOGIN_THROTTLE.memoryMs + 1000);
    expect((await login(r.email, 'Zlehaslo123!')).json().code).toBe('auth.invalid_credentials');
    expect((await throttleOf(r.id))[0]!.failures).toBe(1);
  });

  it('mails the owner once a day when wrong passwords pile up, from any addresses', async () => {
    const r = await registerVerified();
    const alerts = async () =>
      (await mailsTo(r.email)).filter((m) => m.subject.startsWith('Nieudane próby logowania'));
    // Spread over addresses so none of them is slowed down: the account's total counts.
    for (let i = 1; i < FAILED_LOGIN_ALERT_AFTER; i += 1) {
      from(`198.51.100.${i}`);
      await login(r.email, 'Zlehaslo123!');
    }
    expect(await alerts()).toHaveLength(0);
    from('198.51.100.200');
    await login(r.email, 'Zlehaslo123!');
    const [alert] = await alerts();
    expect(alert).toBeDefined();
    expect(alert!.locale).toBe('pl');
    expect(linksIn(alert!.html)).toEqual(
      expect.arrayContaining([
        'http://localhost:3000/auth/forgot-password',
        'http://localhost:3000/auth/login',
      ]),
    );

    // More failures the same day send nothing more; the next day they may send one again.
    for (let i = 0; i < FAILED_LOGIN_ALERT_AFTER; i += 1) await login(r.email, 'Zlehaslo123!');
    expect(await alerts()).toHaveLength(1);
    t.clock.advance(FAILED_LOGIN_ALERT_INTERVAL_MS + 1000);
    for (let i = 1; i <= FAILED_LOGIN_ALERT_AFTER; i += 1) {
      from(`203.0.113.${i}`);
      await login(r.email, 'Zlehaslo123!');
    }
    expect(await alerts()).toHaveLength(2);
  });

  it("writes the failed-login mail in the owner's language", async () => {
    const r = await registerVerified();
    await t.db.update(users).set({ locale: 'en' }).where(eq(users.id, r.id));
    for (let i = 1; i <= FAILED_LOGIN_ALERT_AFTER; i += 1) {
      from(`198.18.0.${i}`);
      await login(r.email, 'Zlehaslo123!');
    }
    const alert = (await mailsTo(r.email)).find(
      (m) => m.subject === 'Failed login attempts on your Substytut account',
    );
    expect(alert!.locale).toBe('en');
    expect(linksIn(alert!.html)).toContain('http://localhost:3000/en/auth/forgot-password');
  });

  it('restarts the count of the pair after a successful login', async () => {
    const r = await registerVerified();
    for (let i = 1; i <= FREE_FAILURES; i += 1) await login(r.email, 'Zlehaslo123!');
    expect((await login(r.email, r.password)).statusCode).toBe(200);
    for (let i = 1; i <= FREE_FAILURES; i += 1) {
      expect((await login(r.email, 'Zlehaslo123!')).statusCode).toBe(400);
    }
  });

  it('refuses bad input with the form keys', async () => {
    const res = await post('/api/login', { email: 'nope', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'errors.emailInvalid',
      password: 'form.auth.passwordTooltip',
    });
    const long = await post('/api/login', { email: newEmail(), password: 'x'.repeat(129) });
    expect(long.json().errors).toEqual({ password: 'validation.passwordMax' });
    const types = await post('/api/login', { email: ['a@b.pl'], password: { a: 1 } });
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('is rate limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await login(newEmail('spray'), 'Zlehaslo123!')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /api/logout and GET /api/me', () => {
  it('revokes the token of this session only', async () => {
    const r = await registerVerified();
    const other = (await login(r.email, r.password)).json().data.token as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      remoteAddress: ip,
      headers: { authorization: `Bearer ${r.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true, message: 'Wylogowano' } });
    expect((await me(r.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(r.token)));
    expect(rows).toHaveLength(0);
  });

  it('answers 401 without a valid token', async () => {
    expect((await post('/api/logout')).statusCode).toBe(401);
    const noToken = await t.app.inject({ url: '/api/me' });
    expect(noToken.statusCode).toBe(401);
    expect((await me('forged')).json().code).toBe('auth.session_expired');
  });

  it('answers the user with the role', async () => {
    const admin = await t.seed.session({ role: 'admin', name: 'Ada Admin' });
    const res = await me(admin.token);
    expect(res.json()).toEqual({
      data: {
        id: admin.user.id,
        email: admin.user.email,
        name: 'Ada Admin',
        role: 'admin',
        email_verified_at: admin.user.emailVerifiedAt!.toISOString(),
      },
    });
  });
});

describe('POST /api/login/forget and /api/login/resetpassword', () => {
  async function requestReset(email: string, headers: Record<string, string> = {}) {
    const res = await post('/api/login/forget', { email }, headers);
    expect(res.statusCode).toBe(200);
    // The account's work (link, mail) runs after the answer has left.
    await t.app.background.idle();
    return res;
  }

  async function resetLinkFor(email: string) {
    await t.app.background.idle();
    const mails = (await mailsTo(email)).filter(
      (m) => m.subject.includes('hasła') || m.subject.includes('password'),
    );
    const link = linksIn(mails.at(-1)!.html).find((l) => l.includes('/auth/reset/'))!;
    const url = new URL(link);
    return {
      link,
      token: decodeURIComponent(url.pathname.split('/').at(-1)!),
      email: url.searchParams.get('email')!,
    };
  }

  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const r = await registerVerified();
    const known = await requestReset(r.email.toUpperCase());
    const unknownEmail = newEmail('nobody');
    const unknown = await requestReset(unknownEmail);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({
      data: {
        success: true,
        message: 'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do zmiany hasła.',
      },
    });
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(await mailsTo(unknownEmail)).toHaveLength(0);

    const { link, token, email } = await resetLinkFor(r.email);
    expect(link).toBe(`http://localhost:3000/auth/reset/${token}?email=${encodeURIComponent(r.email)}`);
    expect(email).toBe(r.email);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, r.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(PASSWORD_RESET_TTL_MS);
    const [mail] = (await mailsTo(r.email)).filter((m) => m.subject.startsWith('Zmiana hasła'));
    expect(mail!.text).toContain(link);

    // A second request right away sends nothing new.
    await requestReset(r.email);
    expect((await mailsTo(r.email)).filter((m) => m.subject.startsWith('Zmiana hasła'))).toHaveLength(1);
  });

  it('mails in English under /en when asked in English', async () => {
    const r = await registerVerified();
    await requestReset(r.email, { 'accept-language': 'pl' });
    t.clock.advance(60_000);
    await post('/api/login/forget', { email: r.email, locale: 'en' });
    const { link } = await resetLinkFor(r.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/en\/auth\/reset\//);
  });

  it('sets the new password once, signs every session out and frees every slowed-down address', async () => {
    const r = await registerVerified();
    const second = (await login(r.email, r.password)).json().data.token as string;
    const guesser = ip;
    for (let i = 0; i < LOGIN_THROTTLE.delayFromFailure; i += 1) await login(r.email, 'Zlehaslo123!');
    expect((await login(r.email, r.password)).statusCode).toBe(423);
    ip = '192.0.2.99';
    for (let i = 0; i < LOGIN_THROTTLE.delayFromFailure; i += 1) await login(r.email, 'Zlehaslo123!');
    ip = guesser;

    await requestReset(r.email);
    const { token, email } = await resetLinkFor(r.email);
    const payload = { token, email, password: 'NoweHaslo1!', password_confirmation: 'NoweHaslo1!' };
    const res = await post('/api/login/resetpassword', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { success: true, message: 'Hasło zostało zmienione. Możesz się teraz zalogować.' },
    });

    expect((await me(r.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect(await t.db.select().from(loginThrottles).where(eq(loginThrottles.userId, r.id))).toHaveLength(0);
    expect((await login(r.email, r.password)).json().code).toBe('auth.invalid_credentials');
    expect((await login(r.email, 'NoweHaslo1!')).statusCode).toBe(200);

    const reused = await post('/api/login/resetpassword', {
      ...payload,
      password: 'Trzecie-Haslo-42!',
      password_confirmation: 'Trzecie-Haslo-42!',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('auth.reset_invalid');
    expect((await login(r.email, 'NoweHaslo1!')).statusCode).toBe(200);
  });

  it('refuses a guessable new password and keeps the link usable (issue 19, finding 5)', async () => {
    const r = await registerVerified();
    await requestReset(r.email);
    const { token, email } = await resetLinkFor(r.email);
    const weak = await post('/api/login/resetpassword', {
      token,
      email,
      password: '12345678',
      password_confirmation: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'validation.failed',
      errors: { password: 'validation.passwordWeak' },
    });
    expect((await login(r.email, '12345678')).json().code).toBe('auth.invalid_credentials');

    const strong = 'Kolorowy-Rower-Nad-Wisłą';
    const res = await post('/api/login/resetpassword', {
      token,
      email,
      password: strong,
      password_confirmation: strong,
    });
    expect(res.statusCode).toBe(200);
    expect((await login(r.email, strong)).statusCode).toBe(200);
  });

  it('refuses forged and expired tokens, and a token used with another e-mail', async () => {
    const r = await registerVerified();
    const other = await registerVerified();
    await requestReset(r.email);
    const { token } = await resetLinkFor(r.email);
    const body = (extra: Record<string, string>) => ({
      token,
      email: r.email,
      password: 'NoweHaslo1!',
      password_confirmation: 'NoweHaslo1!',
      ...extra,
    });
    for (const attempt of [body({ token: 'forged-token' }), body({ email: other.email })]) {
      const res = await post('/api/login/resetpassword', attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('auth.reset_invalid');
    }
    expect((await login(other.email, other.password)).statusCode).toBe(200);

    t.clock.advance(PASSWORD_RESET_TTL_MS + 1000);
    const expired = await post('/api/login/resetpassword', body({}));
    expect(expired.json().code).toBe('auth.reset_invalid');
    expect((await login(r.email, r.password)).statusCode).toBe(200);
  });

  it('checks the password, its confirmation and the fields', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {},
        {
          token: 'errors.fieldRequired',
          email: 'validation.email',
          password: 'errors.fieldRequired',
          password_confirmation: 'errors.fieldRequired',
        },
      ],
      [
        { token: 't', email: 'a@b.pl', password: 'short', password_confirmation: 'short' },
        { password: 'form.passwordTooltip' },
      ],
      [
        { token: 't', email: 'a@b.pl', password: 'NoweHaslo1!', password_confirmation: 'Inne1234!' },
        { password_confirmation: 'validation.passwordsMismatch' },
      ],
      [
        { token: 't', email: 'a@b.pl', password: 'y'.repeat(129), password_confirmation: 'y'.repeat(129) },
        { password: 'validation.passwordMax' },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await post('/api/login/resetpassword', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await post('/api/login/forget', { email: 'nope' })).json().errors).toEqual({
      email: 'validation.email',
    });
  });

  it('verifies the address of an account that never clicked its verification link', async () => {
    const r = await registerUser();
    await requestReset(r.email);
    const { token } = await resetLinkFor(r.email);
    await post('/api/login/resetpassword', {
      token,
      email: r.email,
      password: 'NoweHaslo1!',
      password_confirmation: 'NoweHaslo1!',
    });
    expect((await login(r.email, 'NoweHaslo1!')).statusCode).toBe(200);
  });

  it('rate limits reset requests per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await post('/api/login/forget', { email: newEmail() })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

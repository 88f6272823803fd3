import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';

const CLIENT_ID = 'substytut-test.apps.googleusercontent.com';

/** A stand-in for Google's key endpoint, serving a key set made by this test. */
async function startJwksServer(jwks: { keys: JWK[] }) {
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(jwks));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let disabled: TestApp;
let sandbox: TestApp;
let jwks: Awaited<ReturnType<typeof startJwksServer>>;
let googleKey: CryptoKey;
let otherKey: CryptoKey;
let csrf: Record<string, string>;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwks = await startJwksServer({ keys: [publicJwk] });
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url } });
  // Production without GOOGLE_CLIENT_ID: no Google sign-in at all (the sandbox never runs there).
  disabled = await createTestApp({ env: { NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true' } });
  sandbox = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(async () => {
  await t?.close();
  await disabled?.close();
  await sandbox?.close();
  await jwks?.close();
});

interface TokenOptions {
  claims?: Record<string, unknown>;
  issuer?: string;
  audience?: string;
  key?: CryptoKey;
  kid?: string;
  expiresAt?: Date;
}

let counter = 0;
async function idToken(email: string, options: TokenOptions = {}) {
  const now = t.clock.now();
  counter += 1;
  return new SignJWT({ email, email_verified: true, name: 'Anna Nowak', ...options.claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(`google-${counter}`)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor((options.expiresAt ?? new Date(now.getTime() + 3600_000)).getTime() / 1000))
    .sign(options.key ?? googleKey);
}

const googleLogin = (app: TestApp, token: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/login/google',
    headers: { ...csrf, ...headers },
    payload: { token },
  });

describe('POST /api/login/google', () => {
  it('creates a verified account on first sign-in and finds it afterwards', async () => {
    const email = `anna-${Date.now()}@gmail.com`;
    const first = await googleLogin(t, await idToken(email.toUpperCase()));
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json().data;
    expect(body).toMatchObject({
      token: expect.any(String),
      user: { email, name: 'Anna Nowak', role: 'user', email_verified_at: expect.any(String) },
      message: 'Zalogowano pomyślnie',
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ passwordHash: null, locale: 'pl' });

    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().data.id).toBe(row!.id);

    const again = await googleLogin(t, await idToken(email, { issuer: 'accounts.google.com' }), {
      'accept-language': 'en',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(row!.id);
    expect(again.json().data.message).toBe('Logged in successfully');
  });

  it('signs in an existing password account without touching its password', async () => {
    const user = await t.seed.user({ password: 'Haslo-Testowe-42!' });
    const res = await googleLogin(t, await idToken(user.email));
    expect(res.json().data.user.id).toBe(user.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it('takes over an unverified registration only by dropping its unproven password', async () => {
    const squatter = await t.seed.user({ password: 'Squatter1!', verified: false });
    const res = await googleLogin(t, await idToken(squatter.email));
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, squatter.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.passwordHash).toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: csrf,
      payload: { email: squatter.email, password: 'Squatter1!' },
    });
    expect(login.json().code).toBe('auth.invalid_credentials');
  });

  it('refuses forged, foreign, expired and unverified tokens', async () => {
    const email = `mallory-${Date.now()}@gmail.com`;
    const now = t.clock.now();
    const bad: [string, unknown][] = [
      ['signed by another key', await idToken(email, { key: otherKey })],
      ['unknown key id', await idToken(email, { key: otherKey, kid: 'other' })],
      ['other audience', await idToken(email, { audience: 'someone-else.apps.googleusercontent.com' })],
      ['other issuer', await idToken(email, { issuer: 'https://evil.example.com' })],
      ['expired', await idToken(email, { expiresAt: new Date(now.getTime() - 60_000) })],
      ['unverified e-mail', await idToken(email, { claims: { email_verified: false } })],
      ['no e-mail', await idToken('', { claims: { email: undefined } })],
      ['garbage', 'not.a.jwt'],
    ];
    for (const [label, token] of bad) {
      const res = await googleLogin(t, token);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({
        code: 'auth.google_invalid',
        message: 'Błąd logowania przez Google',
      });
    }
    // A token with the payload of a good one but a tampered body fails the signature.
    const good = await idToken(email);
    const [header, , signature] = good.split('.');
    const payload = Buffer.from(
      JSON.stringify({ email: 'admin@substytut.local', email_verified: true }),
    ).toString('base64url');
    expect((await googleLogin(t, `${header}.${payload}.${signature}`)).statusCode).toBe(400);

    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await googleLogin(t, '')).json().code).toBe('validation.failed');
  });

  it('is unavailable when GOOGLE_CLIENT_ID is unset', async () => {
    const headers = await csrfHeaders(disabled.app);
    const res = await disabled.app.inject({
      method: 'POST',
      url: '/api/login/google',
      headers,
      payload: { token: await idToken('x@gmail.com') },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('auth.google_disabled');
  });
});

describe('the Google sign-in sandbox (no GOOGLE_CLIENT_ID, outside production)', () => {
  const sandboxToken = async (app: TestApp, body: unknown) =>
    app.app.inject({
      method: 'POST',
      url: '/api/sandbox/google/token',
      headers: await csrfHeaders(app.app),
      payload: body as object,
    });

  it('signs in with the token it issues, through the same account code as Google', async () => {
    const email = `sandbox-${Date.now()}@gmail.com`;
    const issued = await sandboxToken(sandbox, { email: email.toUpperCase(), name: 'Ewa Sandbox' });
    expect(issued.statusCode, issued.body).toBe(200);
    const { credential } = issued.json().data as { credential: string };

    const headers = await csrfHeaders(sandbox.app);
    const login = (token: string) =>
      sandbox.app.inject({ method: 'POST', url: '/api/login/google', headers, payload: { token } });
    const first = await login(credential);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.user).toMatchObject({ email, name: 'Ewa Sandbox', email_verified_at: expect.any(String) });
    const again = await login((await sandboxToken(sandbox, { email })).json().data.credential);
    expect(again.json().data.user.id).toBe(first.json().data.user.id);
    expect(await sandbox.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    // Its tokens are worth nothing to a server with real Google sign-in, and forged ones nothing here.
    expect((await googleLogin(t, credential)).json().code).toBe('auth.google_invalid');
    expect((await login(await idToken(email))).json().code).toBe('auth.google_invalid');

    const config = await sandbox.app.inject({ url: '/api/config/public' });
    expect(config.json().data.sandbox).toMatchObject({ active: true, googleSignIn: true });
  });

  it('never signs in to an administrator account (administrators use their password)', async () => {
    const admin = await sandbox.seed.user({ role: 'admin', password: 'Admin123!' });
    const issued = await sandboxToken(sandbox, { email: admin.email });
    const res = await sandbox.app.inject({
      method: 'POST',
      url: '/api/login/google',
      headers: { ...(await csrfHeaders(sandbox.app)), 'accept-language': 'en' },
      payload: { token: issued.json().data.credential },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'auth.google_sandbox_admin',
      message:
        'Administrators sign in with their password. The test Google sign-in does not open an administrator account',
      errors: {},
    });
    const [row] = await sandbox.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.passwordHash).toBe(admin.passwordHash);

    // Real Google sign-in proves the mailbox, so it still opens the administrator's account.
    const real = await t.seed.user({ role: 'admin' });
    expect((await googleLogin(t, await idToken(real.email))).statusCode).toBe(200);
  });

  it('issues tokens only to requests from this machine; others get the ordinary 404', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const ask = (app: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> }) =>
        csrfHeaders(app.app).then((csrfHeader) =>
          app.app.inject({
            method: 'POST',
            url: '/api/sandbox/google/token',
            remoteAddress: options.remoteAddress ?? '127.0.0.1',
            headers: { ...csrfHeader, ...options.headers },
            payload: { email: 'admin@substytut.local' },
          }),
        );
      const unknownRoute = await sandbox.app.inject({ method: 'POST', url: '/api/sandbox/google/nothing' });
      const refused = [
        await ask(sandbox, { remoteAddress: '203.0.113.7' }),
        await ask(sandbox, { remoteAddress: '::ffff:192.168.1.20' }),
        // A reverse proxy on this host: the socket is loopback, the forwarded client is not.
        await ask(sandbox, { headers: { 'x-forwarded-for': '203.0.113.7' } }),
        await ask(proxied, { headers: { 'x-forwarded-for': '203.0.113.7' } }),
        await ask(proxied, { headers: { forwarded: 'for=203.0.113.7;proto=https' } }),
        await ask(sandbox, { headers: { 'x-real-ip': '203.0.113.7' } }),
        // A client's own X-Forwarded-For cannot vouch for it, directly or through the proxy.
        await ask(proxied, { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } }),
        await ask(proxied, { headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' } }),
        await ask(sandbox, { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } }),
      ];
      for (const [i, res] of refused.entries()) {
        expect(res.statusCode, `attempt ${i}`).toBe(404);
        expect(res.json(), `attempt ${i}`).toEqual(unknownRoute.json());
      }
      for (const ok of [
        await ask(sandbox, {}),
        await ask(sandbox, { remoteAddress: '::1' }),
        await ask(proxied, { headers: { 'x-forwarded-for': '127.0.0.1' } }),
      ]) {
        expect(ok.statusCode, ok.body).toBe(200);
      }
    } finally {
      await proxied.close();
    }
  });

  it('refuses a bad address and leaves no account behind', async () => {
    const res = await sandboxToken(sandbox, { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation.failed');
  });

  it('does not exist with real Google sign-in or in production', async () => {
    for (const app of [t, disabled]) {
      const res = await sandboxToken(app, { email: 'anna@gmail.com' });
      expect(res.statusCode).toBe(404);
      const config = await app.app.inject({ url: '/api/config/public' });
      expect(config.json().data.sandbox.googleSignIn).toBe(false);
    }
  });
});

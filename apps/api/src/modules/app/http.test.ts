import { Writable } from 'node:stream';
import { deflateSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import type { ApiErrorCode } from './error-codes.ts';
import { badRequest, conflict } from './errors.ts';
import { ok } from './http.ts';
import { rateLimit } from './rate-limit.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

// Routes that exercise the shared machinery the way feature modules will use it.
async function exampleRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({
          email: z.email({ message: 'validation.email' }),
          password: z.string().min(8, { message: 'validation.password' }),
          age: z.number().optional(),
          nested: z.object({ city: z.string().min(2) }).optional(),
        }),
      },
    },
    async (request) => ok({ email: request.body.email }),
  );
  typed.post('/api/test/webhook', { config: { csrf: false } }, async () => ok({ received: true }));
  typed.get('/api/test/boom', async () => {
    throw new Error('secret internal detail at /srv/app/db.ts:42');
  });
  typed.get('/api/test/taken', async () => {
    throw conflict('auth.email_taken', undefined, { email: 'validation.emailTaken' });
  });
  typed.get('/api/test/custom', async () => {
    // Not a real code: the custom message is what this checks, whatever the code.
    throw badRequest('offers.invalid' as ApiErrorCode, 'Własny komunikat');
  });
  typed.get('/api/test/limited', { config: { ...rateLimit(2, '1 minute') } }, async () => ok(true));
  typed.post('/api/test/log', async (request) => {
    request.log.info({ headers: request.headers, body: request.body }, 'logged request');
    return ok(true);
  });
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ plugins: [exampleRoutes], env: { LOG_LEVEL: 'info' }, logStream });
});
afterAll(async () => {
  await t?.close();
});

describe('health and public config', () => {
  it('reports ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok' } });
  });

  it('exposes the public configuration with sandbox flags', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        bookingUrl: 'https://calendly.com/substytut/demo',
        supportEmail: 'kontakt@substytut.pl',
        googleClientId: null,
        turnstileSiteKey: null,
        sandbox: {
          active: true,
          payments: true,
          companyLookup: true,
          botCheck: true,
          mail: true,
          googleSignIn: true,
          licenceRegister: true,
          ksef: true,
        },
      },
    });
  });
});

describe('csrf', () => {
  const body = { email: 'a@example.com', password: 'long-enough' };

  it('sets a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie?.httpOnly).toBeUndefined();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeUndefined();
  });

  it('refuses an unsafe request without the header', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: body });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf.mismatch', errors: {} });
  });

  it('refuses a header that does not match the cookie', async () => {
    const { cookie } = await csrfHeaders(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie, 'x-xsrf-token': 'forged' },
      payload: body,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf.mismatch');
  });

  it('accepts a matching cookie and header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: await csrfHeaders(t.app),
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { email: 'a@example.com' } });
  });

  it('skips the check for bearer-token calls and opted-out routes', async () => {
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { authorization: 'Bearer abc' },
      payload: body,
    });
    expect(bearer.statusCode).toBe(200);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/test/webhook', payload: {} });
    expect(webhook.statusCode).toBe(200);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://substytut.example' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
      expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
      expect(response.headers['strict-transport-security']).toBeDefined();
    } finally {
      await secure.close();
    }
  });
});

describe('error shapes', () => {
  const bearer = { authorization: 'Bearer abc' };

  it('maps validation failures to field i18n keys', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: bearer,
      payload: { email: 'nope', password: 'short', age: 'x', nested: { city: '' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Popraw zaznaczone pola',
      code: 'validation.failed',
      errors: {
        email: 'validation.email',
        password: 'validation.password',
        age: 'validation.invalid',
        'nested.city': 'validation.invalid',
      },
    });
  });

  it('answers in English when the client prefers it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer, 'accept-language': 'en-GB,en;q=0.9,pl;q=0.5' },
      payload: {},
    });
    expect(response.json().message).toBe('Please correct the highlighted fields');
  });

  it('rejects malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'request.malformed_json', errors: {} });
  });

  it('rejects an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer, 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('request.unsupported_media_type');
  });

  it('refuses a compressed body with 415 in both languages, before reading it (decision 076)', async () => {
    const body = gzipSync(JSON.stringify({ email: 'a@example.com', password: 'long enough' }));
    const polish = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(polish.statusCode).toBe(415);
    expect(polish.json()).toEqual({
      code: 'request.compressed_body',
      message: 'Serwer nie przyjmuje skompresowanej treści żądania. Wyślij ją bez kompresji (bez nagłówka Content-Encoding)',
      errors: {},
    });
    expect(polish.headers['x-request-id']).toBeTruthy();
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer, 'content-type': 'application/json', 'content-encoding': 'deflate', 'accept-language': 'en' },
      payload: deflateSync('{}'),
    });
    expect(english.statusCode).toBe(415);
    expect(english.json().message).toBe(
      'The server does not accept a compressed request body. Send it uncompressed (without a Content-Encoding header)',
    );
    // An uncompressed body said to be so is read as usual.
    const identity = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer, 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: { email: 'a@example.com', password: 'long enough' },
    });
    expect(identity.statusCode).toBe(200);
  });

  it('rejects a body over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'request.too_large',
      message: 'Przesłane dane są zbyt duże',
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'Nie znaleziono', code: 'route.not_found', errors: {} });
    }
  });

  it('hides the details of unexpected errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Wystąpił błąd. Spróbuj ponownie później',
      code: 'internal',
      errors: {},
    });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('db.ts');
    const english = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe('Internal error');
  });

  it('maps typed errors to their status, code and field errors', async () => {
    const taken = await t.app.inject({ method: 'GET', url: '/api/test/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'auth.email_taken',
      errors: { email: 'validation.emailTaken' },
    });
    const custom = await t.app.inject({ method: 'GET', url: '/api/test/custom' });
    expect(custom.statusCode).toBe(400);
    expect(custom.json()).toEqual({ message: 'Własny komunikat', code: 'offers.invalid', errors: {} });
  });

  it('limits requests per IP on routes that opt in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/test/limited', remoteAddress: '10.9.9.9' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/test/limited',
      remoteAddress: '10.9.9.9',
    });
    expect(limited.json().code).toBe('errors.too_many_requests');
    expect(limited.headers['retry-after']).toBeDefined();
    const otherClient = await t.app.inject({
      method: 'GET',
      url: '/api/test/limited',
      remoteAddress: '10.9.9.10',
    });
    expect(otherClient.statusCode).toBe(200);
    // Routes without the option are not limited.
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' })).statusCode,
      ).toBe(200);
    }
  });
});

describe('headers and logs', () => {
  it('sets security headers and a CSP limited to self', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('stripe');
    expect(csp).not.toContain('accounts.google.com');
    expect(csp).not.toContain('upgrade-insecure-requests');
    // Plain-http localhost must not be pinned to https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sets the same security headers on errors: 404, a refused request, a thrown error', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const errors = [
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await t.app.inject({ method: 'POST', url: '/api/public/nip', payload: { nip: '1' } }),
    ];
    expect(errors.map((r) => r.statusCode)).toEqual([404, 403]);
    for (const response of errors) {
      for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']) {
        expect(response.headers[name]).toBe(health.headers[name]);
      }
    }
  });

  it('adds a unique request id to every response, errors included', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/nope' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('redacts credentials from logs', async () => {
    logLines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/test/log',
      headers: { authorization: 'Bearer very-secret-token', cookie: 'XSRF-TOKEN=cookie-secret' },
      payload: { password: 'hunter2-password', token: 'reset-secret', email: 'visible@example.com' },
    });
    const output = logLines.join('');
    expect(output).toContain('logged request');
    expect(output).toContain('visible@example.com');
    for (const secret of ['very-secret-token', 'cookie-secret', 'hunter2-password', 'reset-secret']) {
      expect(output).not.toContain(secret);
    }
  });
});

describe('optional providers', () => {
  it('allows the configured providers in the CSP', async () => {
    const withProviders = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
        TURNSTILE_SITE_KEY: 'site',
      },
    });
    try {
      const response = await withProviders.app.inject({ method: 'GET', url: '/api/config/public' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/checkout\.stripe\.com/);
      expect(csp).toMatch(/script-src [^;]*https:\/\/accounts\.google\.com/);
      expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
      expect(response.json().data).toMatchObject({
        googleClientId: 'client.apps.googleusercontent.com',
        turnstileSiteKey: 'site',
        sandbox: { payments: false, botCheck: true },
      });
    } finally {
      await withProviders.close();
    }
  });
});

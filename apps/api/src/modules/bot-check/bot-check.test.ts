import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { createBotCheck, createLocalBotCheck, createTurnstileBotCheck } from './bot-check.ts';

const SECRET = 'turnstile-test-secret';

type Mode = 'json' | 'http-500' | 'not-json';

/** A fake siteverify on loopback: accepts the response 'human-token' for SECRET, records every call. */
async function startFakeTurnstile() {
  const calls: Record<string, string>[] = [];
  let mode: Mode = 'json';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      calls.push({ ...form, method: req.method ?? '', contentType: req.headers['content-type'] ?? '' });
      if (mode === 'http-500') {
        res.writeHead(500).end('oops');
        return;
      }
      if (mode === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
        return;
      }
      const success = form.secret === SECRET && form.response === 'human-token';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify(
            success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    calls,
    setMode: (m: Mode) => {
      mode = m;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: Awaited<ReturnType<typeof startFakeTurnstile>>;
beforeAll(async () => {
  fake = await startFakeTurnstile();
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.setMode('json');
  fake.calls.length = 0;
});

describe('embedded bot check', () => {
  it('accepts exactly the literal "local"', async () => {
    const check = createLocalBotCheck();
    expect(await check.verify('local')).toBe(true);
    for (const value of ['', 'LOCAL', 'local ', 'human-token']) expect(await check.verify(value)).toBe(false);
  });

  it('is chosen when no secret is set', () => {
    expect(createBotCheck({ turnstileSecret: null, turnstileVerifyUrl: fake.url }).kind).toBe('local');
    expect(createBotCheck({ turnstileSecret: SECRET, turnstileVerifyUrl: fake.url }).kind).toBe('turnstile');
  });
});

describe('Cloudflare Turnstile adapter', () => {
  it('posts secret, response and remote address as a form and trusts only success: true', async () => {
    const check = createTurnstileBotCheck(SECRET, fake.url);
    expect(await check.verify('human-token', '203.0.113.7')).toBe(true);
    expect(fake.calls[0]).toEqual({
      secret: SECRET,
      response: 'human-token',
      remoteip: '203.0.113.7',
      method: 'POST',
      contentType: expect.stringContaining('application/x-www-form-urlencoded'),
    });
    expect(await check.verify('bot-token', '203.0.113.7')).toBe(false);
    expect(await check.verify('local')).toBe(false);
  });

  it('refuses when the service fails, answers nonsense or cannot be reached', async () => {
    const check = createTurnstileBotCheck(SECRET, fake.url);
    fake.setMode('http-500');
    expect(await check.verify('human-token')).toBe(false);
    fake.setMode('not-json');
    expect(await check.verify('human-token')).toBe(false);

    const closed = await startFakeTurnstile();
    await closed.close();
    expect(await createTurnstileBotCheck(SECRET, closed.url).verify('human-token')).toBe(false);
    // An empty token never reaches the service.
    fake.setMode('json');
    fake.calls.length = 0;
    expect(await check.verify('')).toBe(false);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('the account forms with Turnstile configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TURNSTILE_SECRET: SECRET, TURNSTILE_VERIFY_URL: fake.url } });
  });
  afterAll(async () => t?.close());

  it('register and login pass the visitor address and refuse a failed check', async () => {
    const csrf = await csrfHeaders(t.app);
    const email = `turnstile-${Date.now()}@example.com`;
    const register = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '198.51.100.23',
        headers: csrf,
        payload: { email, password: 'Haslo-Testowe-42!', terms: true, 'cf-turnstile-response': token },
      });

    const refused = await register('local');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'auth.bot_check_failed' });

    const accepted = await register('human-token');
    expect(accepted.statusCode).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({ remoteip: '198.51.100.23', response: 'human-token' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: csrf,
      payload: { email, password: 'Haslo-Testowe-42!', 'cf-turnstile-response': 'bot-token' },
    });
    expect(login.json().code).toBe('auth.bot_check_failed');
  });
});

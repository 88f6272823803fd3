import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { createTestClock } from '../../../test/test-clock.ts';
import { createMovableSystemClock, isMovable, systemClock } from './clock.ts';

/**
 * POST /api/dev/clock (the browser journeys move past a hearing's start instead of waiting for it):
 * outside production, from this machine only; production has no such route and a clock that
 * cannot move.
 */

const START = '2026-03-02T08:00:00.000Z';
let dev: TestApp;
let production: TestApp;
let csrf: Record<string, string>;
let productionCsrf: Record<string, string>;

beforeAll(async () => {
  dev = await createTestApp({ clock: createTestClock(START) });
  production = await createTestApp({
    clock: createTestClock(START),
    env: { NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true' },
  });
  csrf = await csrfHeaders(dev.app);
  productionCsrf = await csrfHeaders(production.app);
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
});

const move = (t: TestApp, body: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/clock',
    payload: body as object,
    remoteAddress,
    headers: { ...(t === production ? productionCsrf : csrf), ...headers },
  });

describe('POST /api/dev/clock', () => {
  it('moves the app’s clock forward from this machine outside production', async () => {
    const before = dev.app.clock.now().getTime();
    const res = await move(dev, { minutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(dev.app.clock.now().getTime()).toBe(before + 15 * 60_000);
    expect(res.json()).toEqual({ data: { now: new Date(before + 15 * 60_000).toISOString() } });
    const read = await dev.app.inject({ method: 'GET', url: '/api/dev/clock', remoteAddress: '127.0.0.1' });
    expect(read.json()).toEqual({ data: { now: new Date(before + 15 * 60_000).toISOString() } });
  });

  it('refuses another machine (also behind a local proxy) with the ordinary 404, and the clock stays', async () => {
    const before = dev.app.clock.now().getTime();
    expect((await move(dev, { minutes: 15 }, '203.0.113.9')).statusCode).toBe(404);
    expect((await move(dev, { minutes: 15 }, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await dev.app.inject({ method: 'GET', url: '/api/dev/clock', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect(dev.app.clock.now().getTime()).toBe(before);
  });

  it('refuses a move back, nothing, or more than a day, and the clock stays', async () => {
    const before = dev.app.clock.now().getTime();
    for (const body of [{ minutes: -5 }, { minutes: 0 }, { minutes: 1.5 }, { minutes: 24 * 60 + 1 }, {}, { minutes: '5' }]) {
      const res = await move(dev, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(dev.app.clock.now().getTime()).toBe(before);
  });

  it('does not exist in production, even from this machine', async () => {
    const before = production.app.clock.now().getTime();
    const res = await move(production, { minutes: 15 });
    expect(res.statusCode).toBe(404);
    expect((await production.app.inject({ method: 'GET', url: '/api/dev/clock', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect(production.app.clock.now().getTime()).toBe(before);
  });
});

describe('the clocks', () => {
  it('production’s system clock cannot be moved; the one outside production only forward', () => {
    expect(isMovable(systemClock)).toBe(false);
    const clock = createMovableSystemClock();
    expect(isMovable(clock)).toBe(true);
    const before = clock.now().getTime();
    clock.advance(60 * 60_000);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(60 * 60_000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(0)).toThrow(RangeError);
  });
});

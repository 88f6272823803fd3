import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rateLimitCounters } from '../../db/schema.ts';
import { buildApp } from '../../composition/build-app.ts';
import { loadConfig } from './config.ts';
import { rateLimit } from './rate-limit.ts';

const limitedRoutes = async (app: FastifyInstance) => {
  app.get('/api/test/limited', { config: rateLimit(3, '1 minute') }, async () => ({ data: 'ok' }));
  app.get('/api/test/brief', { config: rateLimit(1, 300) }, async () => ({ data: 'ok' }));
};

let first: TestApp;
const others: FastifyInstance[] = [];

/** Another instance of the app on the same database, as a second server behind a balancer. */
async function anotherInstance(): Promise<FastifyInstance> {
  const instance = await buildApp(first.config, {
    // The first instance closes the shared database.
    database: { db: first.db, driver: 'postgres', close: async () => undefined },
    clock: first.clock,
    plugins: [limitedRoutes],
  });
  others.push(instance);
  return instance;
}

beforeAll(async () => {
  first = await createTestApp({ env: { RATE_LIMIT_STORE: 'database' }, plugins: [limitedRoutes] });
});
afterAll(async () => {
  for (const instance of others) await instance.close();
  await first?.close();
});

const hit = (app: FastifyInstance, url: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'GET', url, remoteAddress });

describe('rate limits in the database', () => {
  it('are one count for all instances on the database', async () => {
    const second = await anotherInstance();
    for (let i = 0; i < 3; i += 1) expect((await hit(first.app, '/api/test/limited')).statusCode).toBe(200);
    const refused = await hit(second, '/api/test/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('errors.too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client, and another route for the same client, count on their own.
    expect((await hit(second, '/api/test/limited', '203.0.113.8')).statusCode).toBe(200);
    expect((await hit(second, '/api/test/brief')).statusCode).toBe(200);
  });

  it('lose no hit when instances count at once', async () => {
    const second = await anotherInstance();
    const client = '198.51.100.9';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => hit(i % 2 === 0 ? first.app : second, '/api/test/limited', client)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
  });

  it('count from zero again once the window has passed', async () => {
    const second = await anotherInstance();
    const client = '198.51.100.1';
    expect((await hit(first.app, '/api/test/brief', client)).statusCode).toBe(200);
    expect((await hit(second, '/api/test/brief', client)).statusCode).toBe(429);
    // The window is 300 ms of the database's clock: ask until it has passed.
    let status = 429;
    while (status === 429) status = (await hit(second, '/api/test/brief', client)).statusCode;
    expect(status).toBe(200);
  });

  it('sweep the counts of windows that ended', async () => {
    const ended = new Date(Date.now() - 60 * 60 * 1000);
    await first.db.insert(rateLimitCounters).values({
      route: 'GET /api/test/gone',
      key: '192.0.2.1',
      hits: 5,
      windowStart: ended,
      windowEnd: ended,
    });
    // An instance sweeps on its first count.
    await hit(await anotherInstance(), '/api/test/limited', '192.0.2.2');
    const left = await first.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.route, 'GET /api/test/gone'));
    expect(left).toEqual([]);
  });
});

describe('RATE_LIMIT_STORE', () => {
  it('is the database whenever DATABASE_URL is set, and process memory on the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db.internal/substytut' }).rateLimitStore).toBe(
      'database',
    );
    expect(loadConfig({}).rateLimitStore).toBe('memory');
    expect(loadConfig({ RATE_LIMIT_STORE: 'memory', DATABASE_URL: 'postgres://a@b/c' }).rateLimitStore).toBe(
      'memory',
    );
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
  });
});

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rateLimitCounters } from '../../db/schema.ts';
import { buildApp } from '../../composition/build-app.ts';
import { loadConfig } from './config.ts';
import { flushRateLimits, heldRateLimitClients, rateLimit, UNSEEN_ALLOWANCE } from './rate-limit.ts';

const limitedRoutes = async (app: FastifyInstance) => {
  app.get('/api/test/limited', { config: rateLimit(3, '1 minute') }, async () => ({ data: 'ok' }));
  app.get('/api/test/brief', { config: rateLimit(1, 300) }, async () => ({ data: 'ok' }));
  app.get('/api/test/ten', { config: rateLimit(10, '1 minute') }, async () => ({ data: 'ok' }));
};

let first: TestApp;
const others: FastifyInstance[] = [];

/** Another instance of the app on the same database, as a second server behind a balancer. */
async function anotherInstance(config = first.config): Promise<FastifyInstance> {
  const instance = await buildApp(config, {
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

const rowOf = async (route: string, key: string) =>
  (await first.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.route, route))).find(
    (row) => row.key === key,
  );

/** Waits (up to 10 s, a loaded machine) for the instances' timed syncs to bring a count to `hits`. */
const sharedCountReaches = async (route: string, key: string, hits: number) => {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if ((await rowOf(route, key))?.hits === hits) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect((await rowOf(route, key))?.hits).toBe(hits);
};

/** Both instances have synced: the drift the shared store allows has passed (decision 031). */
const synced = async (...apps: FastifyInstance[]) => {
  for (const app of apps) await flushRateLimits(app);
};

describe('rate limits in the database', () => {
  it('are one count for all instances on the database', async () => {
    const second = await anotherInstance();
    for (let i = 0; i < 3; i += 1) expect((await hit(first.app, '/api/test/limited')).statusCode).toBe(200);
    await synced(first.app);
    // The second instance has not seen this client: the first request it gets may pass on its own
    // count (the margin of one per other instance); its sync then tells it the shared count.
    expect((await hit(second, '/api/test/limited')).statusCode).toBe(200);
    await synced(second);
    const refused = await hit(second, '/api/test/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('errors.too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await hit(first.app, '/api/test/limited')).statusCode).toBe(429);
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
    const passed = answers.filter((answer) => answer.statusCode === 200).length;
    // The limit, plus at most one for the other instance (decision 031).
    expect(passed).toBeGreaterThanOrEqual(3);
    expect(passed).toBeLessThanOrEqual(3 + UNSEEN_ALLOWANCE);
    await synced(first.app, second);
    expect((await rowOf('GET /api/test/limited', client))?.hits).toBe(8);
  });

  it('let a client alternating between two instances, in bursts and one by one, get at most its limit plus one', async () => {
    const second = await anotherInstance();
    const instances = [first.app, second];
    for (const [round, client] of ['198.51.100.20', '198.51.100.21', '198.51.100.22'].entries()) {
      let passed = 0;
      const count = (answers: { statusCode: number }[]) => {
        passed += answers.filter((answer) => answer.statusCode === 200).length;
      };
      // A burst on both at once, then requests one at a time, alternating, with pauses of up to
      // twice the sync interval (so some land before a sync and some after).
      count(
        await Promise.all(
          Array.from({ length: 4 + round }, (_, i) => hit(instances[i % 2]!, '/api/test/ten', client)),
        ),
      );
      for (let i = 0; i < 16; i += 1) {
        count([await hit(instances[(i + round) % 2]!, '/api/test/ten', client)]);
        if (i % 3 === round) await new Promise((resolve) => setTimeout(resolve, (i % 4) * 10));
      }
      count(
        await Promise.all(
          Array.from({ length: 10 }, (_, i) => hit(instances[i % 2]!, '/api/test/ten', client)),
        ),
      );
      expect(passed).toBeGreaterThanOrEqual(10);
      expect(passed).toBeLessThanOrEqual(10 + UNSEEN_ALLOWANCE);
    }
  });

  it('count from zero again once the window has passed', async () => {
    const second = await anotherInstance();
    const client = '198.51.100.1';
    expect((await hit(first.app, '/api/test/brief', client)).statusCode).toBe(200);
    await hit(second, '/api/test/brief', client);
    await synced(first.app, second);
    expect((await hit(first.app, '/api/test/brief', client)).statusCode).toBe(429);
    expect((await hit(second, '/api/test/brief', client)).statusCode).toBe(429);
    // The window is 300 ms of the database's clock: ask until it has passed.
    let status = 429;
    while (status === 429) status = (await hit(second, '/api/test/brief', client)).statusCode;
    expect(status).toBe(200);
    expect((await hit(second, '/api/test/brief', client)).statusCode).toBe(429);
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
    // An instance sweeps on its first sync.
    const instance = await anotherInstance();
    await hit(instance, '/api/test/limited', '192.0.2.2');
    await synced(instance);
    const left = await first.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.route, 'GET /api/test/gone'));
    expect(left).toEqual([]);
  });
});

describe('rate limits in the database, on one instance', () => {
  it('are exactly the limit, for requests at once and one by one, with the same headers as before', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => hit(first.app, '/api/test/limited', '198.51.100.30')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);

    const client = '198.51.100.31';
    for (let i = 0; i < 3; i += 1) {
      const passed = await hit(first.app, '/api/test/limited', client);
      expect(passed.statusCode).toBe(200);
      expect(passed.headers['x-ratelimit-limit']).toBe('3');
      expect(passed.headers['x-ratelimit-remaining']).toBe(String(2 - i));
      expect(Number(passed.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(59);
      expect(Number(passed.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const refused = await hit(first.app, '/api/test/limited', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    await synced(first.app);
    expect((await rowOf('GET /api/test/limited', client))?.hits).toBe(4);
  });

  it("keep a client's single request on the instance until the client comes back (decision 057)", async () => {
    const instance = await anotherInstance({ ...first.config, rateLimitSyncMs: 5 });
    const once = '198.51.100.60';
    const busy = '198.51.100.61';
    expect((await hit(instance, '/api/test/limited', once)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await hit(instance, '/api/test/limited', busy)).statusCode).toBe(200);
    // Some syncs later the busy client's hits are all shared (the one-off client's hit came before
    // them); the one-off client's is not: it is one of the UNSEEN_ALLOWANCE hits an instance may
    // count alone.
    await sharedCountReaches('GET /api/test/limited', busy, 3);
    expect(await rowOf('GET /api/test/limited', once)).toBeUndefined();
    // When it comes back, its first hit goes with the sync its second one waits for.
    expect((await hit(instance, '/api/test/limited', once)).statusCode).toBe(200);
    await sharedCountReaches('GET /api/test/limited', once, 2);
  });

  it("hold a one-off client as its window's end only, and a client that comes back as an entry (decision 076)", async () => {
    const instance = await anotherInstance();
    const clients = Array.from({ length: 20 }, (_, i) => `198.51.100.${110 + i}`);
    for (const client of clients) {
      const answer = await hit(instance, '/api/test/limited', client);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-ratelimit-remaining']).toBe('2');
      expect(answer.headers['x-ratelimit-reset']).toBe('60');
    }
    expect(heldRateLimitClients(instance)).toEqual({ firsts: 20, entries: 0 });
    // One comes back: an entry that holds its first hit, the same answer as before.
    const again = await hit(instance, '/api/test/limited', clients[0]);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('1');
    expect(Number(again.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(59);
    expect(heldRateLimitClients(instance)).toEqual({ firsts: 19, entries: 1 });
    await sharedCountReaches('GET /api/test/limited', clients[0]!, 2);
    expect(await rowOf('GET /api/test/limited', clients[1]!)).toBeUndefined();
    // A flush sends every first hit, as before.
    await flushRateLimits(instance);
    expect(heldRateLimitClients(instance)).toEqual({ firsts: 0, entries: 20 });
    for (const client of clients.slice(1)) expect((await rowOf('GET /api/test/limited', client))?.hits).toBe(1);
  });

  it('count a client by its address however it is written, and each IPv6 address on its own (decision 067)', async () => {
    // An IPv4 address reached as an IPv4-mapped IPv6 address is the same client.
    for (const address of ['198.51.100.70', '::ffff:198.51.100.70', '198.51.100.70'])
      expect((await hit(first.app, '/api/test/limited', address)).statusCode).toBe(200);
    expect((await hit(first.app, '/api/test/limited', '::ffff:198.51.100.70')).statusCode).toBe(429);
    // One IPv6 address written two ways is one client; its neighbour in the same /64 is another.
    for (const address of ['2001:db8:70::1', '2001:DB8:70:0:0:0:0:1', '2001:db8:70::1'])
      expect((await hit(first.app, '/api/test/limited', address)).statusCode).toBe(200);
    expect((await hit(first.app, '/api/test/limited', '2001:db8:70:0::1')).statusCode).toBe(429);
    expect((await hit(first.app, '/api/test/limited', '2001:db8:70::2')).statusCode).toBe(200);
  });

  it('reach the database when the app closes, and keep no process alive', async () => {
    // A sync interval longer than the test: only close() can send the counts.
    const closing = await anotherInstance({ ...first.config, rateLimitSyncMs: 60_000 });
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const timersBefore = timers();
    const clients = ['198.51.100.40', '198.51.100.41'];
    for (const client of clients)
      expect((await hit(closing, '/api/test/limited', client)).statusCode).toBe(200);
    // The sync is due, but its timer does not hold the process open.
    expect(timers()).toBe(timersBefore);
    for (const client of clients) expect(await rowOf('GET /api/test/limited', client)).toBeUndefined();
    await closing.close();
    for (const client of clients) expect((await rowOf('GET /api/test/limited', client))?.hits).toBe(1);
  });
  it('answer from memory while the database fails, fail only the requests that wait for it, and close', async () => {
    let attempts = 0;
    const failing = Object.create(first.db, {
      execute: {
        value: () => {
          attempts += 1;
          return Promise.reject(new Error('the database is gone'));
        },
      },
    }) as typeof first.db;
    const instance = await buildApp(
      { ...first.config, rateLimitSyncMs: 60_000 },
      {
        database: { db: failing, driver: 'postgres', close: async () => undefined },
        clock: first.clock,
        plugins: [limitedRoutes],
      },
    );
    const client = '198.51.100.50';
    expect((await hit(instance, '/api/test/limited', client)).statusCode).toBe(200);
    // The second request waits for a sync, which close() makes and which fails.
    const waiting = hit(instance, '/api/test/limited', client);
    await instance.close();
    expect((await waiting).statusCode).toBe(500);
    // Closed, it does not try again.
    const attemptsAtClose = attempts;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts).toBe(attemptsAtClose);
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

describe('RATE_LIMIT_SYNC_MS', () => {
  it('is 20 ms unless set, and a whole number of 1 to 1000 ms', () => {
    expect(loadConfig({}).rateLimitSyncMs).toBe(20);
    expect(loadConfig({ RATE_LIMIT_SYNC_MS: '50' }).rateLimitSyncMs).toBe(50);
    for (const wrong of ['0', '1001', '2.5', 'soon'])
      expect(() => loadConfig({ RATE_LIMIT_SYNC_MS: wrong })).toThrow(/RATE_LIMIT_SYNC_MS/);
  });
});

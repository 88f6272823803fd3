import rateLimitPlugin, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema.ts';
import { tooMany } from './errors.ts';

/** How often an instance deletes the counts of windows that ended (on its next count after that). */
const SWEEP_INTERVAL_MS = 60 * 1000;

type CountCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What the plugin hands `child()`: the route's merged limit options (typed as route options). */
interface ChildOptions {
  routeInfo?: { method?: unknown; url?: unknown };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * A store for @fastify/rate-limit that keeps one fixed window per route and client in the
 * database, so every instance on it counts the same requests. One INSERT … ON CONFLICT … RETURNING
 * per request both counts and reads, so two instances counting at once never lose a hit; the
 * window is measured by the database's clock, the one clock all instances share.
 */
function databaseStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  async function sweep(): Promise<void> {
    const now = Date.now();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    // A window that ended counts from zero on its next hit anyway; this only drops the rows of
    // clients that never came back.
    await db
      .delete(rateLimitCounters)
      .where(lte(rateLimitCounters.windowEnd, sql`now()`))
      .catch((err: unknown) => log.warn({ err }, 'rate limit: ended windows not swept'));
  }

  async function count(route: string, key: string, timeWindowMs: number) {
    await sweep();
    const window = sql`(${timeWindowMs} * interval '1 millisecond')`;
    const ended = sql`${rateLimitCounters.windowEnd} <= now()`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ route, key, hits: 1, windowStart: sql`now()`, windowEnd: sql`now() + ${window}` })
      .onConflictDoUpdate({
        target: [rateLimitCounters.route, rateLimitCounters.key],
        // Every expression here sees the row as it was before this statement.
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
          windowStart: sql`case when ${ended} then now() else ${rateLimitCounters.windowStart} end`,
          windowEnd: sql`case when ${ended} then now() + ${window} else ${rateLimitCounters.windowEnd} end`,
        },
      })
      .returning({
        current: rateLimitCounters.hits,
        ttl: sql<string>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.windowEnd} - now()) * 1000))`,
      });
    if (!row) throw new Error('rate limit: the count returned no row');
    return { current: row.current, ttl: Number(row.ttl) };
  }

  class DatabaseStore implements FastifyRateLimitStore {
    readonly route: string;

    constructor(_options: unknown, route = '') {
      this.route = route;
    }

    incr(key: string, callback: CountCallback, timeWindow: number): void {
      count(this.route, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const options = routeOptions as ChildOptions;
      // Only the fixed window is kept in the database; a route asking for more must not silently
      // get less.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('rate limit: the database store keeps fixed windows only');
      }
      const method = String(options.routeInfo?.method ?? '');
      const url = String(options.routeInfo?.url ?? '');
      return new DatabaseStore(undefined, `${method} ${url}`);
    }
  }
  return DatabaseStore;
}

/**
 * Registered with `global: false`: a route opts in with `config: { ...rateLimit(5, '1 minute') }`.
 * Counters are keyed by client IP (set TRUST_PROXY behind a proxy) and live in the database when
 * several instances may share it (RATE_LIMIT_STORE, by default with DATABASE_URL), else in this
 * process's memory.
 */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimitPlugin, {
    global: false,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => tooMany(),
    ...(app.config.rateLimitStore === 'database' ? { store: databaseStore(app.db, app.log) } : {}),
  });
}

export function rateLimit(max: number, timeWindow: number | string) {
  return { rateLimit: { max, timeWindow } };
}

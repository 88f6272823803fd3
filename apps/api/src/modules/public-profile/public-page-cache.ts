import { LRUCache } from 'lru-cache';

/**
 * A short-lived in-process cache for what the public lawyer page reads (spec 7): the most visited
 * endpoint, and every answer otherwise costs a PostgreSQL round trip (bench/api).
 *
 * Why it is safe:
 * - Every write in this process that can change a public page calls `publicPagesChanged()`
 *   (the profile, offer and offer-transition repositories). That moves all later reads to new
 *   keys, so this instance never serves what it has itself overwritten.
 * - Writes made by other instances, or a read that raced a still-uncommitted transaction, are
 *   visible after at most `PUBLIC_PAGE_CACHE_TTL_MS`.
 * - Nothing decided from the cache moves money: checkout re-reads the offer before it charges,
 *   and whether an offer is still payable is computed per request from the cached row and the
 *   current time.
 */
export const PUBLIC_PAGE_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 2000;

let generation = 0;

/** Call after any write that can change a public profile page or the offer shown on it. */
export function publicPagesChanged(): void {
  generation += 1;
}

interface Entry<T> {
  value: T;
}

export interface PublicPageCache<T> {
  /** The cached value of `key`, or `load()`'s; concurrent misses of one key share one load. */
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export interface PublicPageCacheOptions {
  /** milliseconds of a monotonic clock; tests pass their own */
  now?: () => number;
}

export function createPublicPageCache<T>(options: PublicPageCacheOptions = {}): PublicPageCache<T> {
  const cache = new LRUCache<string, Entry<T>, () => Promise<T>>({
    max: MAX_ENTRIES,
    ttl: PUBLIC_PAGE_CACHE_TTL_MS,
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    // Expired entries are reloaded, never served (allowStale is off by default).
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async get(key, load) {
      // The generation is part of the key: a load that started before a write is stored under a
      // key no later read asks for.
      const entry = await cache.fetch(`${generation}\u0000${key}`, { context: load });
      if (!entry) throw new Error('public page cache: the load returned nothing');
      return entry.value;
    },
  };
}

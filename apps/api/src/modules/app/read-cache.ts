import { LRUCache } from 'lru-cache';

export interface ReadCacheOptions {
  /** how long an answer is served before it is loaded again */
  ttlMs: number;
  /** entries kept at most; the least recently used go first */
  max: number;
  /** milliseconds of a monotonic clock; tests pass their own */
  now?: () => number;
}

export interface ReadCache<T> {
  /**
   * The cached value of `key`, or `load()`'s. Concurrent misses of one key share one load; a load
   * that throws is not cached.
   */
  get(key: string, load: () => Promise<T>): Promise<T>;
}

interface Entry<T> {
  value: T;
}

/** A bounded, expiring in-process cache for answers that are read far more often than written. */
export function createReadCache<T>(options: ReadCacheOptions): ReadCache<T> {
  const cache = new LRUCache<string, Entry<T>, () => Promise<T>>({
    max: options.max,
    ttl: options.ttlMs,
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    // Expired entries are loaded again, never served (allowStale is off by default).
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async get(key, load) {
      const entry = await cache.fetch(key, { context: load });
      if (!entry) throw new Error('read cache: the load returned nothing');
      return entry.value;
    },
  };
}

import { createReadCache, type ReadCache } from './read-cache.ts';

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
 * - Nothing decided from the cache moves money: checkout re-reads the offer before it charges.
 */
export const PUBLIC_PAGE_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 2000;

let generation = 0;

/** Call after any write that can change a public profile page or the offer shown on it. */
export function publicPagesChanged(): void {
  generation += 1;
}

export type PublicPageCache<T> = ReadCache<T>;

export function createPublicPageCache<T>(options: { now?: () => number } = {}): PublicPageCache<T> {
  const cache = createReadCache<T>({ ttlMs: PUBLIC_PAGE_CACHE_TTL_MS, max: MAX_ENTRIES, ...options });
  return {
    // The generation is part of the key: a load that started before a write is stored under a
    // key no later read asks for.
    get: (key, load) => cache.get(`${generation}\u0000${key}`, load),
  };
}

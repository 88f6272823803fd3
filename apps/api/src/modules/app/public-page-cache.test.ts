import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_CACHE_TTL_MS, createPublicPageCache, publicPagesChanged } from './public-page-cache.ts';

function counter() {
  let loads = 0;
  return {
    load: (value: string) => async () => {
      loads += 1;
      return value;
    },
    get loads() {
      return loads;
    },
  };
}

describe('public page cache', () => {
  it('answers repeated reads of one key from one load, and separate keys separately', async () => {
    const cache = createPublicPageCache<string>();
    const calls = counter();
    expect(await cache.get('a', calls.load('A1'))).toBe('A1');
    expect(await cache.get('a', calls.load('A2'))).toBe('A1');
    expect(await cache.get('b', calls.load('B1'))).toBe('B1');
    expect(calls.loads).toBe(2);
  });

  it('shares one load among concurrent misses of a key', async () => {
    const cache = createPublicPageCache<string>();
    const calls = counter();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', calls.load('v'))));
    expect(new Set(answers)).toEqual(new Set(['v']));
    expect(calls.loads).toBe(1);
  });

  it('loads again after a write in this process', async () => {
    const cache = createPublicPageCache<string>();
    expect(await cache.get('k', async () => 'before')).toBe('before');
    publicPagesChanged();
    expect(await cache.get('k', async () => 'after')).toBe('after');
  });

  it('does not keep a load that started before a write', async () => {
    const cache = createPublicPageCache<string>();
    let finish: (value: string) => void = () => undefined;
    const pending = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    publicPagesChanged();
    finish('read before the write');
    expect(await pending).toBe('read before the write');
    expect(await cache.get('k', async () => 'read after the write')).toBe('read after the write');
  });

  it('loads again once the entry is older than its lifetime (writes by other instances)', async () => {
    let now = 1_000_000;
    const cache = createPublicPageCache<string>({ now: () => now });
    expect(await cache.get('k', async () => 'old')).toBe('old');
    now += PUBLIC_PAGE_CACHE_TTL_MS - 1;
    expect(await cache.get('k', async () => 'new')).toBe('old');
    now += 2;
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('does not cache a failed load', async () => {
    const cache = createPublicPageCache<string>();
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });
});

// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce (decisions 061, 062)', () => {
  it('shares a running load and keeps a finished one', async () => {
    const load = vi.fn(() => Promise.resolve('form'));
    const get = loadOnce(load);
    const [first, second] = [get(), get()];
    expect(first).toBe(second);
    await expect(first).resolves.toBe('form');
    await expect(get()).resolves.toBe('form');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('form');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('Failed to fetch');
    await expect(get()).resolves.toBe('form');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

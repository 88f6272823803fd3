import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPublicConfigStore, FALLBACK_PUBLIC_CONFIG, type PublicConfig } from './public-config';

/** The configuration's own store (decision 054): asked at most once, and once more on a failure. */
const served: PublicConfig = { ...FALLBACK_PUBLIC_CONFIG, supportEmail: 'pomoc@substytut.test' };

afterEach(() => {
  vi.useRealTimers();
});

describe('createPublicConfigStore', () => {
  it('keeps what the server rendered the page with and asks nothing', () => {
    const fetchConfig = vi.fn(async () => served);
    const store = createPublicConfigStore(served, fetchConfig);
    store.load();
    expect(store.current()).toBe(served);
    expect(fetchConfig).not.toHaveBeenCalled();
  });

  it('asks once however many parts of the page want it, and tells each when it came', async () => {
    const fetchConfig = vi.fn(async () => served);
    const store = createPublicConfigStore(null, fetchConfig);
    const listener = vi.fn();
    store.subscribe(listener);
    store.load();
    store.load();
    expect(store.current()).toBeNull();
    await vi.waitFor(() => expect(store.current()).toBe(served));
    store.load();
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('asks once more a second after a failure, and after a second failure leaves it to the next page', async () => {
    vi.useFakeTimers();
    const fetchConfig = vi.fn<() => Promise<PublicConfig>>(() => Promise.reject(new Error('offline')));
    const store = createPublicConfigStore(null, fetchConfig);
    store.load();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchConfig).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchConfig).toHaveBeenCalledTimes(2);
    expect(store.current()).toBeNull();

    fetchConfig.mockResolvedValueOnce(served);
    store.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchConfig).toHaveBeenCalledTimes(3);
    expect(store.current()).toBe(served);
  });
});

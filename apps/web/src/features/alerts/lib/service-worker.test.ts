import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

/** public/sw.js run as a browser runs it, against a fake ServiceWorkerGlobalScope. */
function loadWorker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../../../public/sw.js'), 'utf8');
  const listeners = new Map<string, (event: unknown) => void>();
  const waits: Promise<unknown>[] = [];
  const self = {
    location: { origin: 'https://substytut.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  runInNewContext(source, { self, URL });
  const dispatch = async (type: string, event: object) => {
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return { self, dispatch };
}

const message = (payload: unknown) => ({
  json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
  text: () => String(payload),
});

describe('service worker (public/sw.js)', () => {
  it('shows a push message’s title and body, keeping its url for the click', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch('push', {
      data: message({
        title: 'Pilne: SR Warszawa-Mokotów',
        body: 'Jutro 9:00, cywilna, 250 zł',
        url: '/dashboard/board?request=r1',
      }),
    });
    expect(self.registration.showNotification).toHaveBeenCalledWith('Pilne: SR Warszawa-Mokotów', {
      body: 'Jutro 9:00, cywilna, 250 zł',
      icon: '/favicon.svg',
      tag: '/dashboard/board?request=r1',
      data: { url: '/dashboard/board?request=r1' },
    });
  });

  it('never takes a payload’s address outside the site', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch('push', { data: message({ title: 'x', body: 'y', url: 'https://evil.example/' }) });
    await dispatch('push', { data: message({ title: 'x', body: 'y', url: '//evil.example/' }) });
    const urls = self.registration.showNotification.mock.calls.map((call) => (call as unknown[])[1]);
    expect(urls).toEqual([
      expect.objectContaining({ data: { url: '/dashboard/board' } }),
      expect.objectContaining({ data: { url: '/dashboard/board' } }),
    ]);
  });

  it('shows a message that is not JSON as its text', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch('push', { data: message('plain text') });
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'Substytut',
      expect.objectContaining({ body: 'plain text' }),
    );
  });

  it('on a click focuses a window already showing the request, else opens one', async () => {
    const focus = vi.fn(async () => undefined);
    const open = loadWorker([{ url: 'https://substytut.example/dashboard/board?request=r1', focus }]);
    const close = vi.fn();
    await open.dispatch('notificationclick', {
      notification: { close, data: { url: '/dashboard/board?request=r1' } },
    });
    expect(close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalled();
    expect(open.self.clients.openWindow).not.toHaveBeenCalled();

    const none = loadWorker([{ url: 'https://substytut.example/dashboard/profile', focus }]);
    await none.dispatch('notificationclick', {
      notification: { close, data: { url: '/dashboard/board?request=r2' } },
    });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith(
      'https://substytut.example/dashboard/board?request=r2',
    );
  });

  it('handles no fetches, so it never serves a cached page', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../../../public/sw.js'), 'utf8');
    expect(source).not.toMatch(/addEventListener\(['"]fetch['"]/);
  });
});

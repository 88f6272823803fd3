import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { trackConnectionsForShutdown } from './graceful-close.ts';

it('answers the request in flight at shutdown, ends its connection, and lets close() finish', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  const slowRoute = async (app: FastifyInstance) => {
    app.get('/api/test/slow', async () => {
      entered();
      await gate;
      return { data: { done: true } };
    });
  };
  const t = await createTestApp({ plugins: [slowRoute] });
  const drain = trackConnectionsForShutdown(t.app.server);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

  // Before shutdown connections are kept alive.
  const before = await fetch(`${address}/api/health`);
  expect(before.headers.get('connection')).toBe('keep-alive');
  await before.text();

  const pending = fetch(`${address}/api/test/slow`);
  await started;
  drain.start();
  // Without the drain this waits for Fastify's 72 s keep-alive timeout, past the test's timeout.
  const closed = t.close();
  release();
  const response = await pending;
  expect(response.status).toBe(200);
  expect(response.headers.get('connection')).toBe('close');
  expect(await response.json()).toEqual({ data: { done: true } });
  await closed;
});

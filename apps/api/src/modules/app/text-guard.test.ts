import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.ts';
import { registerTextGuard } from './text-guard.ts';

// The guard's quick pass (decision 063) must refuse exactly what the path search names.
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  registerTextGuard(app);
  app.post('/api/echo/:part', async () => ({ data: 'ok' }));
  app.post('/outside', async () => ({ data: 'ok' }));
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: unknown, url = '/api/echo/x') =>
  app.inject({ method: 'POST', url, payload: payload as object });
const refusedField = async (payload: unknown, url?: string) => {
  const response = await post(payload, url);
  if (response.statusCode === 200) return null;
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe('validation.failed');
  return Object.keys(response.json().errors)[0];
};

describe('the text guard', () => {
  it('lets clean bodies, arrays, numbers and nulls through', async () => {
    expect(await refusedField({ nip: '7792364275', list: ['a', 1, null, { b: 'ż' }], n: 3 })).toBeNull();
    expect(await refusedField(['a', ['b', ['c']]])).toBeNull();
  });

  it('names the first unstorable value or key by its dotted path, however it is nested', async () => {
    expect(await refusedField({ a: [{ b: 'x\u0000y' }] })).toBe('a.0.b');
    expect(await refusedField({ a: { 'k\u0000': 'v' } })).toBe('a.k\u0000');
    expect(await refusedField({ note: 'a\ud800b' })).toBe('note');
    expect(await refusedField(['ok', 'bad\u0000'])).toBe('1');
    expect(await refusedField({ nip: 'ok' }, '/api/echo/a%00b')).toBe('part');
  });

  it('walks a body nested thousands of levels deep', async () => {
    const text = `${'['.repeat(5000)}"fine"${']'.repeat(5000)}`;
    const send = (body: string) =>
      app.inject({
        method: 'POST',
        url: '/api/echo/x',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
    expect((await send(text)).statusCode).toBe(200);
    expect((await send(text.replace('fine', 'fi\\u0000ne'))).statusCode).toBe(400);
  });

  it('leaves requests outside /api/ alone', async () => {
    expect(await refusedField({ a: 'x\u0000y' }, '/outside')).toBeNull();
  });
});

import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, RequestLines } from './request-logger.ts';

function appLoggingTo(lines: string[], level: string): FastifyInstance {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const app = Fastify({
    logger: { level, stream, redact: { paths: ['*.password'], censor: '[redacted]' } },
    childLoggerFactory: lazyChildLogger,
    logController: new RequestLines(),
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.info({ user: { password: 'secret' } }, 'info line');
    request.log.error('error line');
    return { ok: true };
  });
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  vi.restoreAllMocks();
});

describe('the request logger (decision 057)', () => {
  it('makes no pino child for a request that logs nothing at an enabled level', async () => {
    const lines: string[] = [];
    app = appLoggingTo(lines, 'warn');
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ url: '/quiet' });
    await app.inject({ url: '/loud' });
    // The info line is below the level; only the error line makes the child.
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, msg: 'error line', reqId: expect.any(String) });
  });

  it('writes what pino writes: the request id on every line, redaction kept, one child per request', async () => {
    const lines: string[] = [];
    app = appLoggingTo(lines, 'info');
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ url: '/loud' });
    expect(child).toHaveBeenCalledTimes(1);
    const [info, error] = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'info line' || line.msg === 'error line');
    expect(info).toMatchObject({ level: 30, msg: 'info line', user: { password: '[redacted]' } });
    expect(error).toMatchObject({ level: 50, msg: 'error line' });
    expect(info!.reqId).toBe(error!.reqId);
    expect(info!.reqId).toEqual(expect.any(String));
  });

  it('gives a route with its own log level pino child at once', async () => {
    const lines: string[] = [];
    app = appLoggingTo(lines, 'warn');
    app.get('/chatty', { logLevel: 'info' }, async (request) => {
      request.log.info('route level');
      return { ok: true };
    });
    await app.inject({ url: '/chatty' });
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain('route level');
  });
});

describe("Fastify's request lines (decision 063)", () => {
  const messages = (lines: string[]) => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);

  it('are written at info, with the request and the response time, as Fastify writes them', async () => {
    const lines: string[] = [];
    app = appLoggingTo(lines, 'info');
    await app.inject({ url: '/quiet' });
    const [incoming, completed] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(incoming).toMatchObject({ level: 30, msg: 'incoming request', req: { url: '/quiet' } });
    expect(completed).toMatchObject({ level: 30, msg: 'request completed', res: { statusCode: 200 } });
    expect(completed!.responseTime).toEqual(expect.any(Number));
  });

  it('are left out above info, and a route with its own level still gets them', async () => {
    const lines: string[] = [];
    app = appLoggingTo(lines, 'warn');
    app.get('/chatty', { logLevel: 'info' }, async () => ({ ok: true }));
    await app.inject({ url: '/quiet' });
    expect(lines).toEqual([]);
    await app.inject({ url: '/chatty' });
    expect(messages(lines)).toEqual(['incoming request', 'request completed']);
  });
});

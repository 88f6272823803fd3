import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, type MailOutboxRow } from '../../src/db/schema.ts';
import {
  createMailTransport,
  startMailWorker,
  type MailTransport,
  type MailWorker,
} from '../../src/modules/mail/index.ts';
import { retryDelayMs } from '../../src/modules/mail/mail.worker.ts';
import { createTestApp, csrfHeaders, type TestApp } from '../helpers.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../smtp-sink.ts';
import { pgServerUrl, until } from './support.ts';

// The outbox and its worker against a real SMTP server that goes away for a while: mail the
// product queues in that time (registrations, password resets) waits, is retried on the
// schedule, and is delivered exactly once when the server is back.
describe.skipIf(!pgServerUrl)('mail while the SMTP server is down (PostgreSQL)', () => {
  let t: TestApp;
  let smtp: SmtpSink | null = null;
  let transport: MailTransport;
  let worker: MailWorker;
  let csrf: Awaited<ReturnType<typeof csrfHeaders>>;
  const received: ReceivedMail[] = [];
  let port = 0;
  let ipCounter = 0;

  beforeAll(async () => {
    // The port is chosen first so the server can come back on the same address.
    smtp = await startSmtpSink(0, received);
    port = smtp.port;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Substytut <no-reply@substytut.test>' },
    });
    csrf = await csrfHeaders(t.app);
    transport = createMailTransport(t.config.mail);
    // The worker server.ts starts, polling often; the test clock decides when a retry is due.
    worker = startMailWorker({ db: t.db, transport, clock: t.clock, intervalMs: 25 });
  });
  afterAll(async () => {
    await worker?.stop();
    transport?.close();
    await smtp?.close();
    await t?.close();
  });

  // Each request from its own address, so the per-IP rate limits never get in the way.
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: csrf, payload, remoteAddress: `10.9.0.${++ipCounter}` });
  const register = async (email: string) => {
    const response = await post('/api/register', {
      email,
      password: 'Haslo-Testowe-42!',
      terms: true,
      'cf-turnstile-response': 'local',
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const forgotPassword = async (email: string) => {
    const response = await post('/api/login/forget', { email });
    expect(response.statusCode, response.body).toBe(200);
  };
  const outbox = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
  // A row a worker holds is pushed out by its lease; only a recorded failure is due again by the
  // retry schedule (the test clock stands still between the steps).
  const failedTimes = (row: MailOutboxRow, attempts: number) =>
    row.status === 'pending' &&
    row.attempts === attempts &&
    row.lastError !== null &&
    row.nextAttemptAt.getTime() === t.clock.now().getTime() + retryDelayMs(attempts);
  const countBy = (values: string[]) => {
    const counts: Record<string, number> = {};
    for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  };

  it('queues mail while SMTP is down and delivers every message exactly once when it is back', async () => {
    const stamp = Date.now();
    const address = (name: string) => `${name}-${stamp}@example.com`;

    // SMTP up: a registration is delivered.
    await register(address('before'));
    await until('the first mail to be delivered', () => received.length === 1);

    // SMTP down: connections are refused.
    await smtp!.close();
    smtp = null;
    const queuedWhileDown = ['anna', 'bartek', 'celina'].map(address);
    for (const email of queuedWhileDown) await register(email);
    await forgotPassword(address('before'));
    const pendingCount = queuedWhileDown.length + 1;

    // Every pass fails and puts the message off by the retry schedule.
    const firstFailures = await until('a failed attempt of every queued message', async () => {
      const pending = (await outbox()).filter((row) => row.status === 'pending');
      return pending.length === pendingCount && pending.every((row) => failedTimes(row, 1)) && pending;
    });
    for (const row of firstFailures) {
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    }
    t.clock.advance(retryDelayMs(1));
    await until('a second failed attempt', async () => {
      const pending = (await outbox()).filter((row) => row.status === 'pending');
      return pending.length === pendingCount && pending.every((row) => failedTimes(row, 2));
    });
    // More mail arrives while it is still down; nothing reached anyone.
    await register(address('dorota'));
    await until('a failed attempt of the newest message', async () =>
      (await outbox()).some((row) => row.to === address('dorota') && failedTimes(row, 1)),
    );
    expect(received).toHaveLength(1);

    // SMTP back on the same address; the retries come due.
    smtp = await startSmtpSink(port, received);
    t.clock.advance(retryDelayMs(2));
    const rows = await until('every message to be sent', async () => {
      const all = await outbox();
      return all.every((row) => row.status === 'sent') && all;
    });
    // A day on, a pass finds nothing left to send.
    t.clock.advance(24 * 60 * 60_000);
    expect(await worker.runOnce()).toBe(0);

    expect(rows).toHaveLength(1 + pendingCount + 1);
    expect(rows.every((row) => row.lastError === null && row.sentAt !== null)).toBe(true);
    expect(received).toHaveLength(rows.length);
    expect(received.every((mail) => mail.to.length === 1)).toBe(true);
    expect(countBy(received.map((mail) => mail.to[0]!))).toEqual(countBy(rows.map((row) => row.to)));
    expect(countBy(received.map((mail) => mail.to[0]!))).toEqual({
      [address('before')]: 2,
      [address('anna')]: 1,
      [address('bartek')]: 1,
      [address('celina')]: 1,
      [address('dorota')]: 1,
    });
    const messageIds = received.map((mail) => mail.messageId);
    expect(messageIds.every((id) => /^<.+@.+>$/.test(id))).toBe(true);
    expect(new Set(messageIds).size).toBe(messageIds.length);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { closedSmtpPort, startSmtpSink } from '../../../test/smtp-sink.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { enqueueMail } from './mail.outbox.ts';
import { createLocalTransport, createSmtpTransport, type MailTransport } from './mail.transport.ts';
import { createMailWorker, MAX_ATTEMPTS, retryDelayMs, startMailWorker } from './mail.worker.ts';

const message = (to: string, subject = 'Potwierdź adres e-mail') => ({
  to,
  subject,
  html: `<p>Kliknij <a href="http://localhost:3000/auth/verified/1/abc?x=1&amp;y=2">link</a></p>`,
  text: 'Kliknij link: http://localhost:3000/auth/verified/1/abc',
});

let t: TestApp;
const transports: MailTransport[] = [];
const smtpUrl = (port: number) => `smtp://127.0.0.1:${port}`;
const smtpTransport = (port: number) => {
  const transport = createSmtpTransport({
    smtpUrl: smtpUrl(port),
    from: 'Substytut <no-reply@substytut.test>',
  });
  transports.push(transport);
  return transport;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close();
  await t.db.delete(mailOutbox);
});

describe('enqueueMail', () => {
  it('commits the mail with the change that caused it, and not without it', async () => {
    await t.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'committed@example.com' });
      await enqueueMail(tx, message('Committed@Example.com'));
    });
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, message('rolled-back@example.com'));
        throw new Error('the causing change failed');
      }),
    ).rejects.toThrow('the causing change failed');

    const rows = await t.db.select().from(mailOutbox);
    expect(rows.map((r) => r.to)).toEqual(['committed@example.com']);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, locale: 'pl' });
  });
});

describe('mail worker', () => {
  it('delivers due mail over SMTP exactly once', async () => {
    const smtp = await startSmtpSink();
    try {
      const { id } = await t.app.mailer.enqueue(message('anna@example.com'));
      const worker = createMailWorker({ db: t.db, transport: smtpTransport(smtp.port), clock: t.clock });
      expect(await worker.runOnce()).toBe(1);
      expect(await worker.runOnce()).toBe(0);

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['anna@example.com']);
      expect(smtp.received[0]!.raw).toContain('Subject: =?UTF-8?');
      expect(smtp.received[0]!.raw).toContain('From: Substytut <no-reply@substytut.test>');
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row!.sentAt).toEqual(t.clock.now());
    } finally {
      await smtp.close();
    }
  });

  it('keeps mail while SMTP is down and delivers it once after it comes back', async () => {
    const port = await closedSmtpPort();
    const { id } = await t.app.mailer.enqueue(message('down@example.com'));
    const worker = createMailWorker({ db: t.db, transport: smtpTransport(port), clock: t.clock });

    expect(await worker.runOnce()).toBe(0);
    const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(1));

    // Not due yet: nothing is attempted.
    expect(await worker.runOnce()).toBe(0);
    const [waiting] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(waiting!.attempts).toBe(1);

    const smtp = await startSmtpSink(port);
    try {
      t.clock.advance(retryDelayMs(1));
      expect(await worker.runOnce()).toBe(1);
      expect(await worker.runOnce()).toBe(0);
      t.clock.advance(24 * 60 * 60_000);
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(1);
      const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await smtp.close();
    }
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const port = await closedSmtpPort();
    const { id } = await t.app.mailer.enqueue(message('never@example.com'));
    const worker = createMailWorker({ db: t.db, transport: smtpTransport(port), clock: t.clock });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await worker.runOnce();
      t.clock.advance(retryDelayMs(attempt));
    }
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await worker.runOnce()).toBe(0);
  });

  it('never sends a message twice when workers run side by side', async () => {
    const smtp = await startSmtpSink();
    try {
      for (let i = 0; i < 25; i += 1) await t.app.mailer.enqueue(message(`bulk${i}@example.com`));
      const workers = [1, 2, 3].map(() =>
        createMailWorker({ db: t.db, transport: smtpTransport(smtp.port), clock: t.clock }),
      );
      let delivered = 0;
      for (let round = 0; round < 3; round += 1) {
        const counts = await Promise.all(workers.map((w) => w.runOnce()));
        delivered += counts.reduce((a, b) => a + b, 0);
      }
      expect(delivered).toBe(25);
      expect(smtp.received).toHaveLength(25);
      expect(new Set(smtp.received.map((r) => r.to[0])).size).toBe(25);
    } finally {
      await smtp.close();
    }
  });

  it('marks mail delivered to the local mailbox without SMTP', async () => {
    const { id } = await t.app.mailer.enqueue(message('local@example.com'));
    const worker = createMailWorker({ db: t.db, transport: createLocalTransport(), clock: t.clock });
    expect(await worker.runOnce()).toBe(1);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.status).toBe('sent');
  });

  it('polls until stopped', async () => {
    const smtp = await startSmtpSink();
    // The worker's timer is a fake one: the test moves time on instead of sleeping, so a stopped
    // worker is shown to have nothing left to run rather than to have been idle for a while.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const worker = startMailWorker({
        db: t.db,
        transport: smtpTransport(smtp.port),
        clock: t.clock,
        intervalMs: 20,
      });
      try {
        await t.app.mailer.enqueue(message('polled@example.com'));
        await vi.waitFor(
          async () => {
            await vi.advanceTimersByTimeAsync(20);
            expect(smtp.received).toHaveLength(1);
          },
          { timeout: 10_000, interval: 20 },
        );
      } finally {
        await worker.stop();
      }
      const { id } = await t.app.mailer.enqueue(message('after-stop@example.com'));
      // Ten intervals: a pass the stopped worker still ran would start here and claim the message
      // before the one below does.
      await vi.advanceTimersByTimeAsync(200);
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row!.status).toBe('pending');
      expect(smtp.received).toHaveLength(1);
      // The SMTP client keeps its own timeouts: the check delivers on real timers.
      vi.useRealTimers();
      const check = createMailWorker({ db: t.db, transport: smtpTransport(smtp.port), clock: t.clock });
      expect(await check.runOnce()).toBe(1);
    } finally {
      vi.useRealTimers();
      await smtp.close();
    }
  });
});

describe('local mailbox pages', () => {
  it('lists mail newest first and shows a message with its links', async () => {
    await t.app.mailer.enqueue(message('reader@example.com', 'Pierwsza wiadomość'));
    t.clock.advance(1000);
    const { id } = await t.app.mailer.enqueue(message('reader@example.com', 'Druga <wiadomość>'));
    await t.app.mailer.enqueue(message('someone-else@example.com', 'Cudza'));

    const list = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body.indexOf('Druga &lt;wiadomość&gt;')).toBeLessThan(
      list.body.indexOf('Pierwsza wiadomość'),
    );
    expect(list.body).toContain(`href="/dev/mail/${id}"`);

    const detail = await t.app.inject({ method: 'GET', url: `/dev/mail/${id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('href="http://localhost:3000/auth/verified/1/abc?x=1&amp;y=2"');
    expect(detail.body).toContain('Kliknij link: http://localhost:3000/auth/verified/1/abc');

    const body = await t.app.inject({ method: 'GET', url: `/dev/mail/${id}/html` });
    expect(body.body).toBe(message('x').html);

    const json = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=Reader@example.com' });
    const data = json.json().data as { subject: string; links: string[] }[];
    expect(data.map((m) => m.subject)).toEqual(['Druga <wiadomość>', 'Pierwsza wiadomość']);
    expect(data[0]!.links).toEqual(['http://localhost:3000/auth/verified/1/abc?x=1&y=2']);

    const missing = await t.app.inject({
      method: 'GET',
      url: '/dev/mail/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers only requests from this machine; others get the ordinary 404', async () => {
    const { id } = await t.app.mailer.enqueue(message('secret-link@example.com'));
    const unknownPage = await t.app.inject({ method: 'GET', url: '/api/dev/nothing' });
    const callers: { remoteAddress: string; headers?: Record<string, string> }[] = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } },
      // A reverse proxy on this host makes the socket loopback; the client it forwards is not.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
    ];
    for (const caller of callers) {
      for (const url of ['/dev/mail', `/dev/mail/${id}`, `/dev/mail/${id}/html`, '/api/dev/mail']) {
        const res = await t.app.inject({ method: 'GET', url, ...caller });
        expect(res.statusCode, `${url} ${JSON.stringify(caller)}`).toBe(404);
        expect(res.body).not.toContain('secret-link');
        if (url.startsWith('/api/')) expect(res.json()).toEqual(unknownPage.json());
      }
    }
    const local = await t.app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('secret-link@example.com');
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true' },
    });
    try {
      for (const url of ['/dev/mail', '/api/dev/mail']) {
        const response = await production.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html' },
        });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});

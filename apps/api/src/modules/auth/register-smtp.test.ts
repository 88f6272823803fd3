import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createMailTransport, createMailWorker, type MailTransport } from '../mail/index.ts';

let smtp: SmtpSink;
let t: TestApp;
let transport: MailTransport;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Substytut <no-reply@substytut.test>' },
  });
  transport = createMailTransport(t.config.mail);
});
afterAll(async () => {
  transport?.close();
  await t?.close();
  await smtp?.close();
});

/** Undoes quoted-printable soft line breaks and escapes, as a mail client would. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

it('delivers the verification mail over SMTP with a working link', async () => {
  const email = `smtp-${Date.now()}@example.com`;
  const csrf = await csrfHeaders(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    headers: csrf,
    payload: { email, password: 'Haslo-Testowe-42!', terms: true, 'cf-turnstile-response': 'local' },
  });
  expect(res.statusCode).toBe(200);

  const worker = createMailWorker({ db: t.db, transport, clock: t.clock });
  expect(await worker.runOnce()).toBe(1);
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.to).toEqual([email]);

  const mail = decodeQuotedPrintable(smtp.received[0]!.raw);
  expect(mail).toContain('Content-Type: text/plain');
  expect(mail).toContain('Content-Type: text/html');
  const links = [
    ...mail.matchAll(/http:\/\/localhost:3000\/auth\/verified\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/g),
  ];
  expect(links.length).toBeGreaterThanOrEqual(2); // the text part and the HTML part
  const [, id, hash] = links[0]!;

  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/email/verify/${id}/${hash}`,
    headers: csrf,
  });
  expect(verified.statusCode).toBe(200);
  expect(verified.json().data.user.email).toBe(email);
});

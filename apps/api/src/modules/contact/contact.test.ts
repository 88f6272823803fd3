import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../db/schema.ts';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';

const valid = {
  name: 'Jan Kowalski',
  email: 'jan@example.com',
  subject: 'Pytanie o cennik',
  message: 'Dzień dobry,\nczy plan Pro obejmuje <b>kancelarie</b>?',
  'cf-turnstile-response': 'local',
};

let counter = 0;
/** Each call comes from its own address, so the rate limit only bites where a test wants it. */
function nextIp() {
  counter += 1;
  return `10.0.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
}

describe('POST /api/contact', () => {
  let t: TestApp;
  let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: 'Support@Substytut.test' } });
    csrf = await csrfHeaders(t.app);
  });
  afterAll(() => t.close());

  const post = (payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: options.ip ?? nextIp(),
      headers: { ...csrf, ...options.headers },
      payload: payload as Record<string, unknown>,
    });

  it('stores the message and queues a mail to the support address, answering 201 { success: true }', async () => {
    const response = await post({ ...valid, subject: 'Unikalny temat 1' }, { headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { success: true } });

    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Unikalny temat 1'));
    expect(stored).toMatchObject({ name: 'Jan Kowalski', email: 'jan@example.com', locale: 'en' });
    expect(stored?.message).toBe(valid.message);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'support@substytut.test'));
    const mail = mails.find((m) => m.subject.includes('Unikalny temat 1'));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Jan Kowalski <jan@example.com>');
    expect(mail!.text).toContain('czy plan Pro obejmuje');
    // The sender's text is escaped in the HTML part.
    expect(mail!.html).toContain('&lt;b&gt;kancelarie&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>kancelarie</b>');
  });

  it('trims the fields like the form schema does', async () => {
    const response = await post({ ...valid, name: '  Anna  ', subject: '  Trim me  ' });
    expect(response.statusCode).toBe(201);
    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Trim me'));
    expect(stored?.name).toBe('Anna');
  });

  it('answers 400 with the i18n key of every invalid field and stores nothing', async () => {
    const before = await t.db.select().from(contactMessages);
    const response = await post({ name: ' ', email: 'not-an-email', subject: '', 'cf-turnstile-response': 'local' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation.failed');
    expect(body.errors).toMatchObject({
      name: 'validation.fieldRequired',
      email: 'validation.email',
      subject: 'validation.fieldRequired',
      message: 'validation.fieldRequired',
    });
    expect(await t.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('refuses a failed bot check without storing or mailing', async () => {
    const response = await post({ ...valid, subject: 'Bot', 'cf-turnstile-response': 'robot' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'auth.bot_check_failed' });
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Bot'))).toHaveLength(0);
  });

  it('requires the anti-forgery cookie and header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: valid,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf.mismatch' });
  });

  it('allows five messages per address in ten minutes, then answers 429', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i += 1) {
      expect((await post({ ...valid, subject: `Limit ${i}` }, { ip })).statusCode).toBe(201);
    }
    const limited = await post({ ...valid, subject: 'Limit 5' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'errors.too_many_requests' });
    // Another address is not affected.
    expect((await post({ ...valid, subject: 'Other address' })).statusCode).toBe(201);
  });
});

describe('POST /api/contact with a Turnstile secret configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A verify URL nothing listens on: the check must fail closed, without reaching the internet.
    t = await createTestApp({
      env: { TURNSTILE_SECRET: 'secret-for-test', TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify' },
    });
  });
  afterAll(() => t.close());

  it("no longer accepts the literal 'local' (nor a token siteverify cannot confirm)", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: await csrfHeaders(t.app),
      payload: valid,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'auth.bot_check_failed' });
  });
});

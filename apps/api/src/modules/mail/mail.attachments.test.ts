import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createSmtpTransport } from './mail.transport.ts';

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp?.close());

describe('SMTP delivery of attachments', () => {
  it('sends a stored attachment (the hearing invitation) as a text/calendar part', async () => {
    const transport = createSmtpTransport({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      from: 'Substytut <no-reply@example.com>',
    });
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    await transport.send({
      to: 'klient@example.com',
      subject: 'Potwierdzenie',
      html: '<p>x</p>',
      text: 'x',
      attachments: [
        {
          filename: 'rozprawa.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: ics,
        },
      ],
    });
    transport.close();
    const raw = smtp.received.at(-1)?.raw ?? '';
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(raw).toMatch(/filename=rozprawa\.ics/);
  });
});

import nodemailer from 'nodemailer';
import type { MailOutboxRow } from '../../db/schema.ts';

/** Delivers one message or throws; the worker owns retries. */
export interface MailTransport {
  readonly kind: 'smtp' | 'local';
  send(message: Pick<MailOutboxRow, 'to' | 'subject' | 'html' | 'text' | 'attachments'>): Promise<void>;
  close(): void;
}

/** Without SMTP the outbox itself is the mailbox (shown at /dev/mail), so delivery is a no-op. */
export function createLocalTransport(): MailTransport {
  return { kind: 'local', send: async () => undefined, close: () => undefined };
}

export function createSmtpTransport(options: { smtpUrl: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: (message.attachments ?? []).map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
          ...(a.encoding ? { encoding: a.encoding } : {}),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(mail: { smtpUrl: string; from: string } | null): MailTransport {
  return mail ? createSmtpTransport(mail) : createLocalTransport();
}

import { mailOutbox, type MailAttachment } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Locale } from '@substytut/shared/locale';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  locale?: Locale;
  attachments?: MailAttachment[];
}

/**
 * Queues a message. Pass the transaction of the change that causes the mail, so the mail exists
 * exactly when that change commits; the worker delivers it afterwards.
 */
export async function enqueueMail(db: DbOrTx, message: MailMessage, now?: Date): Promise<{ id: string }> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to.trim().toLowerCase(),
      subject: message.subject,
      html: message.html,
      text: message.text,
      locale: message.locale ?? 'pl',
      attachments: message.attachments && message.attachments.length > 0 ? message.attachments : null,
      ...(now ? { nextAttemptAt: now, createdAt: now } : {}),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row;
}

import type { Db } from '../../db/client.ts';
import type { Clock } from '../app/clock.ts';
import { enqueueMail } from '../mail/index.ts';
import { insertContactMessage } from './contact.repo.ts';
import { contactMail } from './contact.mail.ts';
import type { ContactRequest } from './contact.schemas.ts';
import type { Locale } from '@substytut/shared/locale';

export interface ContactDeps {
  db: Db;
  clock: Clock;
  supportEmail: string;
}

export interface SenderInfo {
  ip: string | null;
  userAgent: string | null;
  locale: Locale;
}

/** Stores the message and queues the mail to support in one transaction: both or neither. */
export async function sendContactMessage(deps: ContactDeps, input: ContactRequest, sender: SenderInfo) {
  const now = deps.clock.now();
  const locale = input.locale ?? sender.locale;
  return deps.db.transaction(async (tx) => {
    const { id } = await insertContactMessage(tx, {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      locale,
      ip: sender.ip,
      userAgent: sender.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    });
    await enqueueMail(
      tx,
      contactMail({ to: deps.supportEmail, ...input, locale, receivedAt: now }),
      now,
    );
    return { id };
  });
}

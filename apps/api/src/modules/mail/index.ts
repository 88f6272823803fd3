// The face of mail: the outbox, its worker and transport, the development mailbox, every template.
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../app/clock.ts';
import { enqueueMail, type MailMessage } from './mail.outbox.ts';

export { enqueueMail, type MailMessage } from './mail.outbox.ts';
export { createMailTransport, type MailTransport } from './mail.transport.ts';
export { createMailWorker, startMailWorker, type MailWorker } from './mail.worker.ts';
export { registerDevMailRoutes } from './dev-mail.routes.ts';
// Every template, on the shared layout (templates/index.ts lists them).
export * from './templates/index.ts';

/** The app's handle on the outbox: `app.mailer.enqueue(message, tx)`. */
export interface Mailer {
  enqueue(message: MailMessage, tx?: DbOrTx): Promise<{ id: string }>;
}

export function createMailer(db: Db, clock: Clock): Mailer {
  return { enqueue: (message, tx) => enqueueMail(tx ?? db, message, clock.now()) };
}

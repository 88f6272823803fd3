import type { DbOrTx } from '../../db/client.ts';
import { ksefOutbox } from '../../db/schema.ts';

/**
 * Queues an invoice for KSeF. Call it in the transaction that issues the invoice (mode 'issue'),
 * so the queue entry exists exactly when the invoice does; the worker (ksef.worker.ts) sends it
 * afterwards. Queuing the same invoice twice changes nothing.
 */
export async function enqueueKsefSend(tx: DbOrTx, invoiceId: number, now?: Date): Promise<void> {
  await tx
    .insert(ksefOutbox)
    .values({ invoiceId, ...(now ? { nextAttemptAt: now, createdAt: now } : {}) })
    .onConflictDoNothing({ target: ksefOutbox.invoiceId });
}

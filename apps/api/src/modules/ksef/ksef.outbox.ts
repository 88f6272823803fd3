import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoices, ksefOutbox, offers, profiles, users } from '../../db/schema.ts';

/**
 * Queues an invoice for KSeF. Call it in the transaction that issues the invoice (mode 'issue'),
 * so the queue entry exists exactly when the invoice does; the worker (ksef.worker.ts) sends it
 * afterwards. Queuing the same invoice twice changes nothing.
 */
export async function enqueueKsefSend(tx: DbOrTx, invoiceId: number, now?: Date): Promise<void> {
  const [queued] = await tx
    .insert(ksefOutbox)
    .values({ invoiceId, ...(now ? { nextAttemptAt: now, createdAt: now } : {}) })
    .onConflictDoNothing({ target: ksefOutbox.invoiceId })
    .returning({ invoiceId: ksefOutbox.invoiceId });
  if (!queued) return;
  await tx
    .update(invoices)
    .set({ ksefStatus: 'queued', ...(now ? { updatedAt: now } : {}) })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.ksefStatus, 'prepared')));
}

/**
 * Sends an invoice again at the next pass: one still waiting (after an outage or a token the
 * lawyer has since replaced) or one KSeF rejected (after the cause was fixed, e.g. a missing
 * permission). An accepted invoice is never sent again. Returns false when there is nothing to retry.
 */
export async function retryKsefSend(db: DbOrTx, invoiceId: number, now: Date): Promise<boolean> {
  const [invoice] = await db
    .select({ ksefStatus: invoices.ksefStatus })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.ksefStatus === 'accepted' || invoice.ksefStatus === 'prepared') return false;
  const rejected = invoice.ksefStatus === 'rejected';
  const updated = await db
    .update(ksefOutbox)
    .set({
      state: 'pending',
      nextAttemptAt: now,
      attempts: 0,
      // A rejected upload is done with in KSeF; a retry uploads anew.
      ...(rejected
        ? { sessionReference: null, invoiceReference: null, sentAt: null, completedAt: null }
        : {}),
    })
    .where(eq(ksefOutbox.invoiceId, invoiceId))
    .returning({ invoiceId: ksefOutbox.invoiceId });
  if (updated.length === 0) return false;
  if (rejected) {
    await db
      .update(invoices)
      .set({ ksefStatus: 'queued', ksefError: null, ksefErrorCode: null, updatedAt: now })
      .where(and(eq(invoices.id, invoiceId), inArray(invoices.ksefStatus, ['rejected'])));
  }
  return true;
}

/** The invoices still on their way to KSeF and the ones KSeF rejected, the next attempt first. */
export function ksefBacklog(db: DbOrTx) {
  return db
    .select({
      invoiceId: ksefOutbox.invoiceId,
      number: invoices.number,
      ksefStatus: invoices.ksefStatus,
      attempts: ksefOutbox.attempts,
      nextAttemptAt: ksefOutbox.nextAttemptAt,
      lastError: ksefOutbox.lastError,
      ksefErrorCode: invoices.ksefErrorCode,
      offerId: invoices.offerId,
      profileId: invoices.profileId,
      email: users.email,
    })
    .from(ksefOutbox)
    .innerJoin(invoices, eq(invoices.id, ksefOutbox.invoiceId))
    .innerJoin(offers, eq(offers.id, invoices.offerId))
    .leftJoin(profiles, eq(profiles.id, offers.profileId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(
      or(
        eq(ksefOutbox.state, 'pending'),
        and(eq(ksefOutbox.state, 'done'), ne(invoices.ksefStatus, 'accepted')),
      ),
    )
    .orderBy(asc(ksefOutbox.nextAttemptAt));
}

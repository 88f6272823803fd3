import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';

/**
 * pending: still to send, or sent and waiting for KSeF's verdict; done: the verdict (accepted with
 * its KSeF number and UPO, or rejected with KSeF's reason) is written back to the invoice.
 * A row never gives up on its own: an outage only pushes next_attempt_at further (capped), so no
 * invoice is lost; the attempts and last_error show an operator what is stuck.
 */
export const KSEF_OUTBOX_STATES = ['pending', 'done'] as const;
export type KsefOutboxState = (typeof KSEF_OUTBOX_STATES)[number];

/**
 * The queue of invoices the product sends to KSeF for their seller (modules/ksef). One row per
 * invoice (the primary key), inserted by `enqueueKsefSend(tx, invoiceId)` in the transaction that
 * issues the invoice. The KSeF references are written as soon as KSeF accepted the upload, so a
 * worker that dies afterwards only asks for the status again instead of sending a second time.
 */
export const ksefOutbox = pgTable(
  'ksef_outbox',
  {
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    state: text('state', { enum: KSEF_OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** KSeF's reference of the online session the invoice went in, once uploaded */
    sessionReference: text('session_reference'),
    /** KSeF's reference of the uploaded invoice, once uploaded */
    invoiceReference: text('invoice_reference'),
    /** when KSeF accepted the upload (not yet the verdict) */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ksef_outbox_due_idx').on(t.state, t.nextAttemptAt),
    check('ksef_outbox_state_valid', sql`${t.state} in ('pending', 'done')`),
  ],
);

export type KsefOutboxRow = typeof ksefOutbox.$inferSelect;

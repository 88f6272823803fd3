import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { HEARING_OUTCOMES, REFUND_CAUSES } from '@substytut/shared';
import { offers } from './offers.ts';

/**
 * The lawyer's report of the hearing, filed when marking the job done (issue 23): one per offer.
 * The minutes PDF, when given, is a private storage object served only to the lawyer, the payer
 * (through the acceptance link) and the administrator.
 */
export const hearingReports = pgTable(
  'hearing_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: HEARING_OUTCOMES }).notNull(),
    nextHearingAt: timestamp('next_hearing_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    minutesKey: text('minutes_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hearing_reports_offer_unique').on(t.offerId),
    check(
      'hearing_reports_outcome_valid',
      sql`${t.outcome} in ('held', 'adjourned', 'cancelled_by_court', 'not_held')`,
    ),
    check(
      'hearing_reports_next_only_adjourned',
      sql`(${t.outcome} = 'adjourned') = (${t.nextHearingAt} is not null)`,
    ),
    check('hearing_reports_notes_length', sql`length(${t.notes}) <= 2000`),
  ],
);

/**
 * Money returned to the client of an offer: a dispute the administrator resolved with a refund,
 * or a hearing the court cancelled. Recorded in the transaction that decides it; sent to the
 * provider afterwards (idempotency key per row) and retried by the clock job while
 * `provider_refund_ref` is null. The KOR invoice of issue 24 is made from these rows.
 */
export const offerRefunds = pgTable(
  'offer_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    amountGrosze: integer('amount_grosze').notNull(),
    reason: text('reason').notNull(),
    cause: text('cause', { enum: REFUND_CAUSES }).notNull(),
    /** the provider's refund id once it took the refund; null while it is still to be sent */
    providerRefundRef: text('provider_refund_ref'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    // One refund per offer: a dispute or a cancellation ends the offer, and a repeated or
    // racing decision cannot refund twice.
    uniqueIndex('offer_refunds_offer_unique').on(t.offerId),
    index('offer_refunds_pending_idx')
      .on(t.id)
      .where(sql`${t.providerRefundRef} is null`),
    check('offer_refunds_amount_positive', sql`${t.amountGrosze} > 0`),
    check('offer_refunds_cause_valid', sql`${t.cause} in ('dispute', 'court_cancelled')`),
  ],
);

export type HearingReportRow = typeof hearingReports.$inferSelect;
export type OfferRefundRow = typeof offerRefunds.$inferSelect;

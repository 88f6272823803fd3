import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { HEARING_MODES, OFFER_STATUSES } from '@substytut/shared';
import { profiles } from './profile.ts';

/**
 * A paid offer link (spec 3 "Offer"). Money is integer grosze; the gross is derived from the net
 * (net × 123 / 100 half up) and the check below keeps the two from ever disagreeing.
 *
 * Deletion is real (spec: "removed permanently"); a payment row referencing the offer blocks it
 * (the payments table's foreign key), so money is never orphaned.
 */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    netGrosze: integer('net_grosze').notNull(),
    grossGrosze: integer('gross_grosze').notNull(),
    /** The last Warsaw calendar day the offer can be paid ('YYYY-MM-DD'). */
    expireDate: date('expire_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('active'),
    /** The unguessable token of the offer link /u/{seolink}?o={offerUrl}. */
    offerUrl: text('offer_url').notNull(),
    /** Storage key of the 1200×630 card image (og:image of the link); null until rendered. */
    cardKey: text('card_key'),
    /**
     * sha256 of the secret in the client's acceptance link (/offer/accept/{token}), set when the
     * lawyer marks the job done. The token itself is only ever in the e-mail.
     */
    acceptanceTokenHash: text('acceptance_token_hash'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    // The hearing (issue 23, packages/shared/src/hearing.ts); every field optional.
    /** An id of the court list (packages/shared/src/reference-data/courts.ts). */
    courtId: text('court_id'),
    courtDivision: text('court_division'),
    caseNumber: text('case_number'),
    hearingAt: timestamp('hearing_at', { withTimezone: true }),
    hearingMode: text('hearing_mode', { enum: HEARING_MODES }),
    remoteLink: text('remote_link'),
    party: text('party'),
    /** The SEQUENCE of the hearing's calendar event: raised on every change of its details. */
    hearingSequence: integer('hearing_sequence').notNull().default(0),
    /** When the day-before reminder was queued; set once, so it is never sent twice. */
    hearingReminderAt: timestamp('hearing_reminder_at', { withTimezone: true }),
    /**
     * When the lawyer was reminded that a paid remote hearing still has no link (issue 34): set
     * once, so the reminder is never sent twice.
     */
    remoteLinkReminderAt: timestamp('remote_link_reminder_at', { withTimezone: true }),
    // The client's dispute and the administrator's resolution (issue 23, decision 020).
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** 'release' (the lawyer is paid) or 'refund' (in full or in part: offer_refunds holds the amount) */
    resolution: text('resolution', { enum: ['release', 'refund'] }),
    resolutionReason: text('resolution_reason'),
    // Issue 34 (decision 044): the lawyer's one answer to the client's reason, with an optional
    // file kept privately under the minutes' rules.
    disputeAnswer: text('dispute_answer'),
    disputeAnsweredAt: timestamp('dispute_answered_at', { withTimezone: true }),
    disputeAnswerFileKey: text('dispute_answer_file_key'),
    /**
     * Net grosze the lawyer keeps when the court cancels the hearing on the day (issue 34); its
     * VAT as in offers. Null: the client gets everything back, as before.
     */
    courtCancellationFeeNetGrosze: integer('court_cancellation_fee_net_grosze'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offers_offer_url_unique').on(t.offerUrl),
    uniqueIndex('offers_acceptance_token_hash_unique').on(t.acceptanceTokenHash),
    // A missing card file is made again for the offer that has its key (GET /storage/cards/…).
    uniqueIndex('offers_card_key_unique').on(t.cardKey),
    // The owner's history, newest first.
    index('offers_profile_created_idx').on(t.profileId, t.createdAt.desc(), t.id.desc()),
    // The clock job (active/paystart past expire_date) and admin filters by status.
    index('offers_status_expire_idx').on(t.status, t.expireDate),
    // The clock job archiving done offers whose acceptance window passed.
    index('offers_status_done_at_idx').on(t.status, t.doneAt),
    // Admin list paging over all offers by creation or last change.
    index('offers_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('offers_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    // The reminder job: paid hearings not yet reminded, by time.
    index('offers_hearing_reminder_idx')
      .on(t.hearingAt)
      .where(sql`${t.hearingReminderAt} is null`),
    check(
      'offers_status_valid',
      sql`${t.status} in ('active', 'paystart', 'payed', 'done', 'accepted', 'archive', 'expired', 'disputed', 'cancelled', 'refunded', 'resolved')`,
    ),
    check(
      'offers_resolution_valid',
      sql`${t.resolution} is null or ${t.resolution} in ('release', 'refund')`,
    ),
    // 1 grosz to 1000 zł net (docs/decisions/005-offer-price-bounds.md).
    check('offers_net_range', sql`${t.netGrosze} between 1 and 100000`),
    check('offers_gross_is_net_plus_vat', sql`${t.grossGrosze} = (${t.netGrosze} * 123 + 50) / 100`),
    check(
      'offers_court_fee_range',
      sql`${t.courtCancellationFeeNetGrosze} is null or ${t.courtCancellationFeeNetGrosze} between 1 and ${t.netGrosze}`,
    ),
    check('offers_dispute_answer_length', sql`length(${t.disputeAnswer}) <= 2000`),
    check('offers_offer_url_length', sql`length(${t.offerUrl}) >= 22`),
    check('offers_hearing_mode_valid', sql`${t.hearingMode} in ('in_person', 'remote')`),
  ],
);

export type OfferRow = typeof offers.$inferSelect;
export type NewOfferRow = typeof offers.$inferInsert;

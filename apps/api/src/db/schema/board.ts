import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOARD_CASE_TYPES, BOARD_REQUEST_STATES, HEARING_MODES, type BoardParty } from '@substytut/shared';
import type { ProfessionalTypeId } from '@substytut/shared';
import { offers } from './offers.ts';
import { profiles } from './profile.ts';
import { users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A request on the substitution board (issue 32): a hearing that needs a substitute. The state
 * changes by one conditional update each (like the offer's); the case number and the parties are
 * confidential and leave the API only to the poster, to a substitute after the conflict check
 * (parties) and to the one who was picked (everything).
 */
export const boardRequests = pgTable(
  'board_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    posterUserId: uuid('poster_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: BOARD_REQUEST_STATES }).notNull().default('open'),
    /** An id of the court list (packages/shared/src/reference-data/courts.ts). */
    courtId: text('court_id').notNull(),
    division: text('division'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    mode: text('mode', { enum: HEARING_MODES }).notNull(),
    caseType: text('case_type', { enum: BOARD_CASE_TYPES }).notNull(),
    task: text('task').notNull(),
    professions: text('professions').array().$type<ProfessionalTypeId[]>().notNull(),
    /** null: "ask for quotes". */
    feeNetGrosze: integer('fee_net_grosze'),
    autoAssign: boolean('auto_assign').notNull().default(false),
    answerDeadline: timestamp('answer_deadline', { withTimezone: true }).notNull(),
    /** The hearing was within 48 hours when posted: alerted to everyone at once. */
    urgent: boolean('urgent').notNull().default(false),
    caseNumber: text('case_number'),
    parties: jsonb('parties').$type<BoardParty[]>().notNull(),
    assignedResponseId: uuid('assigned_response_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The picked answer must be paid by then, or the request lapses back to open. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    /** The substitute's offer created by the pick; kept after a lapse only until the next pick. */
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'board_requests_state_valid',
      sql`${t.state} in ('open', 'assigned', 'paid', 'expired', 'cancelled', 'hidden')`,
    ),
    check('board_requests_fee_positive', sql`${t.feeNetGrosze} is null or ${t.feeNetGrosze} > 0`),
    check('board_requests_auto_assign_fixed_fee', sql`not ${t.autoAssign} or ${t.feeNetGrosze} is not null`),
    check('board_requests_deadline_before_hearing', sql`${t.answerDeadline} <= ${t.startsAt}`),
    // The board of a substitute: open requests by hearing time; the clock job: by deadline.
    index('board_requests_state_starts_idx').on(t.state, t.startsAt),
    index('board_requests_state_deadline_idx').on(t.state, t.answerDeadline),
    index('board_requests_poster_idx').on(t.posterUserId, t.createdAt.desc()),
    uniqueIndex('board_requests_offer_unique').on(t.offerId),
  ],
);

/** A substitute's one answer to a request: the fixed fee (price null) or their own net price. */
export const boardResponses = pgTable(
  'board_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => boardRequests.id, { onDelete: 'cascade' }),
    substituteProfileId: integer('substitute_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    priceNetGrosze: integer('price_net_grosze'),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('board_responses_one_per_substitute').on(t.requestId, t.substituteProfileId),
    index('board_responses_request_created_idx').on(t.requestId, t.createdAt),
    check('board_responses_price_positive', sql`${t.priceNetGrosze} is null or ${t.priceNetGrosze} > 0`),
  ],
);

/**
 * A substitute's conflict check, in two steps: they viewed the parties (`checked_at`, the viewing
 * the poster sees), then confirmed there is no conflict of interest (`confirmed_at`; only then
 * may they answer).
 */
export const boardConflictChecks = pgTable(
  'board_conflict_checks',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => boardRequests.id, { onDelete: 'cascade' }),
    substituteProfileId: integer('substitute_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** When the parties were first viewed. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the substitute confirmed there is no conflict of interest; null until then. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.substituteProfileId] })],
);

/** A substitute reports a request, or a poster reports an answer, to the administrator. */
export const boardReports = pgTable(
  'board_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => boardRequests.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => boardResponses.id, { onDelete: 'set null' }),
    reporterUserId: uuid('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('board_reports_request_idx').on(t.requestId, t.createdAt)],
);

/** The poster's favourite substitutes (marked from a completed job): alerted in the first wave. */
export const boardFavourites = pgTable(
  'board_favourites',
  {
    posterUserId: uuid('poster_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    substituteProfileId: integer('substitute_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.posterUserId, t.substituteProfileId] }),
    index('board_favourites_substitute_idx').on(t.substituteProfileId),
  ],
);

/**
 * The poster's short reference on a job from the board, written after the client confirmed it;
 * shown on the substitute's public page only once the substitute publishes it.
 */
export const boardReferences = pgTable(
  'board_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => boardRequests.id, { onDelete: 'cascade' }),
    substituteProfileId: integer('substitute_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** 'YYYY-MM' of the hearing: what the public page shows beside the text. */
    jobMonth: text('job_month').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('board_references_request_unique').on(t.requestId),
    index('board_references_substitute_idx').on(t.substituteProfileId, t.createdAt.desc()),
  ],
);

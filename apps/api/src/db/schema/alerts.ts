import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BoardCaseType } from '@substytut/shared';
import { boardRequests } from './board.ts';
import { users } from './users.ts';

/**
 * What a substitute covers on the substitution board and how they are told (issue 32, decision
 * 040). One row per account that saved settings; none means the defaults (e-mail on, nothing
 * covered). The three place lists have GIN indexes: posting a request finds its candidates by
 * `&&` on each (its court, its areas, its city) before the shared rules decide.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    courtIds: text('court_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    areaCourtIds: text('area_court_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cities: text('cities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    caseTypes: text('case_types')
      .array()
      .$type<BoardCaseType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** null: any fee */
    minFeeNetGrosze: integer('min_fee_net_grosze'),
    email: boolean('email').notNull().default(true),
    push: boolean('push').notNull().default(false),
    digest: boolean('digest').notNull().default(false),
    /** 'HH:mm' Warsaw; both null: no quiet hours */
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    /** The Warsaw day ('YYYY-MM-DD') of the last daily digest: one a day, on any number of instances. */
    digestSentOn: text('digest_sent_on'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_settings_court_ids_idx').using('gin', t.courtIds),
    index('alert_settings_area_court_ids_idx').using('gin', t.areaCourtIds),
    index('alert_settings_cities_idx').using('gin', t.cities),
    index('alert_settings_digest_idx')
      .on(t.digestSentOn)
      .where(sql`${t.digest}`),
    check('alert_settings_quiet_both', sql`(${t.quietFrom} is null) = (${t.quietTo} is null)`),
  ],
);

/** A browser's Web Push subscription (PushSubscription.toJSON()); gone when the push service says 404/410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export const BOARD_ALERT_CHANNELS = ['email', 'push'] as const;
export const BOARD_ALERT_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;

/**
 * The alerts' outbox: one row per request, substitute and channel, written in the posting
 * transaction (so an alert exists exactly when its request does), sent by a worker that claims due
 * rows with FOR UPDATE SKIP LOCKED and a lease (sent once with several instances; a crash leaves
 * the row to be claimed again after the lease). `due_at` is the wave's time; `next_attempt_at` the
 * claim and retry time.
 */
export const boardAlerts = pgTable(
  'board_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => boardRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: BOARD_ALERT_CHANNELS }).notNull(),
    /** 1: favourites (or everyone, urgent); 2: the rest */
    wave: integer('wave').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: BOARD_ALERT_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('board_alerts_once').on(t.requestId, t.userId, t.channel),
    index('board_alerts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('board_alerts_channel_valid', sql`${t.channel} in ('email', 'push')`),
    check('board_alerts_status_valid', sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`),
  ],
);

export type AlertSettingsRow = typeof alertSettings.$inferSelect;
export type BoardAlertRow = typeof boardAlerts.$inferSelect;

import { LICENCE_CODE_CHANNELS, LICENCE_SOURCES } from '@substytut/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profile.ts';
import { users } from './users.ts';

/**
 * The evidence of every licence check (issue 22): what was asked, where, the register's answer
 * (address, time, SHA-256 of the page, the fields read from it) and the outcome, or a person's
 * decision. Rows are never changed; the profile's licence columns hold the current state.
 */
export const licenceChecks = pgTable(
  'licence_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    askedName: text('asked_name').notNull(),
    askedType: text('asked_type').notNull(),
    askedLicenseNo: text('asked_license_no').notNull(),
    source: text('source', { enum: LICENCE_SOURCES }).notNull(),
    url: text('url'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    sha256: text('sha256'),
    parsed: jsonb('parsed').$type<Record<string, unknown>>(),
    /** verified | rejected | manual_review | unavailable */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('licence_checks_profile_idx').on(t.profileId, t.createdAt),
    // The register cache: the last answer for the same number.
    index('licence_checks_cache_idx').on(t.source, t.askedLicenseNo, t.fetchedAt),
  ],
);

/**
 * One row per outside register: when its next request may go out. Instances share it through the
 * database, so the whole deployment keeps to the register's crawl delay (rejestradwokatow.pl's
 * robots.txt asks for 10 s) however many instances run.
 */
export const licenceRegisterSlots = pgTable('licence_register_slots', {
  register: text('register').primaryKey(),
  nextRequestAt: timestamp('next_request_at', { withTimezone: true }).notNull(),
});

/**
 * Issue 30: the one-time code that proves the account holder reads the contact the register lists
 * for the entry. One row per profile (a new code replaces the old one); only a salted hash of the
 * code is kept. Deleted when the code is used, or when the name or number changes.
 */
export const licenceCodes = pgTable('licence_codes', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  /** hex salt ':' hex HMAC-SHA256(salt, code) */
  codeHash: text('code_hash').notNull(),
  channel: text('channel', { enum: LICENCE_CODE_CHANNELS }).notNull(),
  /** the register's contact the code went to */
  sentTo: text('sent_to').notNull(),
  /** the entry number the code proves */
  licenseNo: text('license_no').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** codes sent since `windowStartedAt` (at most LICENCE_CODE_SENDS_PER_DAY a day) */
  sends: integer('sends').notNull().default(1),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

export type LicenceCodeRow = typeof licenceCodes.$inferSelect;
export type LicenceCheckRow = typeof licenceChecks.$inferSelect;

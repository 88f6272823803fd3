import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema.ts';

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'downloaded', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * A lawyer's export of their data (GDPR art. 15 and 20): a ZIP made in the background, stored
 * under `private/` (never served by /storage), downloaded once before it expires. Only a sha256 of
 * the mailed download secret is stored.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    /** 0–100, for the progress bar */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    tokenHash: text('token_hash').notNull(),
    size: integer('size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('data_exports_token_hash_unique').on(t.tokenHash),
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    check('data_exports_status_valid', sql`${t.status} in ('pending', 'ready', 'downloaded', 'failed')`),
    check('data_exports_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * Seolinks of deleted lawyers: their page answers 410 Gone (until a new profile takes the link).
 * Holds no personal data beyond the link itself.
 */
export const deletedProfilePages = pgTable('deleted_profile_pages', {
  seolink: text('seolink').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

export const DATA_REQUEST_KINDS = ['export', 'delete'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/**
 * A payer's (client without an account) request for their data or its deletion, confirmed through
 * a secret link mailed to the address. Only a sha256 of the secret is stored; the row is deleted
 * when used.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    kind: text('kind', { enum: DATA_REQUEST_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_requests_token_hash_unique').on(t.tokenHash),
    index('data_requests_email_idx').on(t.email, t.createdAt),
    check('data_requests_kind_valid', sql`${t.kind} in ('export', 'delete')`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lowercase; the check keeps a forgotten toLowerCase() from creating a duplicate account.
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('user'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    locale: text('locale', { enum: ['pl', 'en'] })
      .notNull()
      .default('pl'),
    // When the owner was last told of repeated failed logins (auth.service: at most one a day).
    loginAlertSentAt: timestamp('login_alert_sent_at', { withTimezone: true }),
    /**
     * Set when the account was deleted (GDPR art. 17): the row stays, emptied, only while the
     * payments and invoice data of its offers must be kept (RETENTION in packages/shared).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_locale_valid', sql`${t.locale} in ('pl', 'en')`),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // sha256 hex of the bearer token; the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull().default('auth'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_unique').on(t.tokenHash),
    index('access_tokens_user_id_idx').on(t.userId),
  ],
);

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    locale: text('locale', { enum: ['pl', 'en'] })
      .notNull()
      .default('pl'),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Files sent with the message (e.g. a hearing's .ics invitation); null for none. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_to_idx').on(t.to),
    check('mail_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type AccessToken = typeof accessTokens.$inferSelect;
/** Text content (an .ics is text); `contentType` may carry parameters such as method=REQUEST. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64' for a binary file (an invoice PDF); text otherwise (an .ics) */
  encoding?: 'base64';
}
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

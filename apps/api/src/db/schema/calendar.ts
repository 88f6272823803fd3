import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A lawyer's private calendar feed (issue 23): /api/calendar/{token}.ics lists their paid
 * hearings. Only the token's sha256 is stored; regenerating revokes the old one, so at most one
 * feed per user is live.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash),
    uniqueIndex('calendar_feeds_live_per_user')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
    index('calendar_feeds_user_idx').on(t.userId),
  ],
);

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

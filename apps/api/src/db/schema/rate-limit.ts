import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counts of the rate limiter when several instances share the database (one fixed window
 * per route and client key). A row whose window has ended counts from zero again on its next hit,
 * and is deleted by a later sweep (modules/app/rate-limit.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** 'POST /api/login' */
    route: text('route').notNull(),
    /** the client's key, by default its address */
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.route, t.key] }),
    index('rate_limit_counters_window_end_idx').on(t.windowEnd),
  ],
);

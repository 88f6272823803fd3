import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The administrator's summary, kept current by triggers in the same statement (and so the same
 * transaction) as every change to offers, profiles and payments (0009_offer_lifecycle.sql): the
 * summary reads a few dozen rows instead of counting a million.
 */

/** Rows per status of a table ('offers' or 'profiles'). */
export const statusCounts = pgTable(
  'status_counts',
  {
    entity: text('entity', { enum: ['offers', 'profiles'] }).notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.status] })],
);

/** Money taken per Warsaw calendar day: payments in paid or disputed status, by their pay date. */
export const paidVolumeDaily = pgTable('paid_volume_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  grossGrosze: bigint('gross_grosze', { mode: 'number' }).notNull().default(0),
  payments: integer('payments').notNull().default(0),
});

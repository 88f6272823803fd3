import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A lawyer's connected account at the payment provider (spec: stripeAccountId). One per user; a
 * switch of provider (sandbox -> Stripe) replaces it on the next connection.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    accountId: text('account_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    /** the account can receive transfers and pay them out: what an active profile needs */
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    // The provider's time of the state last applied; an older event arriving late is ignored.
    stateAt: timestamp('state_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_accounts_user_id_unique').on(t.userId),
    check('payment_accounts_provider_valid', sql`${t.provider} in ('sandbox', 'stripe')`),
  ],
);

/**
 * Every provider event applied, recorded in the same transaction as its effect: the unique key
 * makes a repeated delivery change nothing.
 */
export const processedEvents = pgTable(
  'processed_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('processed_events_provider_event_unique').on(t.provider, t.eventId)],
);

/**
 * Links to the sandbox provider's own pages (onboarding, account dashboard). Only a sha256 of
 * the random token is stored; a token opens one account's pages until it expires.
 */
export const sandboxPaymentLinks = pgTable(
  'sandbox_payment_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => paymentAccounts.accountId, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['onboarding', 'dashboard'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_payment_links_account_idx').on(t.accountId),
    check('sandbox_payment_links_purpose_valid', sql`${t.purpose} in ('onboarding', 'dashboard')`),
  ],
);

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

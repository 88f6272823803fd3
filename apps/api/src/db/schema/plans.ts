import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS } from './payments.ts';
import { users } from './users.ts';

/**
 * A lawyer's Pro subscription as the payment provider last reported it (issue 34 §3, decision
 * 049). One per user; none means Basic. Pro is in force while `current_period_end` is ahead
 * (`effectivePlan` in shared): a subscription cancelled at the period's end stays Pro until then,
 * and one whose renewal failed ends (the provider reports it ended) and the lawyer is on Basic.
 */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['pro'] })
      .notNull()
      .default('pro'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** active: renews at the period's end; ended: cancelled or its renewal failed */
    status: text('status', { enum: ['active', 'ended'] }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** why it ended: cancelled by the lawyer, or the renewal's payment failed */
    endReason: text('end_reason', { enum: ['cancelled', 'renewal_failed'] }),
    /** the provider's time of the state last applied; an older event arriving late is ignored */
    stateAt: timestamp('state_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_subscriptions_provider_id_unique').on(t.provider, t.subscriptionId),
    check('plan_subscriptions_status_valid', sql`${t.status} in ('active', 'ended')`),
  ],
);

/**
 * The sandbox provider's subscriptions (its hosted subscribe page is served by the app, like its
 * checkout). `renewal_fails`: the sandbox's stand-in for a card that is later declined, so a
 * failed renewal can be tried offline. Only a sha256 of the page token is stored.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    subscriptionId: text('subscription_id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['open', 'active', 'ended'] })
      .notNull()
      .default('open'),
    /** gross grosze charged each month */
    amount: integer('amount').notNull(),
    customerEmail: text('customer_email').notNull(),
    locale: text('locale', { enum: ['pl', 'en'] })
      .notNull()
      .default('pl'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    renewalFails: boolean('renewal_fails').notNull().default(false),
    /** each month's charge: how many were taken */
    charges: integer('charges').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
    check('sandbox_subscriptions_status_valid', sql`${t.status} in ('open', 'active', 'ended')`),
  ],
);

export type PlanSubscriptionRow = typeof planSubscriptions.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;

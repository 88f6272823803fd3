import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paymentAccounts } from './payments.ts';

/** The embedded sandbox payment provider's own records (modules/payments/sandbox-*.ts). */

/**
 * The sandbox provider's checkout sessions (its hosted page is served by the app). Only a sha256
 * of the page token is stored; the token in the link also guards the page's forms.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    sessionId: text('session_id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    amount: integer('amount').notNull(),
    title: text('title').notNull(),
    payee: text('payee').notNull(),
    customerEmail: text('customer_email').notNull(),
    locale: text('locale', { enum: ['pl', 'en'] })
      .notNull()
      .default('pl'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentRef: text('payment_ref'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_checkouts_idempotency_unique').on(t.idempotencyKey),
    index('sandbox_checkouts_status_expires_idx').on(t.status, t.expiresAt),
    check('sandbox_checkouts_status_valid', sql`${t.status} in ('open', 'complete', 'expired')`),
  ],
);

/** Transfers the sandbox provider made to connected accounts; its dashboard page lists them. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    transferId: text('transfer_id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => paymentAccounts.accountId, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    transferGroup: text('transfer_group').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_transfers_idempotency_unique').on(t.idempotencyKey),
    index('sandbox_transfers_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** Refunds the sandbox provider made to clients; the lawyer's sandbox dashboard lists those of their offers. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    /** the sandbox checkout's payment the money goes back from */
    paymentRef: text('payment_ref').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_unique').on(t.idempotencyKey),
    index('sandbox_refunds_payment_ref_idx').on(t.paymentRef),
    check('sandbox_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;

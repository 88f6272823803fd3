import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { offerPayments } from './offer-payments.ts';
import { offers } from './offers.ts';
import { profiles } from './profile.ts';
import { INVOICE_FAILURE_REASONS, INVOICE_KINDS, INVOICE_MODES, KSEF_STATUSES } from '@substytut/shared';

/**
 * One structured invoice: ZAL advance, ROZ settlement, KOR correction, VAT the platform's own fee
 * invoice (docs/decisions/022-invoices-advance-and-settlement.md). The FA(3) XML is stored as
 * issued: its sha256 is in the KOD I link, so the text is never rewritten. Amounts are integer grosze; a KOR carries the (negative) difference.
 * The ksef_* columns and upo_key are written back by the KSeF outbox worker (modules/ksef).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the seller: the lawyer; null for the platform's own fee invoice (seller = the operator) */
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'restrict' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    /** the payment whose payer is the buyer (ZAL/ROZ/KOR); null for the platform's fee invoice */
    paymentId: integer('payment_id').references(() => offerPayments.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    series: text('series').notNull(),
    /** the number within the seller's series and year, gapless */
    seq: integer('seq').notNull(),
    /** the full invoice number as printed ('FV/7/2026') */
    number: text('number').notNull(),
    /** Warsaw calendar day (P_1) */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** the day the payment came in (P_6 of a ZAL) or the service was completed (ROZ) */
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    correctedInvoiceId: integer('corrected_invoice_id'),
    /** the offer_refunds row a KOR corrects for (issue 23); unique so a refund corrects once */
    refundId: integer('refund_id'),
    netGrosze: integer('net_grosze').notNull(),
    vatGrosze: integer('vat_grosze').notNull(),
    grossGrosze: integer('gross_grosze').notNull(),
    xml: text('xml').notNull(),
    /** sha256 of the XML bytes, hex (the KOD I link carries it base64url) */
    sha256: text('sha256').notNull(),
    mode: text('mode', { enum: INVOICE_MODES }).notNull(),
    ksefStatus: text('ksef_status', { enum: KSEF_STATUSES }).notNull(),
    ksefNumber: text('ksef_number'),
    ksefError: text('ksef_error'),
    /** KSeF's code of its refusal (440 a duplicate, 450 …); null while none */
    ksefErrorCode: integer('ksef_error_code'),
    upoKey: text('upo_key'),
    /**
     * sha256 of the secret in the payer's mail link to this invoice (issue 34, decision 045): the
     * link works without the paying browser's cookie, for as long as the invoice is kept. Null for
     * the operator's fee invoices (the lawyer downloads those from the dashboard).
     */
    payerTokenHash: text('payer_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_seller_number_unique')
      .on(t.profileId, t.number)
      .where(sql`${t.profileId} is not null`),
    uniqueIndex('invoices_platform_number_unique')
      .on(t.number)
      .where(sql`${t.profileId} is null`),
    // One advance and one settlement per paid offer, one fee invoice, one correction per refund:
    // a repeated payment event or a retried job cannot invoice twice.
    uniqueIndex('invoices_offer_kind_unique')
      .on(t.offerId, t.kind)
      .where(sql`${t.kind} in ('ZAL', 'ROZ', 'VAT')`),
    uniqueIndex('invoices_refund_unique').on(t.refundId),
    uniqueIndex('invoices_payer_token_hash_unique').on(t.payerTokenHash),
    index('invoices_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    index('invoices_offer_idx').on(t.offerId),
    check('invoices_kind_valid', sql`${t.kind} in ('ZAL', 'ROZ', 'KOR', 'VAT')`),
    check('invoices_mode_valid', sql`${t.mode} in ('issue', 'prepare')`),
    check(
      'invoices_ksef_status_valid',
      sql`${t.ksefStatus} in ('prepared', 'queued', 'sent', 'accepted', 'rejected')`,
    ),
    check('invoices_gross_is_net_plus_vat', sql`${t.grossGrosze} = ${t.netGrosze} + ${t.vatGrosze}`),
    check('invoices_seq_positive', sql`${t.seq} > 0`),
  ],
);

/**
 * The lawyer's choice in the billing tab. The KSeF token is kept only encrypted (AES-256-GCM,
 * app/token-crypto.ts) and no endpoint ever returns it; `ksef_token_set_at` tells the UI one is set.
 */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    profileId: integer('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: INVOICE_MODES }).notNull().default('prepare'),
    /** the lawyer's numbering pattern, canonical ('ADW/{nr}/{rok}'; packages/shared invoice.ts) */
    numberPattern: text('number_pattern').notNull().default('FV/{nr}/{rok}'),
    ksefTokenEncrypted: text('ksef_token_encrypted'),
    ksefTokenSetAt: timestamp('ksef_token_set_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoice_settings_mode_valid', sql`${t.mode} in ('issue', 'prepare')`),
    // The product issues only with a token to authenticate in KSeF.
    check(
      'invoice_settings_issue_needs_token',
      sql`${t.mode} = 'prepare' or ${t.ksefTokenEncrypted} is not null`,
    ),
  ],
);

/**
 * The next number of each seller's series per calendar year ('platform' for the operator,
 * 'nip:<NIP>' for a lawyer: every account invoicing as one NIP shares it, and it outlives the
 * accounts, so a firm's advocates and a re-registered lawyer never repeat a number; issue 30). Taken with an UPDATE … RETURNING in the transaction that inserts
 * the invoice: the row lock makes racing payments wait, and a rollback returns the number, so the
 * numbering has no gaps and no repeats.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    seller: text('seller').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    nextNumber: integer('next_number').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.seller, t.series, t.year] }),
    check('invoice_counters_next_positive', sql`${t.nextNumber} > 0`),
  ],
);

/**
 * An invoice the lifecycle called for but could not make (no invoice data, an XML the FA(3) schema
 * refuses, …; issue 30): one row per event, shown to the lawyer and the administrator until a retry
 * issues it. What the retry needs is kept: the payment, the refund, the fee.
 */
export const invoiceFailures = pgTable(
  'invoice_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    /** true for the operator's fee invoice to the lawyer */
    platform: boolean('platform').notNull().default(false),
    paymentId: integer('payment_id'),
    /** the offer_refunds row a correction was for; 0 for the other kinds (one key, no NULLs) */
    refundId: integer('refund_id').notNull().default(0),
    /** the fee kept from the payout (the platform's VAT invoice) */
    feeGrosze: integer('fee_grosze'),
    reason: text('reason', { enum: INVOICE_FAILURE_REASONS }).notNull(),
    details: text('details')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_failures_event_unique').on(t.offerId, t.kind, t.platform, t.refundId),
    check('invoice_failures_kind_valid', sql`${t.kind} in ('ZAL', 'ROZ', 'KOR', 'VAT')`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceFailureRow = typeof invoiceFailures.$inferSelect;
export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;

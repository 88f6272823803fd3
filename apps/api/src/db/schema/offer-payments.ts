import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { offers } from './offers.ts';
import { PAYMENT_PROVIDERS } from './payments.ts';

/** A payer's hearing correction as stored (HearingData with the time as ISO 8601). */
export interface StoredHearingCorrection {
  courtId: string | null;
  division: string | null;
  caseNumber: string | null;
  startsAt: string | null;
  mode: 'in_person' | 'remote' | null;
  remoteLink: string | null;
  party: string | null;
}

/** The lawyer granting the substitution, as the payer gave it in step 2 (issue 24). */
export interface StoredGrantor {
  name: string;
  /** 'adwokat' | 'radca-prawny' */
  professionalType: string;
  licenseNo: string;
  officeAddress: string;
}

/**
 * `refunding`: the money came in for an offer another payment had already paid, and is being
 * returned (the refund is retried until the provider took it; then `refunded`).
 */
export const PAYMENT_STATUSES = [
  'open',
  'paid',
  'expired',
  'failed',
  'refunding',
  'refunded',
  'disputed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A client's payment of an offer (spec 3 "Payment"): the invoice data they entered and the
 * checkout opened at the provider. `open` while the checkout can still be paid. Each payer has
 * their own checkout (decision 013), so an offer may have several open ones; the first paid one
 * pays the offer, the others are ended at the provider, and one paid anyway is refunded.
 *
 * The offer cannot be deleted while a payment references it (restrict): the offers feature
 * ends unpaid checkouts first (offers.service deleteOffer), and paid offers are never deleted.
 */
export const offerPayments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** the provider's checkout session id (spec: externalId) */
    externalId: text('external_id').notNull(),
    payLink: text('pay_link').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
    /** gross, in grosze: what the client is charged */
    price: integer('price').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    street: text('street').notNull(),
    city: text('city').notNull(),
    postCode: text('post_code').notNull(),
    invoice: boolean('invoice').notNull().default(true),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    phone: text('phone').notNull().default(''),
    nip: text('nip'),
    /** the language of the client's mails */
    locale: text('locale', { enum: ['pl', 'en'] })
      .notNull()
      .default('pl'),
    /** the provider's payment (Stripe PaymentIntent) once paid: refunds, disputes and transfers name it */
    paymentRef: text('payment_ref'),
    /** when the checkout stops accepting payment */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    payDate: timestamp('pay_date', { withTimezone: true }),
    /** what happened after payment (refund, dispute), for the operator */
    note: text('note'),
    /**
     * The hearing details this payer added or corrected in step 2 (issue 23), applied to the
     * offer when this checkout pays it; null when they changed nothing.
     */
    hearing: jsonb('hearing').$type<StoredHearingCorrection>(),
    /**
     * sha256 of the random secret in the paying browser's cookie: only that browser gets this
     * checkout back (decision 013)
     */
    payerHash: text('payer_hash'),
    /** The payer said they are the lawyer granting the substitution (issue 24); null when not. */
    grantor: jsonb('grantor').$type<StoredGrantor>(),
    /**
     * sha256 of the secret in the payment confirmation mail's link to the substitution document;
     * set when this payment pays the offer (decision 021)
     */
    documentTokenHash: text('document_token_hash'),
    /**
     * The platform's fee of the lawyer's plan when this payment paid the offer, in basis points
     * (issue 34 §3, decision 049): every payout of it withholds this, whatever plan the lawyer
     * is on later. Null for payments made before plans (their fee is PLATFORM_FEE_PERCENT's).
     */
    feeBasisPoints: integer('fee_basis_points'),
    /** paid after another payment had already paid the offer: refunded, never passed on */
    duplicate: boolean('duplicate').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_external_unique').on(t.provider, t.externalId),
    // The clock job's sweeps look for these two (few) statuses every minute.
    index('payments_unsettled_idx')
      .on(t.status)
      .where(sql`${t.status} in ('open', 'refunding')`),
    index('payments_offer_idx').on(t.offerId),
    uniqueIndex('payments_document_token_hash_unique').on(t.documentTokenHash),
    index('payments_payment_ref_idx').on(t.paymentRef),
    check(
      'payments_status_valid',
      sql`${t.status} in ('open', 'paid', 'expired', 'failed', 'refunding', 'refunded', 'disputed')`,
    ),
    check('payments_price_positive', sql`${t.price} > 0`),
    check(
      'payments_fee_basis_points_valid',
      sql`${t.feeBasisPoints} is null or ${t.feeBasisPoints} between 0 and 10000`,
    ),
  ],
);

export const PAYOUT_STATUSES = ['pending', 'sent'] as const;

/**
 * The lawyer's share of a paid offer, transferred to their connected account once the client
 * confirmed the job or the acceptance window passed. One per offer (unique), recorded in the
 * transaction that accepts or archives the offer and sent afterwards with an idempotency key per
 * offer, so a retry or a second instance never pays twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => offerPayments.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    accountId: text('account_id').notNull(),
    /** grosze transferred: the gross minus the platform fee */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    transferId: text('transfer_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_offer_unique').on(t.offerId),
    index('payouts_status_idx').on(t.status),
    check('payouts_status_valid', sql`${t.status} in ('pending', 'sent')`),
    check('payouts_amount_valid', sql`${t.amount} >= 0 and ${t.fee} >= 0`),
  ],
);

export type OfferPaymentRow = typeof offerPayments.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

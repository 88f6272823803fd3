import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  offerPayments,
  payouts,
  type OfferPaymentRow,
  type PaymentStatus,
} from '../../db/schema/offer-payments.ts';
import { offerRefunds, type OfferRefundRow } from '../../db/schema/disputes.ts';
import { offers } from '../../db/schema.ts';
import type { PaymentProviderKind } from '../../db/schema/payments.ts';
import type { Locale } from '@substytut/shared/locale';

/**
 * The money of an offer: its payments (one checkout per payer, decision 013), its payout and its
 * refunds. Whoever changes a payment locks its offer first (offers.repo lockOffer), so locks
 * come in one order.
 */

/** The payments of an offer started from the browser whose payer secret hashes to `payerHash`. */
export async function findPayerPayments(
  db: DbOrTx,
  offerId: number,
  payerHash: string,
): Promise<OfferPaymentRow[]> {
  return db
    .select()
    .from(offerPayments)
    .where(and(eq(offerPayments.offerId, offerId), eq(offerPayments.payerHash, payerHash)))
    .orderBy(desc(offerPayments.id));
}

/** true while some payer's checkout of the offer can still be paid at the provider. */
export async function hasPayableCheckout(db: DbOrTx, offerId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: offerPayments.id })
    .from(offerPayments)
    .where(
      and(
        eq(offerPayments.offerId, offerId),
        eq(offerPayments.status, 'open'),
        gt(offerPayments.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Checkouts still open on offers that are already paid (or on one such offer). */
export async function findOpenCheckoutsOfPaidOffers(
  db: DbOrTx,
  offerId?: number,
): Promise<Pick<OfferPaymentRow, 'id' | 'offerId' | 'externalId'>[]> {
  return db
    .select({ id: offerPayments.id, offerId: offerPayments.offerId, externalId: offerPayments.externalId })
    .from(offerPayments)
    .innerJoin(offers, eq(offers.id, offerPayments.offerId))
    .where(
      and(
        eq(offerPayments.status, 'open'),
        // Still payable: an expired offer may yet be paid (expired → payed).
        notInArray(offers.status, ['active', 'paystart', 'expired']),
        offerId === undefined ? undefined : eq(offerPayments.offerId, offerId),
      ),
    );
}

/** Payments waiting for their refund (all, or one). */
export async function findPaymentsToRefund(db: DbOrTx, paymentId?: number): Promise<OfferPaymentRow[]> {
  return db
    .select()
    .from(offerPayments)
    .where(
      and(
        eq(offerPayments.status, 'refunding'),
        paymentId === undefined ? undefined : eq(offerPayments.id, paymentId),
      ),
    );
}

export async function countPayments(db: DbOrTx, offerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(offerPayments)
    .where(eq(offerPayments.offerId, offerId));
  return row?.count ?? 0;
}

export async function insertPayment(
  db: DbOrTx,
  values: typeof offerPayments.$inferInsert,
): Promise<OfferPaymentRow> {
  const [row] = await db.insert(offerPayments).values(values).returning();
  if (!row) throw new Error('payments insert returned no row');
  return row;
}

/** Not locked: whoever changes it locks its offer first (lockOffer), so locks come in one order. */
export async function findPaymentBySession(
  db: DbOrTx,
  provider: PaymentProviderKind,
  sessionId: string,
): Promise<OfferPaymentRow | null> {
  const [row] = await db
    .select()
    .from(offerPayments)
    .where(and(eq(offerPayments.provider, provider), eq(offerPayments.externalId, sessionId)))
    .limit(1);
  return row ?? null;
}

/** The statuses of the payments behind these checkout sessions, by session id. */
export async function paymentStatusesBySession(
  db: DbOrTx,
  provider: PaymentProviderKind,
  sessionIds: string[],
): Promise<Map<string, PaymentStatus>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: offerPayments.externalId, status: offerPayments.status })
    .from(offerPayments)
    .where(and(eq(offerPayments.provider, provider), inArray(offerPayments.externalId, sessionIds)));
  return new Map(rows.map((row) => [row.sessionId, row.status]));
}

/** Moves a payment to `to` only from one of `from`; the changed row, or null when it was elsewhere. */
export async function setPaymentStatus(
  db: DbOrTx,
  paymentId: number,
  from: PaymentStatus[],
  values: Partial<typeof offerPayments.$inferInsert> & { status: PaymentStatus; updatedAt: Date },
): Promise<OfferPaymentRow | null> {
  const [row] = await db
    .update(offerPayments)
    .set(values)
    .where(and(eq(offerPayments.id, paymentId), inArray(offerPayments.status, from)))
    .returning();
  return row ?? null;
}

export async function setPaymentStatusByRef(
  db: DbOrTx,
  provider: PaymentProviderKind,
  paymentRef: string,
  from: PaymentStatus[],
  values: { status: PaymentStatus; note: string; updatedAt: Date },
  /**
   * only when at least the whole price came back: a partial refund (a dispute settled in part)
   * leaves a paid payment as it is; one under a bank's chargeback is never passed on anyway
   */
  coveringAmount?: number,
): Promise<OfferPaymentRow[]> {
  return db
    .update(offerPayments)
    .set(values)
    .where(
      and(
        eq(offerPayments.provider, provider),
        eq(offerPayments.paymentRef, paymentRef),
        inArray(offerPayments.status, from),
        coveringAmount === undefined
          ? undefined
          : or(lte(offerPayments.price, coveringAmount), eq(offerPayments.status, 'disputed')),
      ),
    )
    .returning();
}

/**
 * The payment that paid the offer, whose money a payout passes on and whose payer the offer's
 * mails go to; a duplicate (refunded because another payment came first) never counts.
 */
export async function findPaidPayment(db: DbOrTx, offerId: number): Promise<OfferPaymentRow | null> {
  const [row] = await db
    .select()
    .from(offerPayments)
    .where(
      and(
        eq(offerPayments.offerId, offerId),
        eq(offerPayments.duplicate, false),
        inArray(offerPayments.status, ['paid', 'refunded', 'disputed']),
      ),
    )
    .orderBy(desc(offerPayments.payDate))
    .limit(1);
  return row ?? null;
}

/** A delayed payment method's reference, known before its money arrives. */
export async function setPaymentRef(
  db: DbOrTx,
  paymentId: number,
  paymentRef: string,
  now: Date,
): Promise<void> {
  await db.update(offerPayments).set({ paymentRef, updatedAt: now }).where(eq(offerPayments.id, paymentId));
}

/** The payment whose confirmation mail's secret link (to the substitution document) hashes so. */
export async function findPaymentByDocumentToken(
  db: DbOrTx,
  tokenHash: string,
): Promise<OfferPaymentRow | null> {
  const [row] = await db
    .select()
    .from(offerPayments)
    .where(eq(offerPayments.documentTokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** The hash of the payment confirmation's secret link to the substitution document. */
export async function setDocumentTokenHash(db: DbOrTx, paymentId: number, tokenHash: string): Promise<void> {
  await db.update(offerPayments).set({ documentTokenHash: tokenHash }).where(eq(offerPayments.id, paymentId));
}

/** The hearing correction a payer sent with their (reused) checkout; only while it is open. */
export async function setPaymentHearing(
  db: DbOrTx,
  paymentId: number,
  hearing: OfferPaymentRow['hearing'],
): Promise<void> {
  await db
    .update(offerPayments)
    .set({ hearing })
    .where(and(eq(offerPayments.id, paymentId), eq(offerPayments.status, 'open')));
}

/** Open checkouts of an offer: they must be ended at the provider before the offer goes. */
export async function openCheckoutsOf(db: DbOrTx, offerId: number) {
  return db
    .select({ id: offerPayments.id, externalId: offerPayments.externalId })
    .from(offerPayments)
    .where(and(eq(offerPayments.offerId, offerId), eq(offerPayments.status, 'open')));
}

/** The client who paid the offer: the one the "job done" mail goes to. */
export async function findPayer(
  db: DbOrTx,
  offerId: number,
): Promise<{ email: string; locale: Locale } | null> {
  const [row] = await db
    .select({ email: offerPayments.email, locale: offerPayments.locale })
    .from(offerPayments)
    .where(and(eq(offerPayments.offerId, offerId), eq(offerPayments.status, 'paid')))
    .orderBy(desc(offerPayments.payDate))
    .limit(1);
  return row ?? null;
}

/** Records the payout once per offer; false when it was already there. */
export async function insertPayout(db: DbOrTx, values: typeof payouts.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(payouts)
    .values(values)
    .onConflictDoNothing({ target: payouts.offerId })
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** Payouts recorded and not yet sent (all, or one offer's), with what the transfer names. */
export async function findPendingPayouts(db: DbOrTx, offerId?: number) {
  return db
    .select({ payout: payouts, title: offers.title, paymentRef: offerPayments.paymentRef })
    .from(payouts)
    .innerJoin(offers, eq(offers.id, payouts.offerId))
    .innerJoin(offerPayments, eq(offerPayments.id, payouts.paymentId))
    .where(
      and(eq(payouts.status, 'pending'), offerId === undefined ? undefined : eq(payouts.offerId, offerId)),
    );
}

/** false when another run sent it meanwhile. */
export async function markPayoutSent(
  db: DbOrTx,
  payoutId: number,
  transferId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ status: 'sent', transferId, sentAt: now, lastError: null })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

export async function markPayoutFailed(
  db: DbOrTx,
  payoutId: number,
  attempts: number,
  lastError: string,
): Promise<void> {
  await db.update(payouts).set({ attempts, lastError }).where(eq(payouts.id, payoutId));
}

export async function insertRefund(
  db: DbOrTx,
  values: typeof offerRefunds.$inferInsert,
): Promise<OfferRefundRow> {
  const [row] = await db.insert(offerRefunds).values(values).returning();
  if (!row) throw new Error('offer_refunds insert returned no row');
  return row;
}

export async function refundsOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, OfferRefundRow>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db.select().from(offerRefunds).where(inArray(offerRefunds.offerId, offerIds));
  return new Map(rows.map((row) => [row.offerId, row]));
}

/** The payments that paid these offers (duplicates never count). */
function paidPaymentsOf(db: DbOrTx, offerIds: number[]) {
  return db
    .select({
      offerId: offerPayments.offerId,
      price: offerPayments.price,
      email: offerPayments.email,
      phone: offerPayments.phone,
      firstname: offerPayments.firstname,
      lastname: offerPayments.lastname,
      company: offerPayments.company,
      feeBasisPoints: offerPayments.feeBasisPoints,
    })
    .from(offerPayments)
    .where(
      and(
        inArray(offerPayments.offerId, offerIds),
        eq(offerPayments.duplicate, false),
        inArray(offerPayments.status, ['paid', 'refunded', 'disputed']),
      ),
    );
}

/** Gross paid per offer by the payment that paid it (duplicates never count). */
export async function paidAmountsOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, number>> {
  if (offerIds.length === 0) return new Map();
  const rows = await paidPaymentsOf(db, offerIds);
  return new Map(rows.map((row) => [row.offerId, row.price]));
}

/** Who paid each offer, with their contacts (the administrator's disputes, issue 34). */
export async function payersOf(db: DbOrTx, offerIds: number[]) {
  if (offerIds.length === 0) return new Map<number, Awaited<ReturnType<typeof paidPaymentsOf>>[number]>();
  const rows = await paidPaymentsOf(db, offerIds);
  return new Map(rows.map((row) => [row.offerId, row]));
}

/** Refunds the provider has not taken yet (all, or one offer's), with the payment they return. */
export async function findPendingRefunds(db: DbOrTx, offerId?: number) {
  return db
    .select({ refund: offerRefunds, paymentRef: offerPayments.paymentRef, provider: offerPayments.provider })
    .from(offerRefunds)
    .innerJoin(
      offerPayments,
      and(
        eq(offerPayments.offerId, offerRefunds.offerId),
        eq(offerPayments.duplicate, false),
        inArray(offerPayments.status, ['paid', 'refunded', 'disputed']),
      ),
    )
    .where(
      and(
        isNull(offerRefunds.providerRefundRef),
        offerId === undefined ? undefined : eq(offerRefunds.offerId, offerId),
      ),
    )
    .orderBy(asc(offerRefunds.id));
}

/** false when another run recorded it meanwhile. */
export async function markRefundSent(
  db: DbOrTx,
  refundId: number,
  providerRefundRef: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(offerRefunds)
    .set({ providerRefundRef, refundedAt: now, lastError: null })
    .where(and(eq(offerRefunds.id, refundId), isNull(offerRefunds.providerRefundRef)))
    .returning({ id: offerRefunds.id });
  return rows.length > 0;
}

export async function markRefundFailed(db: DbOrTx, refundId: number, lastError: string): Promise<void> {
  await db
    .update(offerRefunds)
    .set({ attempts: sql`${offerRefunds.attempts} + 1`, lastError })
    .where(eq(offerRefunds.id, refundId));
}

/**
 * The offers of a payment (by the provider's reference) whose recorded refund is covered by
 * `amountRefunded`: a refund in part, as a court cancellation with a fee kept (issue 34).
 */
export async function offersRefundedInPart(
  db: DbOrTx,
  provider: PaymentProviderKind,
  paymentRef: string,
  amountRefunded: number,
): Promise<number[]> {
  const rows = await db
    .select({ offerId: offerRefunds.offerId })
    .from(offerRefunds)
    .innerJoin(offerPayments, eq(offerPayments.offerId, offerRefunds.offerId))
    .where(
      and(
        eq(offerPayments.provider, provider),
        eq(offerPayments.paymentRef, paymentRef),
        eq(offerPayments.duplicate, false),
        lte(offerRefunds.amountGrosze, amountRefunded),
      ),
    );
  return rows.map((row) => row.offerId);
}

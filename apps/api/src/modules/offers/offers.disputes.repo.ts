import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offerPayments } from '../../db/schema/offer-payments.ts';
import {
  hearingReports,
  offerRefunds,
  type HearingReportRow,
  type OfferRefundRow,
} from '../../db/schema/disputes.ts';
import { offers, profiles, users, type OfferRow } from '../../db/schema.ts';

export async function insertHearingReport(
  db: DbOrTx,
  values: typeof hearingReports.$inferInsert,
): Promise<HearingReportRow> {
  const [row] = await db.insert(hearingReports).values(values).returning();
  if (!row) throw new Error('hearing_reports insert returned no row');
  return row;
}

export async function insertRefund(
  db: DbOrTx,
  values: typeof offerRefunds.$inferInsert,
): Promise<OfferRefundRow> {
  const [row] = await db.insert(offerRefunds).values(values).returning();
  if (!row) throw new Error('offer_refunds insert returned no row');
  return row;
}

export async function reportsOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, HearingReportRow>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db.select().from(hearingReports).where(inArray(hearingReports.offerId, offerIds));
  return new Map(rows.map((row) => [row.offerId, row]));
}

export async function refundsOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, OfferRefundRow>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db.select().from(offerRefunds).where(inArray(offerRefunds.offerId, offerIds));
  return new Map(rows.map((row) => [row.offerId, row]));
}

/** Gross paid per offer by the payment that paid it (duplicates never count). */
export async function paidAmountsOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, number>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({ offerId: offerPayments.offerId, price: offerPayments.price })
    .from(offerPayments)
    .where(
      and(
        inArray(offerPayments.offerId, offerIds),
        eq(offerPayments.duplicate, false),
        inArray(offerPayments.status, ['paid', 'refunded', 'disputed']),
      ),
    );
  return new Map(rows.map((row) => [row.offerId, row.price]));
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

/** Where the administrators are told of a new dispute. */
export async function adminRecipients(db: DbOrTx) {
  return db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.role, 'admin'));
}

/** The disputes for the admin page: open ones first (oldest first), then the latest resolved. */
export async function listDisputes(db: DbOrTx, limit = 100) {
  const columns = {
    offer: offers,
    lawyer: { firstname: profiles.firstname, lastname: profiles.lastname, email: users.email },
  };
  const base = () =>
    db
      .select(columns)
      .from(offers)
      .innerJoin(profiles, eq(profiles.id, offers.profileId))
      .innerJoin(users, eq(users.id, profiles.userId));
  const open = await base()
    .where(eq(offers.status, 'disputed'))
    .orderBy(asc(offers.disputedAt), asc(offers.id));
  const resolved = await base()
    .where(eq(offers.status, 'resolved'))
    .orderBy(desc(offers.resolvedAt), desc(offers.id))
    .limit(limit);
  return [...open, ...resolved];
}

export async function findOfferById(db: DbOrTx, offerId: number): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
  return row ?? null;
}

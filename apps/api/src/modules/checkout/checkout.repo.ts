import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  offerPayments,
  payouts,
  type OfferPaymentRow,
  type PaymentStatus,
} from '../../db/schema/checkout.ts';
import { offers, profiles, users, type OfferRow } from '../../db/schema.ts';
import type { PaymentProviderKind } from '../../db/schema/payments.ts';

export interface OfferWithLawyer {
  offer: OfferRow;
  profile: {
    id: number;
    userId: string;
    firstname: string;
    lastname: string;
    seolink: string | null;
    status: string;
  };
  lawyer: { email: string; locale: 'pl' | 'en' };
}

const lawyerColumns = {
  offer: offers,
  profile: {
    id: profiles.id,
    userId: profiles.userId,
    firstname: profiles.firstname,
    lastname: profiles.lastname,
    seolink: profiles.seolink,
    status: profiles.status,
  },
  lawyer: { email: users.email, locale: users.locale },
};

/** The offer behind a public link: its token and the seolink of the page it was opened on. */
export async function findPublicOffer(
  db: DbOrTx,
  seolink: string,
  offerUrl: string,
): Promise<OfferWithLawyer | null> {
  const [row] = await db
    .select(lawyerColumns)
    .from(offers)
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(offers.offerUrl, offerUrl), eq(profiles.seolink, seolink)))
    .limit(1);
  return row ?? null;
}

export async function findOfferWithLawyer(db: DbOrTx, offerId: number): Promise<OfferWithLawyer | null> {
  const [row] = await db
    .select(lawyerColumns)
    .from(offers)
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ?? null;
}

/** The offer row, locked until the transaction ends: payment requests for one offer queue up here. */
export async function lockOffer(db: DbOrTx, offerId: number): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1).for('update');
  return row ?? null;
}

export async function findOpenPayment(db: DbOrTx, offerId: number): Promise<OfferPaymentRow | null> {
  const [row] = await db
    .select()
    .from(offerPayments)
    .where(and(eq(offerPayments.offerId, offerId), eq(offerPayments.status, 'open')))
    .limit(1);
  return row ?? null;
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

export async function findPaymentBySession(
  db: DbOrTx,
  provider: PaymentProviderKind,
  sessionId: string,
): Promise<OfferPaymentRow | null> {
  const [row] = await db
    .select()
    .from(offerPayments)
    .where(and(eq(offerPayments.provider, provider), eq(offerPayments.externalId, sessionId)))
    .limit(1)
    .for('update');
  return row ?? null;
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
): Promise<OfferPaymentRow[]> {
  return db
    .update(offerPayments)
    .set(values)
    .where(
      and(
        eq(offerPayments.provider, provider),
        eq(offerPayments.paymentRef, paymentRef),
        inArray(offerPayments.status, from),
      ),
    )
    .returning();
}

/** The payment whose money a payout passes on: the offer's latest paid one. */
export async function findPaidPayment(db: DbOrTx, offerId: number): Promise<OfferPaymentRow | null> {
  const [row] = await db
    .select()
    .from(offerPayments)
    .where(
      and(
        eq(offerPayments.offerId, offerId),
        inArray(offerPayments.status, ['paid', 'refunded', 'disputed']),
      ),
    )
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

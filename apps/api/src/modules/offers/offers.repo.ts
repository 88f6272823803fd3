import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { OFFER_STATUSES, canDelete, type IsoDate, type OfferStatus } from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { publicPagesChanged } from '../app/public-page-cache.ts';
import { offerPayments, offers, profiles, type OfferRow, type ProfileRow } from '../../db/schema.ts';
import type { Locale } from '@substytut/shared/locale';

export { transitionOffer, invalidTransition, INVALID_TRANSITION } from './offers.transitions.ts';

export type OfferWithProfile = { offer: OfferRow; profile: ProfileRow };

const DELETABLE: OfferStatus[] = OFFER_STATUSES.filter(canDelete);

export async function findProfileOfUser(db: DbOrTx, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

export async function insertOffer(db: DbOrTx, values: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  if (!row) throw new Error('insert into offers returned nothing');
  publicPagesChanged();
  return row;
}

/** The profile's offers, newest first. */
export async function listOffersOfProfile(db: DbOrTx, profileId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(eq(offers.profileId, profileId))
    .orderBy(desc(offers.createdAt), desc(offers.id));
}

/** One offer, only when it belongs to the profile (another lawyer's offer is simply not found). */
export async function findOwnOffer(db: DbOrTx, profileId: number, offerId: number): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.profileId, profileId)))
    .limit(1);
  return row ?? null;
}

export async function findOfferWithProfile(db: DbOrTx, offerId: number): Promise<OfferWithProfile | null> {
  const [row] = await db
    .select({ offer: offers, profile: profiles })
    .from(offers)
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ?? null;
}

/** The offer whose card is stored under this key, if any. */
export async function findOfferIdByCardKey(db: DbOrTx, cardKey: string): Promise<number | null> {
  const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.cardKey, cardKey)).limit(1);
  return row?.id ?? null;
}

/** Edits an offer only while it is still `active` (nobody has started paying); null otherwise. */
export async function updateActiveOffer(
  db: DbOrTx,
  profileId: number,
  offerId: number,
  values: Pick<OfferRow, 'title' | 'description' | 'expireDate' | 'netGrosze' | 'grossGrosze' | 'updatedAt'> &
    Partial<
      Pick<
        OfferRow,
        | 'courtId'
        | 'courtDivision'
        | 'caseNumber'
        | 'hearingAt'
        | 'hearingMode'
        | 'remoteLink'
        | 'party'
        | 'hearingSequence'
        | 'hearingReminderAt'
      >
    >,
): Promise<OfferRow | null> {
  const [row] = await db
    .update(offers)
    .set(values)
    .where(and(eq(offers.id, offerId), eq(offers.profileId, profileId), eq(offers.status, 'active')))
    .returning();
  publicPagesChanged();
  return row ?? null;
}

/**
 * Deletes an unpaid offer with its unpaid payment attempts in one statement each, inside the
 * caller's transaction. The conditions are re-checked here so a payment that started or
 * succeeded meanwhile makes the delete a no-op (null) instead of losing it.
 */
export async function deleteUnpaidOffer(
  tx: DbOrTx,
  profileId: number,
  offerId: number,
  endedCheckouts: readonly number[],
): Promise<OfferRow | null> {
  const [locked] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.profileId, profileId), inArray(offers.status, DELETABLE)))
    .for('update');
  if (!locked) return null;
  // Any payment but failed/expired ones, or open ones this request has just ended at the provider,
  // blocks the deletion: it may hold the client's money.
  const [blocking] = await tx
    .select({ id: offerPayments.id })
    .from(offerPayments)
    .where(
      and(
        eq(offerPayments.offerId, offerId),
        notInArray(offerPayments.status, ['expired', 'failed']),
        endedCheckouts.length > 0 ? notInArray(offerPayments.id, [...endedCheckouts]) : undefined,
      ),
    )
    .limit(1);
  if (blocking) return null;
  await tx.delete(offerPayments).where(eq(offerPayments.offerId, offerId));
  const [deleted] = await tx.delete(offers).where(eq(offers.id, offerId)).returning();
  publicPagesChanged();
  return deleted ?? null;
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

/** Offers whose link is live (their card is the og:image someone may fetch). */
export async function liveOfferIdsOfUser(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .where(and(eq(profiles.userId, userId), inArray(offers.status, ['active', 'paystart'])));
  return rows.map((r) => r.id);
}

/** Points the offer at a new card unless another render replaced the card meanwhile. */
export async function swapCardKey(
  db: DbOrTx,
  offerId: number,
  previous: string | null,
  next: string,
): Promise<boolean> {
  const rows = await db
    .update(offers)
    .set({ cardKey: next })
    .where(and(eq(offers.id, offerId), sql`${offers.cardKey} is not distinct from ${previous}`))
    .returning({ id: offers.id });
  publicPagesChanged();
  return rows.length > 0;
}

export async function offerExists(db: DbOrTx, offerId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return row !== undefined;
}

/**
 * Unpaid offers whose expiry day is before `day` (the clock job's due expiries), through
 * the index offers_status_expire_idx (status, expire_date).
 */
export async function unpaidOffersExpiringBefore(db: DbOrTx, day: IsoDate): Promise<number[]> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(inArray(offers.status, ['active', 'paystart']), lt(offers.expireDate, day)));
  return rows.map((r) => r.id);
}

/**
 * Offers done before `cutoff` and still waiting for the client (the clock job's due archivals).
 * Reads the index offers_status_done_at_idx (status, done_at).
 */
export async function offersDoneBefore(db: DbOrTx, cutoff: Date): Promise<number[]> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.status, 'done'), lt(offers.doneAt, cutoff)));
  return rows.map((r) => r.id);
}

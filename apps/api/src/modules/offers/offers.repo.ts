import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import { OFFER_STATUSES, canDelete, type IsoDate, type OfferStatus } from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { publicPagesChanged } from '../app/public-page-cache.ts';
import { offerPayments, offers, profiles, users, type OfferRow, type ProfileRow } from '../../db/schema.ts';
import { hearingReports, type HearingReportRow } from '../../db/schema/disputes.ts';
import type { Locale } from '@substytut/shared/locale';

/**
 * The offer row (with its lawyer, and its hearing report): every read and write of `offers`
 * and `hearing_reports`. Status changes go through offers.transitions.ts; the money of an
 * offer (payments, payouts, refunds) is in money.repo.ts.
 */

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

/** New hearing details on an offer, its calendar event's SEQUENCE one up (the payer's correction). */
export async function replaceHearing(
  db: DbOrTx,
  offerId: number,
  hearing: Partial<typeof offers.$inferInsert>,
  now: Date,
): Promise<OfferRow | null> {
  const [row] = await db
    .update(offers)
    .set({ ...hearing, hearingSequence: sql`${offers.hearingSequence} + 1`, updatedAt: now })
    .where(eq(offers.id, offerId))
    .returning();
  return row ?? null;
}

/** Changes a paid offer's hearing (the court moved it) while it is still `payed`; null otherwise. */
export async function updatePaidHearing(
  db: DbOrTx,
  offerId: number,
  values: Partial<typeof offers.$inferInsert> & { updatedAt: Date },
): Promise<OfferRow | null> {
  const [row] = await db
    .update(offers)
    .set(values)
    .where(and(eq(offers.id, offerId), eq(offers.status, 'payed')))
    .returning();
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

export interface OfferWithLawyer {
  offer: OfferRow;
  profile: {
    id: number;
    userId: string;
    firstname: string;
    lastname: string;
    seolink: string | null;
    status: string;
    /** the professional type id: which substitution document the lawyer receives */
    permissions: string;
    licenceState: string;
  };
  lawyer: { email: string; locale: Locale };
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
    permissions: profiles.permissions,
    licenceState: profiles.licenceState,
  },
  lawyer: { email: users.email, locale: users.locale },
};

/** Offers joined with their lawyer's profile and account (OfferWithLawyer). */
const withLawyer = (db: DbOrTx) =>
  db
    .select(lawyerColumns)
    .from(offers)
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .innerJoin(users, eq(users.id, profiles.userId));

/** The offer behind a public link: its token and the seolink of the page it was opened on. */
export async function findPublicOffer(
  db: DbOrTx,
  seolink: string,
  offerUrl: string,
): Promise<OfferWithLawyer | null> {
  const [row] = await withLawyer(db)
    .where(and(eq(offers.offerUrl, offerUrl), eq(profiles.seolink, seolink)))
    .limit(1);
  return row ?? null;
}

export async function findOfferWithLawyer(db: DbOrTx, offerId: number): Promise<OfferWithLawyer | null> {
  const [row] = await withLawyer(db).where(eq(offers.id, offerId)).limit(1);
  return row ?? null;
}

/** The offer with its lawyer, the offer's row locked until the transaction ends (lockOffer's lock). */
export async function lockOfferWithLawyer(db: DbOrTx, offerId: number): Promise<OfferWithLawyer | null> {
  const [row] = await withLawyer(db).where(eq(offers.id, offerId)).limit(1).for('update', { of: offers });
  return row ?? null;
}

/** The lawyer of an offer the caller already holds (its profile and account), without the offer. */
export async function lawyerOf(db: DbOrTx, offer: OfferRow): Promise<OfferWithLawyer | null> {
  const { offer: _offer, ...columns } = lawyerColumns;
  const [row] = await db
    .select(columns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, offer.profileId))
    .limit(1);
  return row ? { offer, ...row } : null;
}

/** The offer behind an acceptance link, with its lawyer. */
export async function findOfferByAcceptanceToken(
  db: DbOrTx,
  tokenHash: string,
): Promise<OfferWithLawyer | null> {
  const [row] = await withLawyer(db).where(eq(offers.acceptanceTokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** One offer of the user's profile, with its lawyer; null for another lawyer's offer. */
export async function findOwnOfferWithLawyer(
  db: DbOrTx,
  userId: string,
  offerId: number,
): Promise<OfferWithLawyer | null> {
  const [row] = await withLawyer(db)
    .where(and(eq(offers.id, offerId), eq(profiles.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The offer row, locked until the transaction ends: payment requests for one offer queue up here. */
export async function lockOffer(db: DbOrTx, offerId: number): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1).for('update');
  return row ?? null;
}

export async function insertHearingReport(
  db: DbOrTx,
  values: typeof hearingReports.$inferInsert,
): Promise<HearingReportRow> {
  const [row] = await db.insert(hearingReports).values(values).returning();
  if (!row) throw new Error('hearing_reports insert returned no row');
  return row;
}

export async function reportsOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, HearingReportRow>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db.select().from(hearingReports).where(inArray(hearingReports.offerId, offerIds));
  return new Map(rows.map((row) => [row.offerId, row]));
}

/** Where the administrators are told of a new dispute. */
export async function adminRecipients(db: DbOrTx) {
  return db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.role, 'admin'));
}

/** The disputes for the admin page: open ones first (oldest first), then the latest resolved. */
export async function listDisputes(db: DbOrTx, limit = 100) {
  const columns = {
    offer: offers,
    lawyer: {
      firstname: profiles.firstname,
      lastname: profiles.lastname,
      email: users.email,
      phone: profiles.phone,
    },
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

/** Paid offers not yet reminded whose hearing is after `from` and no later than `to`. */
export async function paidHearingsBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ id: offers.id, hearingAt: offers.hearingAt })
    .from(offers)
    .where(
      and(
        eq(offers.status, 'payed'),
        isNull(offers.hearingReminderAt),
        gt(offers.hearingAt, from),
        lte(offers.hearingAt, to),
      ),
    );
}

/** Marks a paid offer's hearing reminded, once: null when it already was (or is no longer paid). */
export async function markHearingReminded(db: DbOrTx, offerId: number, now: Date): Promise<OfferRow | null> {
  const [row] = await db
    .update(offers)
    .set({ hearingReminderAt: now })
    .where(and(eq(offers.id, offerId), isNull(offers.hearingReminderAt), eq(offers.status, 'payed')))
    .returning();
  return row ?? null;
}

/**
 * The lawyer's one answer to an open dispute (issue 34): set only while the offer is disputed and
 * unanswered, in one conditional update, so a second answer or a racing decision changes nothing.
 */
export async function setDisputeAnswer(
  db: DbOrTx,
  offerId: number,
  profileId: number,
  values: { disputeAnswer: string; disputeAnsweredAt: Date; disputeAnswerFileKey: string | null },
): Promise<OfferRow | null> {
  const [row] = await db
    .update(offers)
    .set({ ...values, updatedAt: values.disputeAnsweredAt })
    .where(
      and(
        eq(offers.id, offerId),
        eq(offers.profileId, profileId),
        eq(offers.status, 'disputed'),
        isNull(offers.disputeAnswer),
      ),
    )
    .returning();
  return row ?? null;
}

/** Paid remote hearings in the window that still have no link and whose lawyer was not reminded (issue 34). */
export async function paidRemoteHearingsWithoutLink(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ id: offers.id, hearingAt: offers.hearingAt })
    .from(offers)
    .where(
      and(
        eq(offers.status, 'payed'),
        eq(offers.hearingMode, 'remote'),
        isNull(offers.remoteLink),
        isNull(offers.remoteLinkReminderAt),
        gt(offers.hearingAt, from),
        lte(offers.hearingAt, to),
      ),
    );
}

/** Marks the missing link reminded, once, while it is still missing: null otherwise. */
export async function markRemoteLinkReminded(
  db: DbOrTx,
  offerId: number,
  now: Date,
): Promise<OfferRow | null> {
  const [row] = await db
    .update(offers)
    .set({ remoteLinkReminderAt: now })
    .where(
      and(
        eq(offers.id, offerId),
        isNull(offers.remoteLinkReminderAt),
        isNull(offers.remoteLink),
        eq(offers.hearingMode, 'remote'),
        eq(offers.status, 'payed'),
      ),
    )
    .returning();
  return row ?? null;
}

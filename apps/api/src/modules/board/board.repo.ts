import { and, arrayContains, asc, desc, eq, gt, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { ProfessionalTypeId } from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  boardConflictChecks,
  boardFavourites,
  boardReports,
  boardRequests,
  boardResponses,
} from '../../db/schema/board.ts';
import { offers } from '../../db/schema/offers.ts';
import { offerPayments } from '../../db/schema/offer-payments.ts';
import { profiles, type ProfileRow } from '../../db/schema/profile.ts';
import { users } from '../../db/schema/users.ts';
import type { BoardRequestRow } from './board.deps.ts';

/** The board's queries: requests, answers, conflict checks, reports, and the people behind them. */

export type BoardResponseRow = typeof boardResponses.$inferSelect;
export type BoardConflictCheckRow = typeof boardConflictChecks.$inferSelect;
export type BoardReportRow = typeof boardReports.$inferSelect;

/** The size of the board's first page (the requests nearest in time come first). */
export const BOARD_PAGE_SIZE = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in paths are any text: one that is not a UUID is no request (404), not a database error. */
export const isUuid = (id: string): boolean => UUID.test(id);

export async function insertRequest(db: DbOrTx, values: typeof boardRequests.$inferInsert): Promise<BoardRequestRow> {
  const [row] = await db.insert(boardRequests).values(values).returning();
  if (!row) throw new Error('board request insert returned nothing');
  return row;
}

export async function findRequest(db: DbOrTx, id: string): Promise<BoardRequestRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(boardRequests).where(eq(boardRequests.id, id)).limit(1);
  return row ?? null;
}

/**
 * The board's first page for one substitute: open requests that ask for their profession and
 * still take answers, by hearing time. One SELECT over the (state, starts_at) index; the rest of
 * each card is read in batches by the caller.
 */
export async function openRequestsFor(
  db: DbOrTx,
  input: { profession: ProfessionalTypeId; excludePosterUserId: string; now: Date; limit?: number },
): Promise<BoardRequestRow[]> {
  return db
    .select()
    .from(boardRequests)
    .where(
      and(
        eq(boardRequests.state, 'open'),
        gt(boardRequests.startsAt, input.now),
        gt(boardRequests.answerDeadline, input.now),
        arrayContains(boardRequests.professions, [input.profession]),
        ne(boardRequests.posterUserId, input.excludePosterUserId),
      ),
    )
    .orderBy(asc(boardRequests.startsAt), asc(boardRequests.id))
    .limit(input.limit ?? BOARD_PAGE_SIZE);
}

export async function requestsOfPoster(db: DbOrTx, posterUserId: string): Promise<BoardRequestRow[]> {
  return db
    .select()
    .from(boardRequests)
    .where(eq(boardRequests.posterUserId, posterUserId))
    .orderBy(desc(boardRequests.createdAt))
    .limit(200);
}

export async function allRequests(db: DbOrTx, limit = 500): Promise<BoardRequestRow[]> {
  return db.select().from(boardRequests).orderBy(desc(boardRequests.createdAt)).limit(limit);
}

export interface Person {
  profile: ProfileRow;
  user: { id: string; name: string; email: string; locale: 'pl' | 'en' };
}

const personColumns = {
  profile: profiles,
  user: { id: users.id, name: users.name, email: users.email, locale: users.locale },
} as const;

/** Profiles with their accounts, by profile id (the substitutes behind answers and views). */
export async function peopleByProfile(db: DbOrTx, profileIds: readonly number[]): Promise<Map<number, Person>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.id, [...new Set(profileIds)]));
  return new Map(rows.map((row) => [row.profile.id, row]));
}

/** The posters: accounts with their profiles (an account without one has none), by user id. */
export async function peopleByUser(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, { user: Person['user']; profile: ProfileRow | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ user: personColumns.user, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.user.id, row]));
}

export async function responsesOf(db: DbOrTx, requestIds: readonly string[]): Promise<BoardResponseRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(boardResponses)
    .where(inArray(boardResponses.requestId, [...requestIds]))
    .orderBy(asc(boardResponses.createdAt), asc(boardResponses.id));
}

export async function responsesBy(
  db: DbOrTx,
  profileId: number,
  requestIds: readonly string[],
): Promise<Map<string, BoardResponseRow>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(boardResponses)
    .where(and(eq(boardResponses.substituteProfileId, profileId), inArray(boardResponses.requestId, [...requestIds])));
  return new Map(rows.map((row) => [row.requestId, row]));
}

export async function findResponse(db: DbOrTx, requestId: string, responseId: string): Promise<BoardResponseRow | null> {
  if (!isUuid(responseId)) return null;
  const [row] = await db
    .select()
    .from(boardResponses)
    .where(and(eq(boardResponses.id, responseId), eq(boardResponses.requestId, requestId)))
    .limit(1);
  return row ?? null;
}

/** The answer, or null when this substitute already answered (the unique index decides). */
export async function insertResponse(
  db: DbOrTx,
  values: typeof boardResponses.$inferInsert,
): Promise<BoardResponseRow | null> {
  const [row] = await db
    .insert(boardResponses)
    .values(values)
    .onConflictDoNothing({ target: [boardResponses.requestId, boardResponses.substituteProfileId] })
    .returning();
  return row ?? null;
}

/**
 * Changes or withdraws the substitute's answer only while the request is open: the condition is
 * part of the statement, so a pick that came first makes it a no-op (null).
 */
const whileOpen = (requestId: string) =>
  sql`exists (select 1 from "board_requests" br where br.id = ${requestId} and br.state = 'open')`;

export async function updateOwnResponse(
  db: DbOrTx,
  requestId: string,
  profileId: number,
  set: { priceNetGrosze: number | null; message: string; updatedAt: Date },
): Promise<BoardResponseRow | null> {
  const [row] = await db
    .update(boardResponses)
    .set(set)
    .where(
      and(
        eq(boardResponses.requestId, requestId),
        eq(boardResponses.substituteProfileId, profileId),
        whileOpen(requestId),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteOwnResponse(db: DbOrTx, requestId: string, profileId: number): Promise<boolean> {
  const rows = await db
    .delete(boardResponses)
    .where(
      and(
        eq(boardResponses.requestId, requestId),
        eq(boardResponses.substituteProfileId, profileId),
        whileOpen(requestId),
      ),
    )
    .returning({ id: boardResponses.id });
  return rows.length > 0;
}

/** The conflict check's first step: the parties viewed. A repeated viewing keeps the first; true when this one was the first. */
export async function recordPartiesViewed(db: DbOrTx, requestId: string, profileId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(boardConflictChecks)
    .values({ requestId, substituteProfileId: profileId, checkedAt: now })
    .onConflictDoNothing()
    .returning({ requestId: boardConflictChecks.requestId });
  return rows.length > 0;
}

/**
 * The second step: no conflict of interest confirmed, on the substitute's own viewing only. One
 * statement: 'not_viewed' when there is no viewing to confirm, 'already' when it was confirmed
 * before (the first time is kept), 'confirmed' when this call confirmed it.
 */
export async function confirmConflictCheck(
  db: DbOrTx,
  requestId: string,
  profileId: number,
  now: Date,
): Promise<'confirmed' | 'already' | 'not_viewed'> {
  const [row] = await db
    .update(boardConflictChecks)
    .set({ confirmedAt: sql`coalesce(${boardConflictChecks.confirmedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(boardConflictChecks.requestId, requestId), eq(boardConflictChecks.substituteProfileId, profileId)))
    .returning({ confirmedAt: boardConflictChecks.confirmedAt });
  if (!row) return 'not_viewed';
  return row.confirmedAt?.getTime() === now.getTime() ? 'confirmed' : 'already';
}

export async function conflictChecksOf(db: DbOrTx, requestIds: readonly string[]): Promise<BoardConflictCheckRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(boardConflictChecks)
    .where(inArray(boardConflictChecks.requestId, [...requestIds]))
    .orderBy(asc(boardConflictChecks.checkedAt));
}

/** One substitute's conflict checks on these requests (viewed, and maybe confirmed), by request id. */
export async function checkedBy(
  db: DbOrTx,
  profileId: number,
  requestIds: readonly string[],
): Promise<Map<string, BoardConflictCheckRow>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(boardConflictChecks)
    .where(
      and(
        eq(boardConflictChecks.substituteProfileId, profileId),
        inArray(boardConflictChecks.requestId, [...requestIds]),
      ),
    );
  return new Map(rows.map((row) => [row.requestId, row]));
}

/** Which of these substitutes each poster marked as a favourite (b32-people writes the table). */
export async function favouritesOf(
  db: DbOrTx,
  posterUserIds: readonly string[],
): Promise<Set<string>> {
  if (posterUserIds.length === 0) return new Set();
  const rows = await db
    .select()
    .from(boardFavourites)
    .where(inArray(boardFavourites.posterUserId, [...new Set(posterUserIds)]));
  return new Set(rows.map((row) => `${row.posterUserId}:${row.substituteProfileId}`));
}

export async function insertReport(db: DbOrTx, values: typeof boardReports.$inferInsert): Promise<void> {
  await db.insert(boardReports).values(values);
}

export async function reportsOf(db: DbOrTx, requestIds: readonly string[]): Promise<BoardReportRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(boardReports)
    .where(inArray(boardReports.requestId, [...requestIds]))
    .orderBy(asc(boardReports.createdAt));
}

/** The offers created by picks, by id (for the offer link of poster and picked). */
export async function offersByIds(
  db: DbOrTx,
  offerIds: readonly number[],
): Promise<Map<number, { id: number; offerUrl: string; status: string; profileId: number }>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: offers.id, offerUrl: offers.offerUrl, status: offers.status, profileId: offers.profileId })
    .from(offers)
    .where(inArray(offers.id, [...offerIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Open requests whose answer deadline passed (the clock; index (state, answer_deadline)). */
export async function openPastDeadline(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: boardRequests.id })
    .from(boardRequests)
    .where(and(eq(boardRequests.state, 'open'), lte(boardRequests.answerDeadline, now)))
    .limit(500);
  return rows.map((row) => row.id);
}

/** Assigned requests whose pay-by time passed (the clock). */
export async function assignedPastPayBy(db: DbOrTx, now: Date): Promise<BoardRequestRow[]> {
  return db
    .select()
    .from(boardRequests)
    .where(and(eq(boardRequests.state, 'assigned'), isNotNull(boardRequests.payBy), lte(boardRequests.payBy, now)))
    .limit(500);
}

/** The request whose offer a checkout of this session pays, when that offer is now paid. */
export async function assignedRequestPaidBySession(
  db: DbOrTx,
  provider: string,
  sessionId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: boardRequests.id })
    .from(offerPayments)
    .innerJoin(offers, eq(offers.id, offerPayments.offerId))
    .innerJoin(boardRequests, eq(boardRequests.offerId, offers.id))
    .where(
      and(
        eq(offerPayments.provider, provider as 'sandbox'),
        eq(offerPayments.externalId, sessionId),
        eq(offers.status, 'payed'),
        eq(boardRequests.state, 'assigned'),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Rows of the weekly numbers (admin): every request's times of posting, first answer, pick and payment. */
export async function statsRows(db: DbOrTx, since: Date) {
  return db
    .select({
      createdAt: boardRequests.createdAt,
      assignedAt: boardRequests.assignedAt,
      paidAt: boardRequests.paidAt,
      state: boardRequests.state,
      /** seconds from posting to the first answer; null without an answer */
      firstAnswerSeconds: sql<number | string | null>`(select extract(epoch from min(r.created_at) - "board_requests"."created_at") from "board_responses" r where r.request_id = "board_requests"."id")`,
    })
    .from(boardRequests)
    .where(gt(boardRequests.createdAt, since))
    .orderBy(asc(boardRequests.createdAt));
}

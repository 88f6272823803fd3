import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { boardFavourites, boardReferences, boardRequests } from '../../../db/schema/board.ts';
import { offers } from '../../../db/schema/offers.ts';
import { profiles, type ProfileRow } from '../../../db/schema/profile.ts';
import { users } from '../../../db/schema/users.ts';

/**
 * A substitution is completed when its offer was confirmed by the client ('accepted') or, with
 * neither a confirmation nor a dispute, archived when the acceptance window passed ('archive'):
 * both release the payout (packages/shared/src/offer-status.ts). Disputed, resolved, refunded and
 * cancelled offers are not completions.
 */
export const COMPLETED_OFFER_STATUSES = ['accepted', 'archive'] as const;

export type BoardRequestRow = typeof boardRequests.$inferSelect;
export type BoardReferenceRow = typeof boardReferences.$inferSelect;

/** Completed substitutions per profile, for every profile of a list in one query. */
export async function countCompleted(
  db: DbOrTx,
  profileIds: readonly number[],
): Promise<Map<number, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: offers.profileId, count: sql<number>`count(*)::int` })
    .from(offers)
    .where(
      and(
        inArray(offers.profileId, [...new Set(profileIds)]),
        inArray(offers.status, [...COMPLETED_OFFER_STATUSES]),
      ),
    )
    .groupBy(offers.profileId);
  return new Map(rows.map((row) => [row.profileId, Number(row.count)]));
}

/**
 * Whether this poster has a completed job from the board with this substitute: a request of
 * theirs that reached 'paid' whose offer (the substitute's) was then completed.
 */
export async function hasCompletedJobWith(db: DbOrTx, posterUserId: string, substituteProfileId: number) {
  const rows = await db
    .select({ id: boardRequests.id })
    .from(boardRequests)
    .innerJoin(offers, eq(offers.id, boardRequests.offerId))
    .where(
      and(
        eq(boardRequests.posterUserId, posterUserId),
        eq(boardRequests.state, 'paid'),
        eq(offers.profileId, substituteProfileId),
        inArray(offers.status, [...COMPLETED_OFFER_STATUSES]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertFavourite(
  db: DbOrTx,
  posterUserId: string,
  substituteProfileId: number,
  now: Date,
) {
  await db
    .insert(boardFavourites)
    .values({ posterUserId, substituteProfileId, createdAt: now })
    .onConflictDoNothing();
}

export async function deleteFavourite(db: DbOrTx, posterUserId: string, substituteProfileId: number) {
  await db
    .delete(boardFavourites)
    .where(
      and(
        eq(boardFavourites.posterUserId, posterUserId),
        eq(boardFavourites.substituteProfileId, substituteProfileId),
      ),
    );
}

/** The poster's own request, locked for the reference's transaction; null for anyone else's. */
export async function lockOwnRequest(db: DbOrTx, posterUserId: string, requestId: string) {
  const [row] = await db
    .select({ request: boardRequests, offerStatus: offers.status, offerProfileId: offers.profileId })
    .from(boardRequests)
    .leftJoin(offers, eq(offers.id, boardRequests.offerId))
    .where(and(eq(boardRequests.id, requestId), eq(boardRequests.posterUserId, posterUserId)))
    .for('update', { of: boardRequests });
  return row ?? null;
}

export async function referenceOfRequest(db: DbOrTx, requestId: string): Promise<BoardReferenceRow | null> {
  const [row] = await db.select().from(boardReferences).where(eq(boardReferences.requestId, requestId));
  return row ?? null;
}

export async function insertReference(db: DbOrTx, values: typeof boardReferences.$inferInsert) {
  const [row] = await db.insert(boardReferences).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The references a substitute received, with the poster's name parts: unpublished first, newest first. */
export async function referencesAbout(db: DbOrTx, substituteProfileId: number, referenceId?: string) {
  return db
    .select({
      reference: boardReferences,
      userName: users.name,
      firstname: profiles.firstname,
      lastname: profiles.lastname,
    })
    .from(boardReferences)
    .innerJoin(boardRequests, eq(boardRequests.id, boardReferences.requestId))
    .innerJoin(users, eq(users.id, boardRequests.posterUserId))
    .leftJoin(profiles, eq(profiles.userId, boardRequests.posterUserId))
    .where(
      and(
        eq(boardReferences.substituteProfileId, substituteProfileId),
        referenceId === undefined ? undefined : eq(boardReferences.id, referenceId),
      ),
    )
    .orderBy(sql`${boardReferences.publishedAt} is not null`, desc(boardReferences.createdAt));
}

export async function setPublished(
  db: DbOrTx,
  referenceId: string,
  substituteProfileId: number,
  at: Date | null,
) {
  const [row] = await db
    .update(boardReferences)
    .set({ publishedAt: at })
    .where(
      and(eq(boardReferences.id, referenceId), eq(boardReferences.substituteProfileId, substituteProfileId)),
    )
    .returning();
  return row ?? null;
}

/** Published references per profile (newest job first), for a list of cards in one query. */
export async function publishedReferences(
  db: DbOrTx,
  profileIds: readonly number[],
): Promise<Map<number, { text: string; month: string }[]>> {
  const result = new Map<number, { text: string; month: string }[]>();
  if (profileIds.length === 0) return result;
  const rows = await db
    .select({
      profileId: boardReferences.substituteProfileId,
      text: boardReferences.text,
      month: boardReferences.jobMonth,
    })
    .from(boardReferences)
    .where(
      and(
        inArray(boardReferences.substituteProfileId, [...new Set(profileIds)]),
        isNotNull(boardReferences.publishedAt),
      ),
    )
    .orderBy(desc(boardReferences.jobMonth), desc(boardReferences.createdAt));
  for (const row of rows) {
    const list = result.get(row.profileId) ?? [];
    list.push({ text: row.text, month: row.month });
    result.set(row.profileId, list);
  }
  return result;
}

export async function profileOfUser(db: DbOrTx, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row ?? null;
}

export async function ownerOfProfile(db: DbOrTx, profileId: number) {
  const [row] = await db
    .select({ email: users.email, locale: users.locale, name: users.name })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, profileId));
  return row ?? null;
}

export async function accountNameOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

import { asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  alertSettings,
  boardConflictChecks,
  boardFavourites,
  boardReferences,
  boardReports,
  boardRequests,
  boardResponses,
  profiles,
  pushSubscriptions,
} from '../../db/schema.ts';

/**
 * The substitution board's data of one account (issue 32, issue 34 §4, decision 048), for the
 * export's board.json: the requests they posted with the answers they received and who opened
 * the conflict check, the answers they gave, their conflict checks, their favourites, the
 * references they gave and received, what they reported, their alert settings, and their browsers'
 * push subscriptions (endpoint and time only: the keys are the browser's secrets, not theirs to
 * read). Other people appear by the name their card showed, never by their account.
 */
export async function collectBoardData(db: DbOrTx, userId: string, profileId: number | null) {
  const posted = await db
    .select()
    .from(boardRequests)
    .where(eq(boardRequests.posterUserId, userId))
    .orderBy(asc(boardRequests.createdAt));
  const postedIds = posted.map((r) => r.id);
  const received = postedIds.length
    ? await db
        .select()
        .from(boardResponses)
        .where(inArray(boardResponses.requestId, postedIds))
        .orderBy(asc(boardResponses.createdAt))
    : [];
  const viewed = postedIds.length
    ? await db.select().from(boardConflictChecks).where(inArray(boardConflictChecks.requestId, postedIds))
    : [];
  // The substitutes who answered or looked, by the name their card showed the poster.
  const names = await namesOf(db, [...received, ...viewed].map((row) => row.substituteProfileId));

  const mine = profileId ?? -1;
  const given = await db
    .select({ response: boardResponses, request: boardRequests })
    .from(boardResponses)
    .innerJoin(boardRequests, eq(boardRequests.id, boardResponses.requestId))
    .where(eq(boardResponses.substituteProfileId, mine))
    .orderBy(asc(boardResponses.createdAt));
  const checks = await db
    .select({ check: boardConflictChecks, request: boardRequests })
    .from(boardConflictChecks)
    .innerJoin(boardRequests, eq(boardRequests.id, boardConflictChecks.requestId))
    .where(eq(boardConflictChecks.substituteProfileId, mine));
  const favourites = await db
    .select()
    .from(boardFavourites)
    .where(eq(boardFavourites.posterUserId, userId))
    .orderBy(asc(boardFavourites.createdAt));
  const favouriteNames = await namesOf(db, favourites.map((f) => f.substituteProfileId));
  const references = await db
    .select({ reference: boardReferences, request: boardRequests })
    .from(boardReferences)
    .innerJoin(boardRequests, eq(boardRequests.id, boardReferences.requestId))
    .where(or(eq(boardRequests.posterUserId, userId), eq(boardReferences.substituteProfileId, mine)))
    .orderBy(asc(boardReferences.createdAt));
  const reports = await db
    .select()
    .from(boardReports)
    .where(eq(boardReports.reporterUserId, userId))
    .orderBy(asc(boardReports.createdAt));
  const [alerts] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  const browsers = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));

  const hearingOf = (r: typeof boardRequests.$inferSelect) => ({
    requestId: r.id,
    courtId: r.courtId,
    division: r.division,
    startsAt: r.startsAt,
    mode: r.mode,
  });
  const answerOf = (r: typeof boardResponses.$inferSelect) => ({
    priceNetGrosze: r.priceNetGrosze,
    message: r.message,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });

  return {
    requestsPosted: posted.map((r) => {
      const { posterUserId: _poster, assignedResponseId, ...request } = r;
      return {
        ...request,
        answersReceived: received
          .filter((a) => a.requestId === r.id)
          .map((a) => ({
            substitute: names.get(a.substituteProfileId) ?? '',
            ...answerOf(a),
            picked: a.id === assignedResponseId,
          })),
        conflictChecks: viewed
          .filter((v) => v.requestId === r.id)
          .map(({ requestId: _r, substituteProfileId, ...check }) => ({
            substitute: names.get(substituteProfileId) ?? '',
            ...check,
          })),
      };
    }),
    answersGiven: given.map(({ response, request }) => ({
      ...hearingOf(request),
      ...answerOf(response),
      picked: request.assignedResponseId === response.id,
    })),
    conflictChecks: checks.map(({ check: { requestId: _r, substituteProfileId: _s, ...check }, request }) => ({
      ...hearingOf(request),
      ...check,
    })),
    favourites: favourites.map((favourite) => ({
      substitute: favouriteNames.get(favourite.substituteProfileId) ?? '',
      createdAt: favourite.createdAt,
    })),
    referencesGiven: references
      .filter(({ request }) => request.posterUserId === userId)
      .map(({ reference, request }) => referenceOf(reference, request)),
    referencesReceived: references
      .filter(({ reference }) => reference.substituteProfileId === mine)
      .map(({ reference, request }) => referenceOf(reference, request)),
    reports: reports.map((r) => ({
      requestId: r.requestId,
      aboutAnAnswer: r.responseId !== null,
      reason: r.reason,
      createdAt: r.createdAt,
    })),
    alertSettings: alerts ? (({ userId: _u, ...settings }) => settings)(alerts) : null,
    pushSubscriptions: browsers,
  };
}

/** Profile id → "first last", as a card shows it. */
async function namesOf(db: DbOrTx, profileIds: number[]): Promise<Map<number, string>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, firstname: profiles.firstname, lastname: profiles.lastname })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(profileIds)]));
  return new Map(rows.map((p) => [p.id, `${p.firstname} ${p.lastname}`.trim()]));
}

function referenceOf(
  reference: typeof boardReferences.$inferSelect,
  request: typeof boardRequests.$inferSelect,
) {
  return {
    requestId: request.id,
    courtId: request.courtId,
    text: reference.text,
    jobMonth: reference.jobMonth,
    publishedAt: reference.publishedAt,
    createdAt: reference.createdAt,
  };
}

export type BoardData = Awaited<ReturnType<typeof collectBoardData>>;

/**
 * The board's rows of an account being deleted (decision 048). A whole deletion would cascade them
 * from the user and profile rows; an account kept emptied for its tax records (decision 029) keeps
 * those rows, so they go here in both cases: the requests posted (their answers, conflict checks,
 * reports and reference with them), the answers given, the conflict checks, the favourites both
 * ways, the references received and the reports made. The alert settings, push subscriptions and
 * queued alerts go by the trigger on users.deleted_at (migration 0014) or the cascade.
 */
export async function deleteBoardData(tx: DbOrTx, userId: string, profileId: number | null) {
  await tx.delete(boardRequests).where(eq(boardRequests.posterUserId, userId));
  await tx.delete(boardFavourites).where(eq(boardFavourites.posterUserId, userId));
  await tx.delete(boardReports).where(eq(boardReports.reporterUserId, userId));
  if (profileId === null) return;
  await tx.delete(boardResponses).where(eq(boardResponses.substituteProfileId, profileId));
  await tx.delete(boardConflictChecks).where(eq(boardConflictChecks.substituteProfileId, profileId));
  await tx.delete(boardFavourites).where(eq(boardFavourites.substituteProfileId, profileId));
  await tx.delete(boardReferences).where(eq(boardReferences.substituteProfileId, profileId));
}

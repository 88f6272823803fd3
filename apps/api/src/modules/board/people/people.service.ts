import {
  boardReferenceItemSchema,
  formatMonthYear,
  warsawDate,
  type MyBoardRequest,
} from '@substytut/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../app/clock.ts';
import { conflict, forbidden, notFound } from '../../app/errors.ts';
import { publicPagesChanged } from '../../app/public-page-cache.ts';
import { enqueueMail, type MailContext } from '../../mail/index.ts';
import { myBoardRequestOf } from './my-request.dto.ts';
import {
  countCompleted,
  deleteFavourite,
  hasCompletedJobWith,
  insertFavourite,
  accountNameOf,
  insertReference,
  lockOwnRequest,
  ownerOfProfile,
  profileOfUser,
  publishedReferences,
  referenceOfRequest,
  referencesAbout,
  setPublished,
  COMPLETED_OFFER_STATUSES,
  type BoardRequestRow,
} from './people.repo.ts';
import { referenceWrittenMail } from './reference.mail.ts';

type BoardReferenceItem = z.infer<typeof boardReferenceItemSchema>;

export interface PeopleDeps {
  db: Db;
  clock: Clock;
  mail: MailContext;
  /** The poster's request as their list shows it; the board module's builder at merge. */
  myBoardRequest?: (db: DbOrTx, request: BoardRequestRow) => Promise<MyBoardRequest>;
}

/** Another user's request looks like no request at all. */
export const requestNotFound = () => notFound('board.request_not_found');
export const referenceNotAllowed = () => conflict('board.reference_not_allowed');
export const referenceExists = () => conflict('board.reference_exists');
export const referenceNotFound = () => notFound('board.reference_not_found');
export const favouriteNotAllowed = () => forbidden('board.favourite_not_allowed');

/**
 * Substitutions each lawyer completed through the product (offers confirmed by the client, or
 * archived after the acceptance window without a dispute), for a list of cards in one query.
 */
export function completedSubstitutionsOf(
  db: DbOrTx,
  profileIds: readonly number[],
): Promise<Map<number, number>> {
  return countCompleted(db, profileIds);
}

/** The references each lawyer published (text and the job's 'YYYY-MM'), newest job first. */
export function publishedReferencesOf(
  db: DbOrTx,
  profileIds: readonly number[],
): Promise<Map<number, { text: string; month: string }[]>> {
  return publishedReferences(db, profileIds);
}

/** PUT /api/user/board/favourites/:profileId: only the substitute of a completed job of the poster's. */
export async function markFavourite(deps: PeopleDeps, posterUserId: string, profileId: number) {
  if (!(await hasCompletedJobWith(deps.db, posterUserId, profileId))) throw favouriteNotAllowed();
  await insertFavourite(deps.db, posterUserId, profileId, deps.clock.now());
  return { profile_id: profileId, favourite: true };
}

/** DELETE …: removes the caller's own mark, if any (nobody else's can be named). */
export async function unmarkFavourite(deps: PeopleDeps, posterUserId: string, profileId: number) {
  await deleteFavourite(deps.db, posterUserId, profileId);
  return { profile_id: profileId, favourite: false };
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * POST /api/user/board/requests/:id/reference: the poster's one reference on a job from the board
 * that the client confirmed; the substitute is told by e-mail (in the same transaction) that
 * they may publish it. Nothing shows publicly until they do.
 */
export async function writeReference(
  deps: PeopleDeps,
  posterUserId: string,
  requestId: string,
  text: string,
): Promise<MyBoardRequest> {
  const now = deps.clock.now();
  let request: BoardRequestRow;
  try {
    request = await deps.db.transaction(async (tx) => {
      const found = await lockOwnRequest(tx, posterUserId, requestId);
      if (!found) throw requestNotFound();
      const completed =
        found.request.state === 'paid' &&
        found.offerProfileId !== null &&
        (COMPLETED_OFFER_STATUSES as readonly string[]).includes(found.offerStatus ?? '');
      if (!completed || found.offerProfileId === null) throw referenceNotAllowed();
      if (await referenceOfRequest(tx, requestId)) throw referenceExists();
      const jobMonth = warsawDate(found.request.startsAt).slice(0, 7);
      const inserted = await insertReference(tx, {
        requestId,
        substituteProfileId: found.offerProfileId,
        text,
        jobMonth,
        createdAt: now,
      });
      if (!inserted) throw referenceExists();
      const owner = await ownerOfProfile(tx, found.offerProfileId);
      const poster = await profileOfUser(tx, posterUserId);
      if (owner) {
        const posterName =
          [poster?.firstname, poster?.lastname].filter(Boolean).join(' ').trim() ||
          (await accountNameOf(tx, posterUserId));
        await enqueueMail(
          tx,
          referenceWrittenMail(
            {
              locale: owner.locale,
              to: owner.email,
              posterName,
              month: formatMonthYear(jobMonth.slice(5, 7), jobMonth.slice(0, 4), owner.locale),
              text,
            },
            deps.mail,
          ),
          now,
        );
      }
      return found.request;
    });
  } catch (error) {
    // Two writes at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw referenceExists();
    throw error;
  }
  return (deps.myBoardRequest ?? myBoardRequestOf)(deps.db, request);
}

type ReferenceRow = Awaited<ReturnType<typeof referencesAbout>>[number];

function itemOf(row: ReferenceRow): BoardReferenceItem {
  const name = [row.firstname, row.lastname].filter(Boolean).join(' ').trim();
  return {
    id: row.reference.id,
    text: row.reference.text,
    month: row.reference.jobMonth,
    published: row.reference.publishedAt !== null,
    poster_name: name || row.userName,
  };
}

/** GET /api/user/board/references: what the signed-in substitute received, published or not. */
export async function listReferences(
  deps: PeopleDeps,
  userId: string,
): Promise<{ items: BoardReferenceItem[] }> {
  const profile = await profileOfUser(deps.db, userId);
  if (!profile) return { items: [] };
  return { items: (await referencesAbout(deps.db, profile.id)).map(itemOf) };
}

/** PUT /api/user/board/references/:id: only the substitute it is about publishes or withdraws it. */
export async function publishReference(
  deps: PeopleDeps,
  userId: string,
  referenceId: string,
  published: boolean,
): Promise<BoardReferenceItem> {
  const profile = await profileOfUser(deps.db, userId);
  if (!profile) throw referenceNotFound();
  const [current] = await referencesAbout(deps.db, profile.id, referenceId);
  if (!current) throw referenceNotFound();
  if (published !== (current.reference.publishedAt !== null)) {
    const updated = await setPublished(deps.db, referenceId, profile.id, published ? deps.clock.now() : null);
    if (!updated) throw referenceNotFound();
    // The public page shows published references: drop what this instance cached of it.
    publicPagesChanged();
    return itemOf({ ...current, reference: updated });
  }
  return itemOf(current);
}

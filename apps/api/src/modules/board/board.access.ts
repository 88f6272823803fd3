import { findCourt, mayTakeBoardRequest, type BoardSubstitute } from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { ProfileRow } from '../../db/schema/profile.ts';
import { findProfileByUser } from '../profile/index.ts';
import type { BoardRequestRow } from './board.deps.ts';
import { professionOf } from './board.dto.ts';
import { findResponse } from './board.repo.ts';
import { notEligible, ownRequest, requestNotFound, substituteNotVerified } from './board.errors.ts';

/**
 * Who may see and take a request. A substitute is verified when the licence is verified and the
 * profile is active, which the profile's status gives only with a payment account that can
 * receive payouts (profile's refreshProfileStatus, the same "can receive payouts" as the
 * profile's offer_requirements); the rest is the shared rule `mayTakeBoardRequest`.
 */

/**
 * The trainee's training start ('YYYY-MM'): b32-people adds the profile's `training_start`
 * column; until it is there (and where it is unset) a trainee counts as not far enough.
 */
export const trainingStartOf = (profile: ProfileRow): string | null =>
  (profile as ProfileRow & { trainingStart?: string | null }).trainingStart ?? null;

export function substituteOf(profile: ProfileRow): BoardSubstitute {
  return {
    profession: professionOf(profile),
    trainingStart: trainingStartOf(profile),
    licenceVerified: profile.licenceState === 'verified',
    payoutsConnected: profile.status === 'active',
  };
}

export const isVerifiedSubstitute = (profile: ProfileRow | null): profile is ProfileRow =>
  profile !== null && profile.licenceState === 'verified' && profile.status === 'active';

export function mayTake(profile: ProfileRow, request: BoardRequestRow): boolean {
  const court = findCourt(request.courtId);
  if (!court) return false;
  return mayTakeBoardRequest(substituteOf(profile), {
    professions: request.professions,
    courtKind: court.kind,
    startsAt: request.startsAt,
  });
}

/** The signed-in substitute's profile, refused unless verified (licence and payouts). */
export async function verifiedSubstitute(db: DbOrTx, userId: string): Promise<ProfileRow> {
  const profile = await findProfileByUser(db, userId);
  if (!isVerifiedSubstitute(profile)) throw substituteNotVerified();
  return profile;
}

/** The picked substitute of a request (they keep seeing it whatever their profile's state). */
export async function isPicked(db: DbOrTx, request: BoardRequestRow, profileId: number | null): Promise<boolean> {
  if (request.assignedResponseId === null || profileId === null) return false;
  const picked = await findResponse(db, request.id, request.assignedResponseId);
  return picked?.substituteProfileId === profileId;
}

/**
 * A request as a substitute may act on it: hidden ones are nobody's (404); the picked one always
 * sees theirs; anyone else must be verified and eligible for it; the poster is sent away (409).
 */
export async function requestForSubstitute(
  db: DbOrTx,
  request: BoardRequestRow | null,
  userId: string,
): Promise<{ request: BoardRequestRow; profile: ProfileRow }> {
  if (!request || request.state === 'hidden') throw requestNotFound();
  if (request.posterUserId === userId) throw ownRequest();
  const profile = await findProfileByUser(db, userId);
  if (profile && (await isPicked(db, request, profile.id))) return { request, profile };
  if (!isVerifiedSubstitute(profile)) throw substituteNotVerified();
  if (!mayTake(profile, request)) throw notEligible();
  return { request, profile };
}

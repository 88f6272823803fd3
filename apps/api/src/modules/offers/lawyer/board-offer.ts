import { canDelete, grossFromNet, type HearingData, type IsoDate } from '@substytut/shared';
import type { DbOrTx } from '../../../db/client.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import { insertNewOffer, offerRefusal, removeUnpaidOffer } from './lawyer.service.ts';
import { findOfferWithProfile, findProfileOfUser } from '../offers.repo.ts';

/**
 * The substitution board's way into the lifecycle (issue 32): the picked answer becomes the
 * substitute's ordinary offer, made by the same code as an offer the lawyer creates, and paid,
 * reported and settled like any other.
 */

export interface BoardOfferInput {
  /** the substitute whose offer it is */
  substituteUserId: string;
  title: string;
  description: string;
  netGrosze: number;
  /** the last Warsaw day it can be paid: covers the pay window */
  expireDate: IsoDate;
  hearing: HearingData;
}

export interface BoardOffer {
  id: number;
  offerUrl: string;
  seolink: string;
  status: string;
}

/**
 * Creates the substitute's offer inside the caller's transaction (the pick's), or answers null
 * when the substitute may not have offers now (profile inactive, payouts not ready, licence not
 * verified): the caller refuses the pick.
 */
export async function createOfferForBoard(
  tx: DbOrTx,
  deps: Pick<LifecycleDeps, 'payments'>,
  input: BoardOfferInput,
  now: Date,
): Promise<BoardOffer | null> {
  const profile = await findProfileOfUser(tx, input.substituteUserId);
  if (!profile?.seolink || (await offerRefusal(deps, tx, profile))) return null;
  const offer = await insertNewOffer(
    tx,
    profile.id,
    {
      title: input.title,
      description: input.description,
      netGrosze: input.netGrosze,
      grossGrosze: grossFromNet(input.netGrosze),
      expireDate: input.expireDate,
      hearing: input.hearing,
    },
    now,
    // No card image: the link is not shared, the poster goes straight to the payment step.
    null,
  );
  return { id: offer.id, offerUrl: offer.offerUrl, seolink: profile.seolink, status: offer.status };
}

/**
 * Deletes the unpaid offer of a pick that lapsed or was cancelled (its open checkouts ended at the
 * provider first). False when a payment holds it: the pick then stands.
 */
export async function removeOfferForBoard(deps: LifecycleDeps, offerId: number): Promise<boolean> {
  const found = await findOfferWithProfile(deps.db, offerId);
  // Already gone (deleted with its lawyer's account, or by an earlier try).
  if (!found) return true;
  if (!canDelete(found.offer.status)) return false;
  return (await removeUnpaidOffer(deps, found.profile.id, offerId)) !== null;
}

import { hashToken } from '../app/token-crypto.ts';
import type { LifecycleDeps } from './offers.deps.ts';
import { acceptanceClosed, acceptanceInvalid } from './offers.errors.ts';
import { releasePayout, sendPendingPayouts } from './money/payouts.ts';
import { tryTransition } from './offers.transitions.ts';
import {
  findOfferIdByAcceptanceToken,
  findOfferWithLawyer,
  offerAcceptanceOf,
} from './money.repo.ts';

/**
 * POST /public/offer/accept: the client confirms the job (done → accepted) through the secret
 * link of the "job done" mail, and the lawyer's payout is released. A second click answers the
 * same result and transfers nothing more.
 */
export async function acceptOffer(
  deps: LifecycleDeps,
  token: string,
): Promise<Extract<AcceptanceState, { status: 'accepted' }>> {
  const offerId = await findOfferIdByAcceptanceToken(deps.db, hashToken(token));
  if (offerId === null) throw acceptanceInvalid();
  const found = await findOfferWithLawyer(deps.db, offerId);
  if (!found) throw acceptanceInvalid();

  if (found.offer.status === 'done') {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      if (!(await tryTransition(tx, found.offer.id, 'confirm', 'client', now))) return;
      await releasePayout(deps, tx, found, 'accepted', now);
    });
  }
  const after = await offerAcceptanceOf(deps.db, offerId);
  if (after?.status === 'accepted') {
    await sendPendingPayouts(deps, offerId);
    return { status: 'accepted', acceptedAt: (after.acceptedAt ?? deps.clock.now()).toISOString() };
  }
  if (after?.status === 'archive') throw acceptanceClosed();
  throw acceptanceInvalid();
}

/** Where the client's confirmation stands: waiting for it ('done'), or given, and when. */
export type AcceptanceState =
  { status: 'done'; acceptedAt: null } | { status: 'accepted'; acceptedAt: string };

/**
 * POST /public/offer/status: what the confirmation page shows when the mailed link is opened
 * (again): the button while the job waits for the client, or that it was already confirmed and
 * when. Reading changes nothing; the same errors as confirming.
 */
export async function acceptanceOf(deps: LifecycleDeps, token: string): Promise<AcceptanceState> {
  const offerId = await findOfferIdByAcceptanceToken(deps.db, hashToken(token));
  const row = offerId === null ? null : await offerAcceptanceOf(deps.db, offerId);
  if (row?.status === 'done') return { status: 'done', acceptedAt: null };
  if (row?.status === 'accepted' && row.acceptedAt)
    return { status: 'accepted', acceptedAt: row.acceptedAt.toISOString() };
  if (row?.status === 'archive') throw acceptanceClosed();
  throw acceptanceInvalid();
}

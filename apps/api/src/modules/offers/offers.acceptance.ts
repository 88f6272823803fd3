import { hashToken } from '../app/token-crypto.ts';
import type { LifecycleDeps } from './offers.deps.ts';
import { acceptanceClosed, acceptanceInvalid } from './offers.errors.ts';
import { releasePayout, sendPendingPayouts } from './offers.payouts.ts';
import { tryTransition } from './offers.transitions.ts';
import { findOfferIdByAcceptanceToken, findOfferWithLawyer, offerStatusOf } from './offer-payments.repo.ts';

/**
 * POST /public/offer/accept: the client confirms the job (done → accepted) through the secret
 * link of the "job done" mail, and the lawyer's payout is released. A second click answers the
 * same result and transfers nothing more.
 */
export async function acceptOffer(deps: LifecycleDeps, token: string): Promise<{ status: 'accepted' }> {
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
  const after = await offerStatusOf(deps.db, offerId);
  if (after === 'accepted') {
    await sendPendingPayouts(deps, offerId);
    return { status: 'accepted' };
  }
  if (after === 'archive') throw acceptanceClosed();
  throw acceptanceInvalid();
}

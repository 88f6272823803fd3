import { courtCancellationSplit } from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import type { OfferPaymentRow } from '../../../db/schema/offer-payments.ts';
import { enqueueMail } from '../../mail/index.ts';
import { courtCancelledClientMail, courtCancelledLawyerMail } from '../mails/dispute-mails.ts';
import { insertRefund } from '../money.repo.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import type { OfferWithLawyer } from '../offers.repo.ts';
import { transitionOffer } from '../offers.transitions.ts';
import { payoutOfPayment, releasePayout, sendPendingPayouts } from './payouts.ts';
import { sendPendingRefunds } from './refunds.ts';

/**
 * The court cancelled the hearing (payed → cancelled, in the report's transaction). Without a
 * court-cancellation fee the client gets everything back, as before; with one (issue 34, decision
 * 044) the lawyer keeps the fee with its VAT (`courtCancellationSplit`), paid out like any payout
 * after the platform's fee, and the client gets the rest back, corrected on the invoice like a
 * partial refund. When the fee is the whole price nothing goes back and the offer is settled at
 * once (cancelled → refunded); otherwise the provider's refund event settles it.
 */
export async function settleCourtCancellation(
  deps: LifecycleDeps,
  tx: Tx,
  found: OfferWithLawyer,
  payment: OfferPaymentRow,
  notes: string,
  now: Date,
): Promise<void> {
  const { offer } = found;
  const { keptGrosze, refundGrosze } = courtCancellationSplit(
    payment.price,
    offer.courtCancellationFeeNetGrosze,
  );
  if (refundGrosze > 0) {
    const refund = await insertRefund(tx, {
      offerId: offer.id,
      amountGrosze: refundGrosze,
      cause: 'court_cancelled',
      reason: notes || 'cancelled_by_court',
      createdAt: now,
    });
    await deps.invoicing.refundMade(tx, refund, now);
  }
  const payout =
    keptGrosze > 0 ? ((await releasePayout(deps, tx, found, 'court_cancelled', now, refundGrosze)) ?? 0) : 0;
  if (refundGrosze === 0) await transitionOffer(tx, offer.id, 'refundSucceeded', 'provider', now);
  const context = mailContextOf(deps);
  const mail = {
    offerTitle: offer.title,
    amount: refundGrosze,
    kept: keptGrosze,
    payout: keptGrosze > 0 ? payout || payoutOfPayment(payment, keptGrosze, deps.config).amount : 0,
    notes,
  };
  await enqueueMail(
    tx,
    courtCancelledClientMail({ ...mail, locale: payment.locale, to: payment.email }, context),
    now,
  );
  await enqueueMail(
    tx,
    courtCancelledLawyerMail({ ...mail, locale: found.lawyer.locale, to: found.lawyer.email }, context),
    now,
  );
}

/** After the report's transaction: the refund and the fee's payout go to the provider (the clock retries). */
export async function sendCourtCancellationMoney(deps: LifecycleDeps, offerId: number): Promise<void> {
  await sendPendingRefunds(deps, offerId);
  await sendPendingPayouts(deps, offerId);
}

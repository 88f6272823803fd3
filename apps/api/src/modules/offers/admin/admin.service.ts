import {
  feePercentOfBasisPoints,
  isValidRefund,
  type DisputeResolutionData,
  type SettlementDto,
} from '@substytut/shared';
import { enqueueMail } from '../../mail/index.ts';
import { disputeResolvedMail } from '../mails/dispute-mails.ts';
import { feeBasisPointsOfPayment, payoutOfPayment, releasePayout, sendPendingPayouts } from '../money/payouts.ts';
import { sendPendingRefunds } from '../money/refunds.ts';
import { findPaidPayment, insertRefund, paidAmountsOf, payersOf, refundsOf } from '../money.repo.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { fullNameOf, reportDtoOf, settlementOf } from '../offers.dto.ts';
import { notDisputed, offerNotFound, refundTooLarge } from '../offers.errors.ts';
import { listDisputes, lockOfferWithLawyer, reportsOf } from '../offers.repo.ts';
import { tryTransition } from '../offers.transitions.ts';

/** The administrator's side of an offer (issue 23, decision 020): the disputes and their resolution. */

/**
 * POST /admin/disputes/{offerId}: the administrator releases the payout or refunds the client in
 * full or in part (never more than was paid), with a written reason both sides receive.
 * disputed → resolved, the refund row and the payout of what is left are recorded in one
 * transaction; the provider calls follow it (and the clock retries them). The offer is read once,
 * locked with its lawyer.
 */
export async function resolveDispute(
  deps: LifecycleDeps,
  offerId: number,
  data: DisputeResolutionData,
): Promise<{ offer_id: number; status: 'resolved'; settlement: SettlementDto | null }> {
  const refund = data.decision === 'refund' ? (data.amount_grosze ?? 0) : 0;
  const now = deps.clock.now();
  const context = mailContextOf(deps);

  const resolved = await deps.db.transaction(async (tx) => {
    const found = await lockOfferWithLawyer(tx, offerId);
    if (!found) throw offerNotFound();
    if (found.offer.status !== 'disputed') throw notDisputed();
    const payment = await findPaidPayment(tx, offerId);
    if (!payment || payment.status !== 'paid' || !payment.paymentRef) throw notDisputed();
    if (data.decision === 'refund' && !isValidRefund(refund, payment.price)) throw refundTooLarge();
    const row = await tryTransition(tx, offerId, 'resolveDispute', 'admin', now, {
      resolution: data.decision,
      resolutionReason: data.reason,
    });
    if (!row) throw notDisputed();
    if (refund > 0) {
      const made = await insertRefund(tx, {
        offerId,
        amountGrosze: refund,
        cause: 'dispute',
        reason: data.reason,
        createdAt: now,
      });
      await deps.invoicing.refundMade(tx, made, now);
    }
    // What the client does not get back goes to the lawyer, less the platform's fee.
    if (refund < payment.price)
      await releasePayout(deps, tx, { ...found, offer: row }, 'resolved', now, refund);
    // The mails state the fee and the payout (issue 34 §3): the payout's own arithmetic.
    const { amount: payout, fee } = payoutOfPayment(payment, payment.price - refund, deps.config);
    const base = { offerTitle: row.title, paid: payment.price, refund, fee, payout, reason: data.reason };
    await enqueueMail(
      tx,
      disputeResolvedMail({ ...base, locale: payment.locale, to: payment.email, side: 'client' }, context),
      now,
    );
    await enqueueMail(
      tx,
      disputeResolvedMail(
        { ...base, locale: found.lawyer.locale, to: found.lawyer.email, side: 'lawyer' },
        context,
      ),
      now,
    );
    return row;
  });
  await sendPendingRefunds(deps, offerId);
  await sendPendingPayouts(deps, offerId);
  // The refund's row is read after sending it: whether the provider took it shows on the page.
  const [refunds, paid] = await Promise.all([
    refundsOf(deps.db, [offerId]),
    paidAmountsOf(deps.db, [offerId]),
  ]);
  return {
    offer_id: offerId,
    status: 'resolved',
    settlement: settlementOf(resolved, paid.get(offerId), refunds.get(offerId)),
  };
}

/**
 * GET /admin/disputes: open disputes, then the latest resolved, with the report, both statements,
 * both sides' contacts (issue 34) and the platform's fee, so the decision's dialog can state what
 * each side receives before anything moves.
 */
export async function adminDisputes(deps: LifecycleDeps) {
  const rows = await listDisputes(deps.db);
  const ids = rows.map((r) => r.offer.id);
  const [reports, refunds, payers] = await Promise.all([
    reportsOf(deps.db, ids),
    refundsOf(deps.db, ids),
    payersOf(deps.db, ids),
  ]);
  return rows.map(({ offer, lawyer }) => {
    const report = reports.get(offer.id);
    const payer = payers.get(offer.id);
    const payerName = payer ? [payer.firstname, payer.lastname].filter(Boolean).join(' ') : '';
    return {
      offer_id: offer.id,
      title: offer.title,
      status: offer.status,
      lawyer_name: fullNameOf(lawyer),
      lawyer_email: lawyer.email,
      lawyer_phone: lawyer.phone ?? null,
      client_name: payer ? payer.company || payerName || null : null,
      client_email: payer?.email ?? null,
      client_phone: payer?.phone || null,
      paid_grosze: payer?.price ?? offer.grossGrosze,
      // The fee of the lawyer's plan when the client paid (issue 34 §3).
      platform_fee_percent: feePercentOfBasisPoints(
        feeBasisPointsOfPayment(payer ?? { feeBasisPoints: null }, deps.config),
      ),
      report: report ? reportDtoOf(report) : null,
      settlement: settlementOf(offer, payer?.price, refunds.get(offer.id)),
    };
  });
}

import { withheldFee } from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import type { OfferPaymentRow } from '../../../db/schema/offer-payments.ts';
import { enqueueMail } from '../../mail/index.ts';
import { payoutReleasedMail } from '../mails/payment-mails.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import {
  findPaidPayment,
  findPendingPayouts,
  insertPayout,
  markPayoutFailed,
  markPayoutSent,
} from '../money.repo.ts';
import type { OfferWithLawyer } from '../offers.repo.ts';
import { callProvider } from './provider.ts';

/**
 * The fee withheld from a payment's payouts, in basis points: the lawyer's plan's when it paid
 * (issue 34 §3, decision 049); PLATFORM_FEE_PERCENT for a payment made before plans existed.
 */
export function feeBasisPointsOfPayment(
  payment: Pick<OfferPaymentRow, 'feeBasisPoints'>,
  config: LifecycleDeps['config'],
): number {
  return payment.feeBasisPoints ?? Math.round(config.platformFeePercent * 100);
}

/**
 * What the lawyer receives of `grossGrosze` of a payment, and the fee withheld: whole grosze, the
 * fee rounded half up (`withheldFee`).
 */
export function payoutOfPayment(
  payment: Pick<OfferPaymentRow, 'feeBasisPoints'>,
  grossGrosze: number,
  config: LifecycleDeps['config'],
): { amount: number; fee: number; feeBasisPoints: number } {
  const feeBasisPoints = feeBasisPointsOfPayment(payment, config);
  return { ...withheldFee(grossGrosze, feeBasisPoints), feeBasisPoints };
}

/**
 * Releases the lawyer's payout in the transaction that accepts or archives the offer: records it
 * (once per offer) and tells the lawyer. A refunded or disputed payment is not passed on (the
 * operator settles it by hand). The amount, or null when nothing is due.
 */
export async function releasePayout(
  deps: LifecycleDeps,
  tx: Tx,
  found: OfferWithLawyer,
  reason: 'accepted' | 'window_passed' | 'resolved' | 'court_cancelled',
  now: Date,
  /** grosze already returned to the client (a dispute settled in part): the payout is of the rest */
  refunded = 0,
): Promise<number | null> {
  const payment = await findPaidPayment(tx, found.offer.id);
  if (!payment || payment.status !== 'paid' || !payment.paymentRef) {
    deps.log.warn(
      { offerId: found.offer.id, status: payment?.status },
      'no payout: payment not in paid state',
    );
    return null;
  }
  const account = await deps.payments.accountOf(tx, found.profile.userId);
  if (!account) {
    deps.log.error({ offerId: found.offer.id }, 'no payout: the lawyer has no payment account');
    return null;
  }
  const gross = payment.price - refunded;
  const { amount, fee, feeBasisPoints } = payoutOfPayment(payment, gross, deps.config);
  await insertPayout(tx, {
    offerId: found.offer.id,
    paymentId: payment.id,
    provider: account.provider,
    accountId: account.accountId,
    amount,
    fee,
    createdAt: now,
  });
  await deps.invoicing.payoutReleased(
    tx,
    { offer: found.offer, profile: found.profile, paymentId: payment.id, fee },
    now,
  );
  await enqueueMail(
    tx,
    payoutReleasedMail(
      {
        locale: found.lawyer.locale,
        to: found.lawyer.email,
        offerTitle: found.offer.title,
        amount,
        gross,
        fee,
        feeBasisPoints,
        reason,
      },
      mailContextOf(deps),
    ),
    now,
  );
  return amount;
}

/**
 * Sends recorded payouts. The idempotency key is the offer's, so a retry, a second click or a
 * second instance sending the same payout at once makes one transfer. A provider failure leaves
 * the payout pending for the clock job to retry.
 */
export async function sendPendingPayouts(deps: LifecycleDeps, offerId?: number): Promise<number> {
  const pending = await findPendingPayouts(deps.db, offerId);
  let sent = 0;
  for (const { payout, title, paymentRef } of pending) {
    if (payout.provider !== deps.payments.provider.kind || !paymentRef) continue;
    const now = deps.clock.now();
    const transfer = async () =>
      payout.amount === 0
        ? null
        : (
            await deps.payments.createTransfer({
              accountId: payout.accountId,
              amount: payout.amount,
              paymentRef,
              offerId: payout.offerId,
              description: title,
              idempotencyKey: `payout-offer-${payout.offerId}`,
            })
          ).transferId;
    const result = await callProvider(
      deps.log,
      'payout failed; will retry',
      { offerId: payout.offerId },
      transfer,
    );
    if (!result.ok) {
      await markPayoutFailed(deps.db, payout.id, payout.attempts + 1, result.error.message);
      continue;
    }
    if (await markPayoutSent(deps.db, payout.id, result.value, now)) sent += 1;
  }
  return sent;
}

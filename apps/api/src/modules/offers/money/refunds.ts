import { enqueueMail } from '../../mail/index.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { duplicatePaymentRefundedMail } from '../mails/payment-mails.ts';
import {
  findPaymentsToRefund,
  findPendingRefunds,
  markRefundFailed,
  markRefundSent,
  setPaymentStatus,
} from '../money.repo.ts';
import { findOfferWithLawyer } from '../offers.repo.ts';
import { callProvider } from './provider.ts';

/** Money going back to the client: refunds decided on an offer, and payments it could not take. */

/**
 * Sends the recorded refunds the provider has not taken yet. The idempotency key is the row's,
 * so a retry, a second instance or the clock job never refunds twice; a failure is kept for the
 * next run.
 */
export async function sendPendingRefunds(deps: LifecycleDeps, offerId?: number): Promise<number> {
  let sent = 0;
  for (const { refund, paymentRef, provider } of await findPendingRefunds(deps.db, offerId)) {
    if (provider !== deps.payments.provider.kind || !paymentRef) continue;
    const result = await callProvider(
      deps.log,
      'refund failed; will retry',
      { offerId: refund.offerId },
      () =>
        deps.payments.refund({
          paymentRef,
          amount: refund.amountGrosze,
          reason: 'requested_by_customer',
          idempotencyKey: `offer-refund-${refund.id}`,
        }),
    );
    if (!result.ok) {
      await markRefundFailed(deps.db, refund.id, result.error.message);
      continue;
    }
    if (await markRefundSent(deps.db, refund.id, result.value.refundId, deps.clock.now())) sent += 1;
  }
  return sent;
}

/**
 * Refunds in full the payments that came in for an offer another payment had already paid, or for
 * a lawyer whose licence was no longer verified, and tells each payer in their language. Runs
 * after the event and in the clock job until the provider took the refund; the idempotency key is
 * the payment's, so a retry never refunds twice.
 */
export async function refundDuplicatePayments(deps: LifecycleDeps, paymentId?: number): Promise<number> {
  const due = await findPaymentsToRefund(deps.db, paymentId);
  let refunded = 0;
  for (const payment of due) {
    if (!payment.paymentRef) {
      deps.log.error(
        { paymentId: payment.id },
        'a duplicate payment without a provider reference: refund by hand',
      );
      continue;
    }
    const paymentRef = payment.paymentRef;
    const result = await callProvider(deps.log, 'refund failed; will retry', { paymentId: payment.id }, () =>
      deps.payments.refund({
        paymentRef,
        amount: payment.price,
        reason: payment.duplicate ? 'duplicate' : 'requested_by_customer',
        idempotencyKey: `refund-duplicate-payment-${payment.id}`,
      }),
    );
    if (!result.ok) continue;
    const { refundId } = result.value;
    const done = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const row = await setPaymentStatus(tx, payment.id, ['refunding'], {
        status: 'refunded',
        note: payment.duplicate
          ? `refunded ${payment.price} gr: the offer was already paid by another payment (${refundId})`
          : `refunded ${payment.price} gr: the lawyer's licence was not verified (${refundId})`,
        updatedAt: now,
      });
      if (!row) return false;
      const found = await findOfferWithLawyer(tx, payment.offerId);
      await enqueueMail(
        tx,
        duplicatePaymentRefundedMail(
          {
            locale: row.locale,
            to: row.email,
            offerTitle: found?.offer.title ?? '',
            amount: row.price,
            reason: row.duplicate ? 'duplicate' : 'licence',
          },
          mailContextOf(deps),
        ),
        now,
      );
      return true;
    });
    if (done) refunded += 1;
  }
  return refunded;
}

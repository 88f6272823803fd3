import { substitutionDocumentKind } from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import { hashToken, newSecretToken } from '../../app/token-crypto.ts';
import { enqueueMail } from '../../mail/index.ts';
import { offerPaidMail, paymentReceivedMail } from '../mails/payment-mails.ts';
import type { OfferPaymentRow, PaymentStatus } from '../../../db/schema/offer-payments.ts';
import type { OfferRow } from '../../../db/schema.ts';
import { isOfferExpired } from '@substytut/shared';
import {
  type AfterCommit,
  type CompletedCheckout,
  type PaymentEventOf,
} from '../../payments/index.ts';
import type { Payments } from '../../payments/index.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { hearingLines, withHearing } from '../hearing/mails.ts';
import { fullNameOf, hearingOf } from '../offers.dto.ts';
import { applyHearingCorrection } from '../hearing/correction.ts';
import { tryTransition } from '../offers.transitions.ts';
import { lockOffer, lockOfferWithLawyer } from '../offers.repo.ts';
import { callProvider } from './provider.ts';
import { refundDuplicatePayments } from './refunds.ts';
import {
  findOpenCheckoutsOfPaidOffers,
  findPaymentBySession,
  hasPayableCheckout,
  paymentStatusesBySession,
  setDocumentTokenHash,
  setPaymentRef,
  setPaymentStatus,
  offersRefundedInPart,
  setPaymentStatusByRef,
} from '../money.repo.ts';

/** What the offer lifecycle does with the payment provider's events, and the provider work they call for. */

/** Subscribes the lifecycle to the provider's events (called once, by the composition root). */
export function handlePaymentEvents(payments: Payments, deps: LifecycleDeps): void {
  payments.on('checkout.completed', (tx, event) => onCheckoutCompleted(deps, tx, event));
  payments.on('checkout.expired', (tx, event) => onCheckoutEnded(deps, tx, event));
  payments.on('checkout.failed', (tx, event) => onCheckoutEnded(deps, tx, event));
  payments.on('charge.refunded', (tx, event) => onChargeEvent(deps, tx, event));
  payments.on('charge.disputed', (tx, event) => onChargeEvent(deps, tx, event));
}

/**
 * checkout.completed: the first paid checkout pays the offer and tells its payer and the lawyer;
 * the other payers' checkouts are then ended at the provider. Money that still comes in for an
 * offer already paid is refunded to its payer (decision 013).
 */
export async function onCheckoutCompleted(
  deps: LifecycleDeps,
  tx: Tx,
  event: PaymentEventOf<'checkout.completed'>,
): Promise<AfterCommit | void> {
  const payment = await findPaymentBySession(tx, event.provider, event.sessionId);
  if (!payment) {
    deps.log.warn({ sessionId: event.sessionId }, 'checkout event for an unknown session');
    return;
  }
  // The offer with its lawyer, locked: the only read of the offer this event makes.
  const locked = await lockOfferWithLawyer(tx, payment.offerId);
  const now = deps.clock.now();
  if (!event.paid) {
    // A delayed method: the money arrives (async_payment_succeeded) or not (…_failed) later.
    if (event.paymentRef && !payment.paymentRef) await setPaymentRef(tx, payment.id, event.paymentRef, now);
    return;
  }
  // From expired or failed too: money the provider took is never ignored. The fee of the
  // lawyer's plan at this moment goes with the payment: a later change of plan leaves it be.
  const paid = await setPaymentStatus(tx, payment.id, ['open', 'expired', 'failed'], {
    status: 'paid',
    payDate: event.created,
    paymentRef: event.paymentRef ?? payment.paymentRef,
    feeBasisPoints: locked ? await deps.feeBasisPointsFor(tx, locked.profile.userId, event.created) : null,
    updatedAt: now,
  });
  if (!paid) return;
  // A lawyer whose licence stopped being verified after this checkout opened takes no money
  // (issue 30): it goes back to the client, who is told why.
  if (locked && locked.profile.licenceState !== 'verified') {
    await setPaymentStatus(tx, payment.id, ['paid'], {
      status: 'refunding',
      note: `refused: the lawyer's licence was ${locked.profile.licenceState} when the payment came in`,
      updatedAt: now,
    });
    await releaseOffer(tx, locked.offer, now);
    deps.log.warn({ paymentId: payment.id, offerId: payment.offerId }, 'licence not verified: refunding');
    return () => refundDuplicatePayments(deps, payment.id);
  }
  const paidOffer = await tryTransition(tx, payment.offerId, 'paymentSucceeded', 'payment_event', now);
  if (!paidOffer || !locked) {
    // Another payer's checkout paid the offer first: this money goes back.
    await setPaymentStatus(tx, payment.id, ['paid'], {
      status: 'refunding',
      duplicate: true,
      updatedAt: now,
    });
    deps.log.warn({ paymentId: payment.id, offerId: payment.offerId }, 'offer already paid: refunding');
    return () => refundDuplicatePayments(deps, payment.id);
  }
  const found = { ...locked, offer: paidOffer };
  const offer = await applyHearingCorrection(tx, found.offer, paid.hearing, now);
  const hearing = hearingOf(offer);
  // The tax point is the payment (art. 19a ust. 8): the advance invoice is issued with it.
  await deps.invoicing.offerPaid(tx, { offer, profile: found.profile, payment: paid }, now);
  const context = mailContextOf(deps);
  // The mail's link to the substitution document (decision 021): only its hash is kept.
  const documentKind = substitutionDocumentKind(found.profile.permissions);
  const documentToken = newSecretToken();
  await setDocumentTokenHash(tx, paid.id, hashToken(documentToken));
  await enqueueMail(
    tx,
    withHearing(
      paymentReceivedMail(
        {
          locale: paid.locale,
          to: paid.email,
          offerTitle: offer.title,
          amount: paid.price,
          lawyerName: fullNameOf(found.profile),
          seolink: found.profile.seolink ?? '',
          paymentId: paid.id,
          client: paid,
          hearing: hearingLines(hearing, paid.locale),
          document: documentKind
            ? { kind: documentKind, url: substitutionDocumentLink(context.publicUrl, documentToken) }
            : null,
        },
        context,
      ),
      offer,
      'payer',
      paid.locale,
      context,
      now,
    ),
    now,
  );
  await enqueueMail(
    tx,
    withHearing(
      offerPaidMail(
        {
          locale: found.lawyer.locale,
          to: found.lawyer.email,
          offerTitle: offer.title,
          amount: paid.price,
          client: paid,
          hearing: hearingLines(hearing, found.lawyer.locale),
        },
        context,
      ),
      offer,
      'lawyer',
      found.lawyer.locale,
      context,
      now,
    ),
    now,
  );
  return () => endCheckoutsOfPaidOffers(deps, payment.offerId);
}

/** The payment confirmation's link to the substitution document (no language prefix: it is the API's). */
export function substitutionDocumentLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/public/substitution-document/${encodeURIComponent(token)}`;
}

/** checkout.expired / checkout.failed: that payer's checkout ends; the others stay as they are. */
export async function onCheckoutEnded(
  deps: LifecycleDeps,
  tx: Tx,
  event: PaymentEventOf<'checkout.expired'> | PaymentEventOf<'checkout.failed'>,
): Promise<void> {
  const payment = await findPaymentBySession(tx, event.provider, event.sessionId);
  if (!payment) return;
  await closeCheckout(tx, payment, event.type === 'checkout.failed' ? 'failed' : 'expired', deps.clock.now());
}

/**
 * Ends, at the provider, the checkouts still open on offers that are already paid (all of them, or
 * one offer's), so no other payer can pay. Runs after the paying event and in the clock job, so
 * one that failed is tried again; ending a checkout twice is harmless.
 */
export async function endCheckoutsOfPaidOffers(deps: LifecycleDeps, offerId?: number): Promise<number> {
  const open = await findOpenCheckoutsOfPaidOffers(deps.db, offerId);
  let count = 0;
  for (const payment of open) {
    const ended = await callProvider(
      deps.log,
      'ending a checkout of a paid offer failed; will retry',
      { paymentId: payment.id },
      () => deps.payments.expireCheckout(payment.externalId),
    );
    if (!ended.ok) continue;
    await deps.db.transaction((tx) => closeCheckout(tx, payment, 'expired', deps.clock.now()));
    count += 1;
  }
  return count;
}

/**
 * charge.refunded / charge.disputed: recorded on the payment; the payout is then held back. A
 * partial refund (a dispute settled in part) leaves the payment `paid`, so the rest is still
 * passed on; a refund of the whole payment of a hearing the court cancelled ends that offer
 * (cancelled → refunded).
 */
export async function onChargeEvent(
  deps: LifecycleDeps,
  tx: Tx,
  event: PaymentEventOf<'charge.refunded'> | PaymentEventOf<'charge.disputed'>,
): Promise<void> {
  const now = deps.clock.now();
  const changed =
    event.type === 'charge.refunded'
      ? await setPaymentStatusByRef(
          tx,
          event.provider,
          event.paymentRef,
          ['paid', 'disputed'],
          {
            status: 'refunded',
            note: `refunded ${event.amountRefunded} gr (${event.id})`,
            updatedAt: now,
          },
          event.amountRefunded,
        )
      : await setPaymentStatusByRef(tx, event.provider, event.paymentRef, ['paid'], {
          status: 'disputed',
          note: `dispute: ${event.reason} (${event.id})`,
          updatedAt: now,
        });
  if (event.type === 'charge.refunded') {
    for (const payment of changed) {
      await tryTransition(tx, payment.offerId, 'refundSucceeded', 'payment_event', now);
    }
    // Issue 34: a court cancellation whose fee the lawyer keeps is refunded in part, so the
    // payment stays paid; the refund of the offer's recorded amount settles the offer all the same.
    if (changed.length === 0) {
      for (const offerId of await offersRefundedInPart(tx, event.provider, event.paymentRef, event.amountRefunded)) {
        await tryTransition(tx, offerId, 'refundSucceeded', 'payment_event', now);
      }
    }
  }
  if (changed.length > 0)
    deps.log.warn({ type: event.type, paymentRef: event.paymentRef }, 'payment needs attention');
}

/** How far back the clock job asks the provider for completed checkouts: a checkout lives at most a day. */
export const RECONCILE_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
const UNRECORDED: readonly PaymentStatus[] = ['open', 'expired', 'failed'];

/**
 * The clock job's reconciliation (issue 30): a checkout the provider calls complete and paid but
 * the app still holds as open, expired or failed (its event was lost, or the process died before
 * applying it) is applied now as the provider's checkout.completed, with an event id of its own
 * (`reconcile-{session}`). The same handler decides, so the money is recorded as the offer's
 * payment, or refunded to its payer when the offer can no longer take it (another payment came
 * first, the lawyer's licence is not verified). Safe on any number of instances at once: the
 * event id is recorded once and the payment changes only from those statuses.
 */
export async function reconcileCompletedCheckouts(deps: LifecycleDeps): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - RECONCILE_WINDOW_MS);
  const listed = await callProvider(deps.log, 'listing completed checkouts failed; will retry', {}, () =>
    deps.payments.completedCheckouts(since),
  );
  if (!listed.ok) return 0;
  const completed: CompletedCheckout[] = listed.value;
  const provider = deps.payments.provider.kind;
  const statuses = await paymentStatusesBySession(
    deps.db,
    provider,
    completed.map((c) => c.sessionId),
  );
  let applied = 0;
  for (const checkout of completed) {
    const status = statuses.get(checkout.sessionId);
    // Unknown: its payment row was rolled back with the request, so its pay link never reached anyone.
    if (!status || !UNRECORDED.includes(status)) continue;
    deps.log.warn({ sessionId: checkout.sessionId }, 'a completed checkout was never recorded: applying it');
    const first = await deps.payments.processEvent({
      provider,
      id: `reconcile-${checkout.sessionId}`,
      created: checkout.completedAt ?? deps.clock.now(),
      type: 'checkout.completed',
      sessionId: checkout.sessionId,
      paid: true,
      paymentRef: checkout.paymentRef,
    });
    if (first) applied += 1;
  }
  return applied;
}

/**
 * Ends one open checkout in the app (the provider already ended it): the offer goes back to
 * active only when no other payer's checkout can still be paid. Takes the offer's lock first,
 * like every change to an offer's payments, so the order of locks is always the same.
 */
export async function closeCheckout(
  tx: Tx,
  payment: Pick<OfferPaymentRow, 'id' | 'offerId'>,
  status: 'expired' | 'failed',
  now: Date,
): Promise<void> {
  const offer = await lockOffer(tx, payment.offerId);
  // Only an open checkout ends: a late expiry of a paid one changes nothing.
  if (!(await setPaymentStatus(tx, payment.id, ['open'], { status, updatedAt: now }))) return;
  await releaseOffer(tx, offer, now);
}

/**
 * A checkout of the offer (locked by the caller) ended without paying it: the offer goes back to
 * active when no other payer's checkout can still be paid. Past its day it stays for the clock job
 * to expire.
 */
export async function releaseOffer(tx: Tx, offer: OfferRow | null, now: Date): Promise<void> {
  if (offer?.status !== 'paystart' || isOfferExpired(offer.expireDate, now)) return;
  if (await hasPayableCheckout(tx, offer.id, now)) return;
  await tryTransition(tx, offer.id, 'paymentFailed', 'payment_event', now);
}

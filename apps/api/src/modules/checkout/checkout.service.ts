import { randomBytes } from 'node:crypto';
import {
  canStartPayment,
  isOfferExpired,
  offerExpiresAt,
  type OfferAction,
  type OfferActor,
  type PaymentRequestPayload,
} from '@substytut/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { offerPayments, payouts, type OfferPaymentRow } from '../../db/schema/checkout.ts';
import { offers, type OfferRow } from '../../db/schema.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import { isAppError } from '../app/errors.ts';
import { hashToken, newSecretToken } from '../auth/access-tokens.ts';
import { enqueueMail } from '../mail/index.ts';
import {
  acceptanceWindowClosedMail,
  duplicatePaymentRefundedMail,
  offerPaidMail,
  paymentReceivedMail,
  payoutReleasedMail,
  webUrl,
  type MailContext,
} from '../mail/templates/index.ts';
import { INVALID_TRANSITION, transitionOffer } from '../offers/offers.transitions.ts';
import { checkoutFailed } from '../payments/payments.errors.ts';
import {
  PaymentProviderError,
  type AfterCommit,
  type Locale,
  type PaymentEventOf,
} from '../payments/payments.port.ts';
import type { Payments } from '../payments/payments.service.ts';
import { transferGroupOf } from '../payments/stripe-provider.ts';
import { acceptanceClosed, acceptanceInvalid, offerNotFound, offerNotPayable } from './checkout.errors.ts';
import {
  countPayments,
  findOfferWithLawyer,
  findOpenCheckoutsOfPaidOffers,
  findPaidPayment,
  findPayerPayments,
  findPaymentBySession,
  findPaymentsToRefund,
  findPublicOffer,
  hasPayableCheckout,
  insertPayment,
  insertPayout,
  lockOffer,
  setPaymentStatus,
  setPaymentStatusByRef,
  type OfferWithLawyer,
} from './checkout.repo.ts';

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  payments: Payments;
  config: Pick<Config, 'publicUrl' | 'supportEmail' | 'platformFeePercent' | 'acceptanceWindowDays'>;
  log: FastifyBaseLogger;
}

const mailContext = (deps: CheckoutDeps): MailContext => ({
  publicUrl: deps.config.publicUrl,
  supportEmail: deps.config.supportEmail,
});

/** Stripe accepts a checkout expiry between 30 minutes and 24 hours ahead; a minute of margin each side. */
const CHECKOUT_MIN_MS = 31 * 60 * 1000;
const CHECKOUT_MAX_MS = 24 * 60 * 60 * 1000 - 60 * 1000;

/**
 * A checkout ends no later than the offer (expireDate's Warsaw day), within the provider's
 * bounds; an offer ending within half an hour gets the minimum, and a payment that lands after
 * the offer expired is still honoured (the status machine allows expired → payed).
 */
export function checkoutExpiresAt(offer: Pick<OfferRow, 'expireDate'>, now: Date): Date {
  const end = offerExpiresAt(offer.expireDate).getTime();
  const at = Math.max(now.getTime() + CHECKOUT_MIN_MS, Math.min(end, now.getTime() + CHECKOUT_MAX_MS));
  return new Date(at);
}

export function isOfferPayable(offer: Pick<OfferRow, 'status' | 'expireDate'>, now: Date): boolean {
  return canStartPayment(offer.status) && !isOfferExpired(offer.expireDate, now);
}

/** The platform's share of a gross amount, rounded to the grosz. */
export function platformFee(gross: number, percent: number): number {
  return Math.min(gross, Math.round((gross * percent) / 100));
}

/** Applies a transition; false (instead of 409) when the offer is not in a status it starts from. */
async function tryTransition(
  db: DbOrTx,
  offerId: number,
  action: OfferAction,
  by: OfferActor,
  now: Date,
): Promise<boolean> {
  try {
    await transitionOffer(db, offerId, action, by, now);
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === INVALID_TRANSITION) return false;
    throw error;
  }
}

const fullName = (p: OfferWithLawyer['profile']) => [p.firstname, p.lastname].filter(Boolean).join(' ');

export interface StartPaymentInput {
  seolink: string;
  offerUrl: string;
  payload: PaymentRequestPayload;
  locale: Locale;
  /** the secret of the browser's payer cookie, when it sent one */
  payerSecret: string | null;
}

export interface StartPaymentResult {
  payLink: string;
  /** what the browser's payer cookie must hold from now on */
  payerSecret: string;
}

const INVOICE_FIELDS = [
  'email',
  'company',
  'street',
  'city',
  'postCode',
  'invoice',
  'firstname',
  'lastname',
  'phone',
  'nip',
  'locale',
] as const satisfies readonly (keyof OfferPaymentRow)[];

/** What binds a checkout to its payer: their invoice data, e-mail and language. */
type InvoiceData = Pick<OfferPaymentRow, (typeof INVOICE_FIELDS)[number]>;

const sameInvoice = (a: InvoiceData, b: InvoiceData) =>
  INVOICE_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));

/** An open checkout of this payer, with this data, that the provider still accepts payment on. */
const reusableCheckout = (rows: OfferPaymentRow[], invoice: InvoiceData, now: Date) =>
  rows.find(
    (row) => row.status === 'open' && row.expiresAt.getTime() > now.getTime() && sameInvoice(row, invoice),
  );

/**
 * POST /public/profile/{seolink}/payment/{offerUrl}: opens a checkout of the offer for this payer
 * (decision 013). Each payer has their own checkout bound to their own invoice data and e-mail;
 * a payer is recognised only by the secret of their browser's payer cookie, never by e-mail or
 * NIP. A repeat with the same data gets the payer's own open checkout back; with changed data
 * the payer's old checkout is ended at the provider and a new one opened. Requests for one offer
 * queue on the offer's row lock (PostgreSQL) or the single connection (PGlite), so concurrent
 * repeats from one browser get one checkout.
 */
export async function startPayment(
  deps: CheckoutDeps,
  input: StartPaymentInput,
): Promise<StartPaymentResult> {
  const found = await findPublicOffer(deps.db, input.seolink, input.offerUrl);
  if (!found || found.profile.status !== 'active') throw offerNotFound();
  if (!isOfferPayable(found.offer, deps.clock.now())) throw offerNotPayable();
  const account = await deps.payments.accountOf(deps.db, found.profile.userId);
  // The money could never be passed on: better no payment than a stuck one.
  if (!account?.payoutsEnabled) throw offerNotPayable();

  const p = input.payload;
  const invoice: InvoiceData = {
    email: p.email,
    company: p.company,
    street: p.street,
    city: p.city,
    postCode: p.postCode,
    invoice: p.invoice,
    firstname: p.firstname,
    lastname: p.lastname,
    phone: p.phone,
    nip: p.nip,
    locale: input.locale,
  };
  // A secret counts only when this offer's payments know it: the server made it, so nobody else
  // holds it, and a made-up value starts afresh like no cookie at all.
  const presented = input.payerSecret ? hashToken(input.payerSecret) : null;
  const mine = presented ? await findPayerPayments(deps.db, found.offer.id, presented) : [];
  const payerSecret = mine.length > 0 && input.payerSecret ? input.payerSecret : newSecretToken();
  const payerHash = hashToken(payerSecret);

  const own = reusableCheckout(mine, invoice, deps.clock.now());
  if (own) return { payLink: own.payLink, payerSecret };
  // The payer corrected their data: their old checkout ends first (at the provider, outside any
  // transaction), so they never hold two that can be paid.
  for (const old of mine.filter((row) => row.status === 'open')) {
    try {
      await deps.payments.expireCheckout(old.externalId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error, paymentId: old.id }, "ending the payer's old checkout failed");
      throw checkoutFailed();
    }
    await deps.db.transaction((tx) => closeCheckout(tx, old, 'expired', deps.clock.now()));
  }

  return deps.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, found.offer.id);
    const now = deps.clock.now();
    if (!offer || !isOfferPayable(offer, now)) throw offerNotPayable();
    // A concurrent repeat from the same browser may have opened it while this one waited.
    const twin = reusableCheckout(await findPayerPayments(tx, offer.id, payerHash), invoice, now);
    if (twin) return { payLink: twin.payLink, payerSecret };

    const attempt = (await countPayments(tx, offer.id)) + 1;
    const expiresAt = checkoutExpiresAt(offer, now);
    const session = await deps.payments.createCheckout(
      {
        offerId: offer.id,
        title: offer.title,
        payeeName: fullName(found.profile),
        amount: offer.grossGrosze,
        customerEmail: p.email,
        locale: input.locale,
        expiresAt,
        successUrl: webUrl(deps.config.publicUrl, input.locale, '/payment/success'),
        cancelUrl: webUrl(deps.config.publicUrl, input.locale, '/payment/cancel'),
        // Unique per call (the SDK reuses it for its own retries); a call rolled back here leaves
        // an unpaid session that simply expires.
        idempotencyKey: `checkout-offer-${offer.id}-${attempt}-${randomBytes(6).toString('hex')}`,
      },
      tx,
    );
    await insertPayment(tx, {
      ...invoice,
      offerId: offer.id,
      provider: deps.payments.provider.kind,
      externalId: session.sessionId,
      payLink: session.url,
      status: 'open',
      price: offer.grossGrosze,
      expiresAt,
      payerHash,
      createdAt: now,
      updatedAt: now,
    });
    if (offer.status === 'active') await transitionOffer(tx, offer.id, 'startPayment', 'client', now);
    return { payLink: session.url, payerSecret };
  });
}

/**
 * Ends one open checkout in the app (the provider already ended it): the offer goes back to
 * active only when no other payer's checkout can still be paid. Takes the offer's lock first,
 * like every change to an offer's payments, so the order of locks is always the same.
 */
async function closeCheckout(
  tx: Tx,
  payment: Pick<OfferPaymentRow, 'id' | 'offerId'>,
  status: 'expired' | 'failed',
  now: Date,
): Promise<void> {
  const offer = await lockOffer(tx, payment.offerId);
  // Only an open checkout ends: a late expiry of a paid one changes nothing.
  if (!(await setPaymentStatus(tx, payment.id, ['open'], { status, updatedAt: now }))) return;
  // Past its day the offer stays for the clock job to expire.
  if (offer?.status !== 'paystart' || isOfferExpired(offer.expireDate, now)) return;
  if (await hasPayableCheckout(tx, offer.id, now)) return;
  await tryTransition(tx, offer.id, 'paymentFailed', 'payment_event', now);
}

/**
 * checkout.completed: the first paid checkout pays the offer and tells its payer and the lawyer;
 * the other payers' checkouts are then ended at the provider. Money that still comes in for an
 * offer already paid is refunded to its payer (decision 013).
 */
export async function onCheckoutCompleted(
  deps: CheckoutDeps,
  tx: Tx,
  event: PaymentEventOf<'checkout.completed'>,
): Promise<AfterCommit | void> {
  const payment = await findPaymentBySession(tx, event.provider, event.sessionId);
  if (!payment) {
    deps.log.warn({ sessionId: event.sessionId }, 'checkout event for an unknown session');
    return;
  }
  await lockOffer(tx, payment.offerId);
  const now = deps.clock.now();
  if (!event.paid) {
    // A delayed method: the money arrives (async_payment_succeeded) or not (…_failed) later.
    if (event.paymentRef && !payment.paymentRef) {
      await tx
        .update(offerPayments)
        .set({ paymentRef: event.paymentRef, updatedAt: now })
        .where(eq(offerPayments.id, payment.id));
    }
    return;
  }
  // From expired or failed too: money the provider took is never ignored.
  const paid = await setPaymentStatus(tx, payment.id, ['open', 'expired', 'failed'], {
    status: 'paid',
    payDate: event.created,
    paymentRef: event.paymentRef ?? payment.paymentRef,
    updatedAt: now,
  });
  if (!paid) return;
  if (!(await tryTransition(tx, payment.offerId, 'paymentSucceeded', 'payment_event', now))) {
    // Another payer's checkout paid the offer first: this money goes back.
    await setPaymentStatus(tx, payment.id, ['paid'], {
      status: 'refunding',
      duplicate: true,
      updatedAt: now,
    });
    deps.log.warn({ paymentId: payment.id, offerId: payment.offerId }, 'offer already paid: refunding');
    return () => refundDuplicatePayments(deps, payment.id);
  }
  const found = await findOfferWithLawyer(tx, payment.offerId);
  if (!found) return;
  const context = mailContext(deps);
  await enqueueMail(
    tx,
    paymentReceivedMail(
      {
        locale: paid.locale,
        to: paid.email,
        offerTitle: found.offer.title,
        amount: paid.price,
        lawyerName: fullName(found.profile),
        seolink: found.profile.seolink ?? '',
        paymentId: paid.id,
        client: paid,
      },
      context,
    ),
    now,
  );
  await enqueueMail(
    tx,
    offerPaidMail(
      {
        locale: found.lawyer.locale,
        to: found.lawyer.email,
        offerTitle: found.offer.title,
        amount: paid.price,
        client: paid,
      },
      context,
    ),
    now,
  );
  return () => endCheckoutsOfPaidOffers(deps, payment.offerId);
}

/** checkout.expired / checkout.failed: that payer's checkout ends; the others stay as they are. */
export async function onCheckoutEnded(
  deps: CheckoutDeps,
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
export async function endCheckoutsOfPaidOffers(deps: CheckoutDeps, offerId?: number): Promise<number> {
  const open = await findOpenCheckoutsOfPaidOffers(deps.db, offerId);
  let ended = 0;
  for (const payment of open) {
    try {
      await deps.payments.expireCheckout(payment.externalId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error(
        { err: error, paymentId: payment.id },
        'ending a checkout of a paid offer failed; will retry',
      );
      continue;
    }
    await deps.db.transaction((tx) => closeCheckout(tx, payment, 'expired', deps.clock.now()));
    ended += 1;
  }
  return ended;
}

/**
 * Refunds in full the payments that came in for an offer another payment had already paid, and
 * tells each payer in their language. Runs after the event and in the clock job until the
 * provider took the refund; the idempotency key is the payment's, so a retry never refunds twice.
 */
export async function refundDuplicatePayments(deps: CheckoutDeps, paymentId?: number): Promise<number> {
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
    let refundId: string;
    try {
      ({ refundId } = await deps.payments.refund({
        paymentRef: payment.paymentRef,
        amount: payment.price,
        reason: 'duplicate',
        idempotencyKey: `refund-duplicate-payment-${payment.id}`,
      }));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error, paymentId: payment.id }, 'refund failed; will retry');
      continue;
    }
    const done = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const row = await setPaymentStatus(tx, payment.id, ['refunding'], {
        status: 'refunded',
        note: `refunded ${payment.price} gr: the offer was already paid by another payment (${refundId})`,
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
          },
          mailContext(deps),
        ),
        now,
      );
      return true;
    });
    if (done) refunded += 1;
  }
  return refunded;
}

/** charge.refunded / charge.disputed: recorded on the payment; the payout is then held back. */
export async function onChargeEvent(
  deps: CheckoutDeps,
  tx: Tx,
  event: PaymentEventOf<'charge.refunded'> | PaymentEventOf<'charge.disputed'>,
): Promise<void> {
  const now = deps.clock.now();
  const changed =
    event.type === 'charge.refunded'
      ? await setPaymentStatusByRef(tx, event.provider, event.paymentRef, ['paid', 'disputed'], {
          status: 'refunded',
          note: `refunded ${event.amountRefunded} gr (${event.id})`,
          updatedAt: now,
        })
      : await setPaymentStatusByRef(tx, event.provider, event.paymentRef, ['paid'], {
          status: 'disputed',
          note: `dispute: ${event.reason} (${event.id})`,
          updatedAt: now,
        });
  if (changed.length > 0)
    deps.log.warn({ type: event.type, paymentRef: event.paymentRef }, 'payment needs attention');
}

/**
 * Records the lawyer's payout in the transaction that accepts or archives the offer. A refunded
 * or disputed payment is not passed on (the operator settles it by hand). null when nothing is due.
 */
async function recordPayout(
  deps: CheckoutDeps,
  tx: Tx,
  found: OfferWithLawyer,
  now: Date,
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
  const fee = platformFee(payment.price, deps.config.platformFeePercent);
  await insertPayout(tx, {
    offerId: found.offer.id,
    paymentId: payment.id,
    provider: account.provider,
    accountId: account.accountId,
    amount: payment.price - fee,
    fee,
    createdAt: now,
  });
  return payment.price - fee;
}

/**
 * Sends recorded payouts. The idempotency key is the offer's, so a retry, a second click or a
 * second instance sending the same payout at once makes one transfer. A provider failure leaves
 * the payout pending for the clock job to retry.
 */
export async function sendPendingPayouts(deps: CheckoutDeps, offerId?: number): Promise<number> {
  const pending = await deps.db
    .select({ payout: payouts, title: offers.title, paymentRef: offerPayments.paymentRef })
    .from(payouts)
    .innerJoin(offers, eq(offers.id, payouts.offerId))
    .innerJoin(offerPayments, eq(offerPayments.id, payouts.paymentId))
    .where(
      and(eq(payouts.status, 'pending'), offerId === undefined ? undefined : eq(payouts.offerId, offerId)),
    );
  let sent = 0;
  for (const { payout, title, paymentRef } of pending) {
    if (payout.provider !== deps.payments.provider.kind || !paymentRef) continue;
    const now = deps.clock.now();
    try {
      const transferId =
        payout.amount === 0
          ? null
          : (
              await deps.payments.createTransfer({
                accountId: payout.accountId,
                amount: payout.amount,
                paymentRef,
                transferGroup: transferGroupOf(payout.offerId),
                description: title,
                idempotencyKey: `payout-offer-${payout.offerId}`,
              })
            ).transferId;
      const rows = await deps.db
        .update(payouts)
        .set({ status: 'sent', transferId, sentAt: now, lastError: null })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
        .returning({ id: payouts.id });
      sent += rows.length;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error, offerId: payout.offerId }, 'payout failed; will retry');
      await deps.db
        .update(payouts)
        .set({ attempts: payout.attempts + 1, lastError: error.message })
        .where(eq(payouts.id, payout.id));
    }
  }
  return sent;
}

/**
 * POST /public/offer/accept: the client confirms the job (done → accepted) through the secret
 * link of the "job done" mail, and the lawyer's payout is released. A second click answers the
 * same result and transfers nothing more.
 */
export async function acceptOffer(
  deps: CheckoutDeps,
  token: string,
): Promise<Extract<AcceptanceState, { status: 'accepted' }>> {
  const [row] = await deps.db
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.acceptanceTokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw acceptanceInvalid();
  const found = await findOfferWithLawyer(deps.db, row.id);
  if (!found) throw acceptanceInvalid();

  if (found.offer.status === 'done') {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      if (!(await tryTransition(tx, found.offer.id, 'confirm', 'client', now))) return;
      const amount = await recordPayout(deps, tx, found, now);
      if (amount === null) return;
      await enqueueMail(
        tx,
        payoutReleasedMail(
          {
            locale: found.lawyer.locale,
            to: found.lawyer.email,
            offerTitle: found.offer.title,
            amount,
            reason: 'accepted',
          },
          mailContext(deps),
        ),
        now,
      );
    });
  }
  const [after] = await deps.db
    .select({ status: offers.status, acceptedAt: offers.acceptedAt })
    .from(offers)
    .where(eq(offers.id, row.id));
  if (after?.status === 'accepted') {
    await sendPendingPayouts(deps, row.id);
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
export async function acceptanceOf(deps: CheckoutDeps, token: string): Promise<AcceptanceState> {
  const [row] = await deps.db
    .select({ status: offers.status, acceptedAt: offers.acceptedAt })
    .from(offers)
    .where(eq(offers.acceptanceTokenHash, hashToken(token)))
    .limit(1);
  if (row?.status === 'done') return { status: 'done', acceptedAt: null };
  if (row?.status === 'accepted' && row.acceptedAt)
    return { status: 'accepted', acceptedAt: row.acceptedAt.toISOString() };
  if (row?.status === 'archive') throw acceptanceClosed();
  throw acceptanceInvalid();
}

export interface ClockJobResult {
  expired: number;
  archived: number;
  payoutsSent: number;
}

/**
 * The clock job (every minute, on any number of instances): offers past their day expire; done
 * offers the client did not confirm within ACCEPTANCE_WINDOW_DAYS are archived and paid out;
 * the sandbox ends its overdue checkouts; failed payouts are retried. Every step is a
 * conditional update or keyed by the offer, so running it twice changes nothing more.
 */
export async function runClockJob(deps: CheckoutDeps): Promise<ClockJobResult> {
  const now = deps.clock.now();
  const result: ClockJobResult = { expired: 0, archived: 0, payoutsSent: 0 };

  const unpaid = await deps.db
    .select({ id: offers.id, expireDate: offers.expireDate })
    .from(offers)
    .where(inArray(offers.status, ['active', 'paystart']));
  for (const offer of unpaid) {
    if (!isOfferExpired(offer.expireDate, now)) continue;
    if (await tryTransition(deps.db, offer.id, 'expire', 'clock', now)) result.expired += 1;
  }

  const cutoff = new Date(now.getTime() - deps.config.acceptanceWindowDays * 24 * 60 * 60 * 1000);
  const done = await deps.db
    .select({ id: offers.id, doneAt: offers.doneAt })
    .from(offers)
    .where(eq(offers.status, 'done'));
  for (const offer of done) {
    if (!offer.doneAt || offer.doneAt.getTime() > cutoff.getTime()) continue;
    const archived = await deps.db.transaction(async (tx) => {
      if (!(await tryTransition(tx, offer.id, 'archiveUnconfirmed', 'clock', now))) return false;
      const found = await findOfferWithLawyer(tx, offer.id);
      if (!found) return true;
      const amount = await recordPayout(deps, tx, found, now);
      const context = mailContext(deps);
      if (amount !== null) {
        await enqueueMail(
          tx,
          payoutReleasedMail(
            {
              locale: found.lawyer.locale,
              to: found.lawyer.email,
              offerTitle: found.offer.title,
              amount,
              reason: 'window_passed',
            },
            context,
          ),
          now,
        );
      }
      const payment = await findPaidPayment(tx, offer.id);
      if (payment) {
        await enqueueMail(
          tx,
          acceptanceWindowClosedMail(
            {
              locale: payment.locale,
              to: payment.email,
              offerTitle: found.offer.title,
              days: deps.config.acceptanceWindowDays,
            },
            context,
          ),
          now,
        );
      }
      return true;
    });
    if (archived) result.archived += 1;
  }

  await deps.payments.provider.tick?.(now);
  // Provider work a payment event called for and that failed then: tried again every minute.
  await endCheckoutsOfPaidOffers(deps);
  await refundDuplicatePayments(deps);
  result.payoutsSent = await sendPendingPayouts(deps);
  return result;
}

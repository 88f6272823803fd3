import { randomBytes } from 'node:crypto';
import {
  acceptanceClosesAt,
  checkoutExpiresAt,
  grantorFitsSubstitute,
  isAcceptanceWindowOpen,
  isOfferPayable,
  type HearingData,
  type HearingReportDto,
  type PaymentRequestPayload,
  type SettlementDto,
} from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import type { OfferPaymentRow, StoredGrantor } from '../../../db/schema/offer-payments.ts';
import type { OfferRow } from '../../../db/schema.ts';
import { validationFailed } from '../../app/errors.ts';
import { hashToken, newSecretToken } from '../../app/token-crypto.ts';
import { webUrl } from '../../mail/index.ts';
import { enqueueMail } from '../../mail/index.ts';
import { checkoutFailed } from '../../payments/index.ts';
import type { Locale } from '../../payments/index.ts';
import { toStoredCorrection } from '../hearing/correction.ts';
import { disputeOpenedAdminMail, disputeOpenedLawyerMail } from '../mails/dispute-mails.ts';
import { closeCheckout } from '../money/events.ts';
import { releasePayout, sendPendingPayouts } from '../money/payouts.ts';
import { callProvider } from '../money/provider.ts';
import { minutesKeyOf } from '../documents/minutes.ts';
import {
  countPayments,
  findPaidPayment,
  findPayerPayments,
  insertPayment,
  paidAmountsOf,
  refundsOf,
  setPaymentHearing,
} from '../money.repo.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { fullNameOf, reportDtoOf, reportLinesOf, settlementOf } from '../offers.dto.ts';
import {
  acceptanceClosed,
  acceptanceInvalid,
  invalidTransition,
  offerNotFound,
  offerNotPayable,
} from '../offers.errors.ts';
import {
  adminRecipients,
  findOfferByAcceptanceToken,
  findPublicOffer,
  lockOffer,
  reportsOf,
  type OfferWithLawyer,
} from '../offers.repo.ts';
import { transitionOffer, tryTransition } from '../offers.transitions.ts';

/**
 * The client's side of an offer: starting the payment from the public page (one checkout per
 * payer, decision 013), and, through the secret link of the "job done" mail, the acceptance page:
 * confirming the job or disputing it (issue 23).
 */

export interface StartPaymentInput {
  seolink: string;
  offerUrl: string;
  payload: PaymentRequestPayload;
  /** the client's additions and corrections to the hearing (step 2), applied when this checkout pays */
  hearing: HearingData | null;
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

/**
 * What binds a checkout to its payer: their invoice data, e-mail and language, and the grantor
 * they named (issue 24), which the substitution document is made from.
 */
type InvoiceData = Pick<OfferPaymentRow, (typeof INVOICE_FIELDS)[number] | 'grantor'>;

const GRANTOR_FIELDS = ['name', 'professionalType', 'licenseNo', 'officeAddress'] as const;
// Field by field: jsonb gives the keys back in its own order.
const sameGrantor = (a: StoredGrantor | null, b: StoredGrantor | null) =>
  a === null || b === null ? a === b : GRANTOR_FIELDS.every((field) => a[field] === b[field]);

const sameInvoice = (a: InvoiceData, b: InvoiceData) =>
  INVOICE_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null)) &&
  sameGrantor(a.grantor ?? null, b.grantor ?? null);

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
  deps: LifecycleDeps,
  input: StartPaymentInput,
): Promise<StartPaymentResult> {
  const found = await findPublicOffer(deps.db, input.seolink, input.offerUrl);
  if (!found || found.profile.status !== 'active') throw offerNotFound();
  if (!isOfferPayable(found.offer, deps.clock.now())) throw offerNotPayable();
  // Issue 22: a lawyer whose licence is no longer verified takes no new payments (paid ones go on).
  if (found.profile.licenceState !== 'verified') throw offerNotPayable();
  const account = await deps.payments.accountOf(deps.db, found.profile.userId);
  // The money could never be passed on: better no payment than a stuck one.
  if (!account?.payoutsEnabled) throw offerNotPayable();

  const p = input.payload;
  const grantor: StoredGrantor | null = p.grantor
    ? {
        name: p.grantor.name,
        professionalType: p.grantor.professional_type,
        licenseNo: p.grantor.license_no,
        officeAddress: p.grantor.office_address,
      }
    : null;
  // A trainee is authorised only from their own profession (decision 021): better said now than
  // in court.
  if (p.grantor && !grantorFitsSubstitute(p.grantor.professional_type, found.profile.permissions)) {
    throw validationFailed({ 'grantor.professional_type': 'validation.grantorMismatch' });
  }
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
    grantor,
  };
  // A secret counts only when this offer's payments know it: the server made it, so nobody else
  // holds it, and a made-up value starts afresh like no cookie at all.
  const presented = input.payerSecret ? hashToken(input.payerSecret) : null;
  const mine = presented ? await findPayerPayments(deps.db, found.offer.id, presented) : [];
  const payerSecret = mine.length > 0 && input.payerSecret ? input.payerSecret : newSecretToken();
  const payerHash = hashToken(payerSecret);

  const hearing = toStoredCorrection(input.hearing);
  const own = reusableCheckout(mine, invoice, deps.clock.now());
  if (own) {
    // The same checkout, with the hearing as the client sent it last.
    await setPaymentHearing(deps.db, own.id, hearing);
    return { payLink: own.payLink, payerSecret };
  }
  // The payer corrected their data: their old checkout ends first (at the provider, outside any
  // transaction), so they never hold two that can be paid.
  for (const old of mine.filter((row) => row.status === 'open')) {
    const ended = await callProvider(
      deps.log,
      "ending the payer's old checkout failed",
      { paymentId: old.id },
      () => deps.payments.expireCheckout(old.externalId),
    );
    if (!ended.ok) throw checkoutFailed();
    await deps.db.transaction((tx) => closeCheckout(tx, old, 'expired', deps.clock.now()));
  }

  return deps.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, found.offer.id);
    const now = deps.clock.now();
    if (!offer || !isOfferPayable(offer, now)) throw offerNotPayable();
    // A concurrent repeat from the same browser may have opened it while this one waited.
    const twin = reusableCheckout(await findPayerPayments(tx, offer.id, payerHash), invoice, now);
    if (twin) {
      await setPaymentHearing(tx, twin.id, hearing);
      return { payLink: twin.payLink, payerSecret };
    }

    const attempt = (await countPayments(tx, offer.id)) + 1;
    const expiresAt = checkoutExpiresAt(offer, now);
    const session = await deps.payments.createCheckout(
      {
        offerId: offer.id,
        title: offer.title,
        payeeName: fullNameOf(found.profile),
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
      hearing,
      createdAt: now,
      updatedAt: now,
    });
    if (offer.status === 'active') await transitionOffer(tx, offer.id, 'startPayment', 'client', now);
    return { payLink: session.url, payerSecret };
  });
}

/** What the acceptance page shows: the status, the report, and the dispute's state. */
export interface AcceptancePage {
  status: 'done' | 'accepted' | 'disputed' | 'resolved';
  acceptedAt: string | null;
  offer_title: string;
  lawyer_name: string;
  /** when the window to confirm or dispute closes (ISO) */
  closes_at: string | null;
  report: HearingReportDto | null;
  settlement: SettlementDto | null;
}

async function offerOfToken(deps: LifecycleDeps, token: string): Promise<OfferWithLawyer> {
  const found = await findOfferByAcceptanceToken(deps.db, hashToken(token));
  if (!found) throw acceptanceInvalid();
  return found;
}

/**
 * POST /public/offer/accept: the client confirms the job (done → accepted) through the secret
 * link of the "job done" mail, and the lawyer's payout is released. A second click answers the
 * same result and transfers nothing more.
 */
export async function acceptOffer(
  deps: LifecycleDeps,
  token: string,
): Promise<{ status: 'accepted'; acceptedAt: string }> {
  const found = await offerOfToken(deps, token);
  let offer: OfferRow = found.offer;
  if (offer.status === 'done') {
    const now = deps.clock.now();
    const accepted = await deps.db.transaction(async (tx) => {
      const row = await tryTransition(tx, offer.id, 'confirm', 'client', now);
      if (row) await releasePayout(deps, tx, { ...found, offer: row }, 'accepted', now);
      return row;
    });
    // Another click or the clock came first: only then is the offer read again, to see which.
    offer = accepted ?? (await offerOfToken(deps, token)).offer;
  }
  if (offer.status === 'accepted') {
    await sendPendingPayouts(deps, offer.id);
    return { status: 'accepted', acceptedAt: (offer.acceptedAt ?? deps.clock.now()).toISOString() };
  }
  if (offer.status === 'archive') throw acceptanceClosed();
  throw acceptanceInvalid();
}

/** The page of an offer the request already holds. */
async function acceptancePage(
  deps: LifecycleDeps,
  { offer, profile }: OfferWithLawyer,
): Promise<AcceptancePage> {
  if (offer.status === 'archive') throw acceptanceClosed();
  if (!['done', 'accepted', 'disputed', 'resolved'].includes(offer.status)) throw acceptanceInvalid();
  const [reports, refunds, paid] = await Promise.all([
    reportsOf(deps.db, [offer.id]),
    refundsOf(deps.db, [offer.id]),
    paidAmountsOf(deps.db, [offer.id]),
  ]);
  const report = reports.get(offer.id);
  return {
    status: offer.status as AcceptancePage['status'],
    acceptedAt: offer.acceptedAt?.toISOString() ?? null,
    offer_title: offer.title,
    lawyer_name: fullNameOf(profile),
    closes_at: offer.doneAt
      ? acceptanceClosesAt(offer.doneAt, deps.config.acceptanceWindowDays).toISOString()
      : null,
    report: report ? reportDtoOf(report) : null,
    settlement: settlementOf(offer, paid.get(offer.id), refunds.get(offer.id)),
  };
}

/** POST /public/offer/page: the page's state under an acceptance token; the same errors as confirming. */
export async function acceptancePageOf(deps: LifecycleDeps, token: string): Promise<AcceptancePage> {
  return acceptancePage(deps, await offerOfToken(deps, token));
}

/**
 * POST /public/offer/dispute: the holder of the acceptance link (the payer: the link is only in
 * their mail) disputes instead of confirming, while the acceptance window is open. done →
 * disputed in one conditional update; the payout stays frozen (the clock archives only `done`),
 * the lawyer and the administrators are mailed in the same transaction. A repeated or racing
 * click answers the disputed state and changes nothing.
 */
export async function disputeOffer(
  deps: LifecycleDeps,
  token: string,
  reason: string,
): Promise<AcceptancePage> {
  const found = await offerOfToken(deps, token);
  const now = deps.clock.now();
  let offer: OfferRow = found.offer;
  if (offer.status === 'done') {
    const doneAt = offer.doneAt ?? now;
    if (!isAcceptanceWindowOpen(doneAt, deps.config.acceptanceWindowDays, now)) throw acceptanceClosed();
    const disputed = await deps.db.transaction(async (tx) => {
      // Another click or the clock may come first (null); the state read below tells which.
      const row = await tryTransition(tx, offer.id, 'dispute', 'client', now, { disputeReason: reason });
      if (row) await tellOfDispute(deps, tx, { ...found, offer: row }, reason, now);
      return row;
    });
    offer = disputed ?? (await offerOfToken(deps, token)).offer;
  }
  const page = await acceptancePage(deps, { ...found, offer });
  if (page.status !== 'disputed' && page.status !== 'resolved') throw invalidTransition();
  return page;
}

async function tellOfDispute(deps: LifecycleDeps, tx: Tx, found: OfferWithLawyer, reason: string, now: Date) {
  const context = mailContextOf(deps);
  const payment = await findPaidPayment(tx, found.offer.id);
  const reports = await reportsOf(tx, [found.offer.id]);
  const report = reports.get(found.offer.id);
  const base = {
    offerTitle: found.offer.title,
    reason,
    amount: payment?.price ?? found.offer.grossGrosze,
    report: report ? reportLinesOf(report) : null,
  };
  await enqueueMail(
    tx,
    disputeOpenedLawyerMail({ ...base, locale: found.lawyer.locale, to: found.lawyer.email }, context),
    now,
  );
  const admins = await adminRecipients(tx);
  if (admins.length === 0)
    deps.log.error({ offerId: found.offer.id }, 'a dispute and no administrator to tell');
  for (const admin of admins) {
    await enqueueMail(
      tx,
      disputeOpenedAdminMail({ ...base, locale: admin.locale, to: admin.email }, context),
      now,
    );
  }
}

/** The minutes under an acceptance token (the payer's). */
export async function minutesKeyOfToken(deps: LifecycleDeps, token: string): Promise<string | null> {
  const { offer } = await offerOfToken(deps, token);
  return minutesKeyOf(deps, offer.id);
}

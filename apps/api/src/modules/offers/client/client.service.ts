import { randomBytes } from 'node:crypto';
import {
  checkoutExpiresAt,
  grantorFitsSubstitute,
  isOfferExpired,
  isOfferPayable,
  type HearingData,
  type PaymentRequestPayload,
} from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import type { OfferPaymentRow, StoredGrantor } from '../../../db/schema/offer-payments.ts';
import type { OfferRow } from '../../../db/schema.ts';
import { validationFailed } from '../../app/errors.ts';
import { hashToken, newSecretToken } from '../../app/token-crypto.ts';
import { webUrl } from '../../mail/templates/index.ts';
import { checkoutFailed } from '../../payments/payments.errors.ts';
import { PaymentProviderError, type Locale } from '../../payments/payments.port.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import { fullNameOf } from '../offers.dto.ts';
import { offerNotFound, offerNotPayable } from '../offers.errors.ts';
import { toStoredCorrection } from '../hearing/correction.ts';
import { transitionOffer, tryTransition } from '../offers.transitions.ts';
import {
  countPayments,
  findPayerPayments,
  findPublicOffer,
  hasPayableCheckout,
  insertPayment,
  lockOffer,
  setPaymentHearing,
  setPaymentStatus,
} from '../money.repo.ts';

/** Starting a client's payment of an offer, and ending one payer's checkout. */

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

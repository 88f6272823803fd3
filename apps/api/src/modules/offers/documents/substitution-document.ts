import { findCourt, substitutionDocumentKind, type SubstitutionDocumentKind } from '@substytut/shared';
import type { DbOrTx } from '../../../db/client.ts';
import type { OfferPaymentRow } from '../../../db/schema/offer-payments.ts';
import type { OfferRow } from '../../../db/schema.ts';
import { hashToken } from '../../app/token-crypto.ts';
import {
  renderSubstitutionDocument,
  substitutionDocumentFileName,
  type SubstitutionDocumentInput,
} from '../../documents/index.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import { fullNameOf, hearingOf } from '../offers.dto.ts';
import { documentNotAvailable, offerNotFound } from '../offers.errors.ts';
import { findPaidPayment, findPayerPayments, findPaymentByDocumentToken } from '../money.repo.ts';
import { findOfferWithProfile, findOwnOfferWithLawyer, findPublicOffer } from '../offers.repo.ts';

/**
 * The substitution document of a paid offer (issue 24, decision 021): who may download it, and
 * what fills it. Only two people ever receive it: the lawyer who owns the offer, and the payer
 * whose payment paid it (their browser's payer cookie, decision 013, or the secret link of their
 * payment confirmation mail). Everyone else, and everyone before the payment, gets a 404.
 */

/** A payment that paid its offer and still stands (not refunded; a card dispute keeps the job on). */
const PAYING_STATUSES = ['paid', 'disputed'] as const satisfies OfferPaymentRow['status'][];
const isPaying = (payment: OfferPaymentRow) =>
  !payment.duplicate && (PAYING_STATUSES as readonly string[]).includes(payment.status);

export interface SubstitutionDocumentFile {
  kind: SubstitutionDocumentKind;
  fileName: string;
  pdf: Buffer;
}

/** The payment that paid the offer, while it stands: a refund takes the document away. */
async function findPayingPayment(db: DbOrTx, offerId: number): Promise<OfferPaymentRow | null> {
  const payment = await findPaidPayment(db, offerId);
  return payment && isPaying(payment) ? payment : null;
}

/** The offer's hearing (issue 23) as the document prints it: the court by its name and seat. */
function hearingFor(offer: OfferRow): SubstitutionDocumentInput['hearing'] {
  const h = hearingOf(offer);
  const court = h.courtId ? findCourt(h.courtId) : undefined;
  return {
    courtName: court?.name ?? null,
    courtCity: court?.city ?? null,
    division: h.division,
    caseNumber: h.caseNumber,
    startsAt: h.startsAt,
    party: h.party,
  };
}

/** What fills the document: the offer's lawyer, the paying payer's grantor data, the hearing. */
export async function substitutionDocumentInput(
  db: DbOrTx,
  offerId: number,
): Promise<SubstitutionDocumentInput | null> {
  const row = await findOfferWithProfile(db, offerId);
  if (!row) return null;
  const payment = await findPayingPayment(db, offerId);
  if (!payment) return null;
  const grantor = payment.grantor;
  return {
    substitute: {
      name: fullNameOf(row.profile),
      professionalType: row.profile.permissions,
      licenseNo: row.profile.licenseNo,
    },
    grantor,
    hearing: hearingFor(row.offer),
    // The payer's own town and the day they paid, but only when they said they grant it: anyone
    // else's town or day would be a guess about a signature that is not theirs.
    issued: grantor ? { place: payment.city, on: payment.payDate } : { place: null, on: null },
    offerId,
  };
}

async function documentOf(db: DbOrTx, offerId: number): Promise<SubstitutionDocumentFile> {
  const input = await substitutionDocumentInput(db, offerId);
  const kind = input ? substitutionDocumentKind(input.substitute.professionalType) : null;
  const pdf = input ? await renderSubstitutionDocument(input) : null;
  if (!input || !kind || !pdf) throw documentNotAvailable();
  return { kind, fileName: substitutionDocumentFileName(kind, offerId), pdf };
}

/** The offer's substitution document for the owner's data export (issue 34); null when it has none. */
export async function substitutionDocumentForExport(
  db: DbOrTx,
  offerId: number,
): Promise<SubstitutionDocumentFile | null> {
  return documentOf(db, offerId).catch(() => null);
}

/** GET /api/user/offer/{id}/substitution-document: the owner's; another lawyer's offer is a 404. */
export async function documentForOwner(
  deps: Pick<LifecycleDeps, 'db'>,
  userId: string,
  offerId: number,
): Promise<SubstitutionDocumentFile> {
  const own = await findOwnOfferWithLawyer(deps.db, userId, offerId);
  if (!own) throw offerNotFound();
  return documentOf(deps.db, offerId);
}

/** GET /api/public/substitution-document/{token}: the link of the payment confirmation mail. */
export async function documentForToken(
  deps: Pick<LifecycleDeps, 'db'>,
  token: string,
): Promise<SubstitutionDocumentFile> {
  const payment = await findPaymentByDocumentToken(deps.db, hashToken(token));
  // A refunded payment's link stops working with it.
  if (!payment || !isPaying(payment)) throw documentNotAvailable();
  return documentOf(deps.db, payment.offerId);
}

/** The paying payment of the offer when this browser's payer secret is the one that paid it. */
async function payersPayingPayment(
  deps: Pick<LifecycleDeps, 'db'>,
  seolink: string,
  offerUrl: string,
  payerSecret: string | null,
): Promise<{ offerId: number; paid: boolean } | null> {
  if (!payerSecret) return null;
  const found = await findPublicOffer(deps.db, seolink, offerUrl);
  if (!found) return null;
  const mine = await findPayerPayments(deps.db, found.offer.id, hashToken(payerSecret));
  if (mine.length === 0) return null;
  return { offerId: found.offer.id, paid: mine.some(isPaying) };
}

export type PayerDocumentStatus =
  | { ready: false; kind: null; file_name: null }
  | { ready: true; kind: SubstitutionDocumentKind; file_name: string };

/**
 * GET /api/public/profile/{seolink}/payment/{offerUrl}/document/status: the success page asks
 * until the provider's event has paid the offer (the browser may come back before it).
 */
export async function payerDocumentStatus(
  deps: Pick<LifecycleDeps, 'db'>,
  seolink: string,
  offerUrl: string,
  payerSecret: string | null,
): Promise<PayerDocumentStatus> {
  const mine = await payersPayingPayment(deps, seolink, offerUrl, payerSecret);
  if (!mine) throw documentNotAvailable();
  const input = mine.paid ? await substitutionDocumentInput(deps.db, mine.offerId) : null;
  const kind = input ? substitutionDocumentKind(input.substitute.professionalType) : null;
  if (!kind) return { ready: false, kind: null, file_name: null };
  return { ready: true, kind, file_name: substitutionDocumentFileName(kind, mine.offerId) };
}

/** GET /api/public/profile/{seolink}/payment/{offerUrl}/document: the success page's download. */
export async function documentForPayer(
  deps: Pick<LifecycleDeps, 'db'>,
  seolink: string,
  offerUrl: string,
  payerSecret: string | null,
): Promise<SubstitutionDocumentFile> {
  const mine = await payersPayingPayment(deps, seolink, offerUrl, payerSecret);
  if (!mine?.paid) throw documentNotAvailable();
  return documentOf(deps.db, mine.offerId);
}

import type { Locale } from './locale.ts';

/** Offer statuses of spec 4. 'payed' keeps the specification's spelling: it is a stored value. */
export const OFFER_STATUSES = [
  'active',
  'paystart',
  'payed',
  'done',
  'accepted',
  'archive',
  'expired',
  // issue 23 (docs/decisions/020-disputes-and-refunds.md)
  'disputed',
  'cancelled',
  'refunded',
  'resolved',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export function isOfferStatus(value: unknown): value is OfferStatus {
  return typeof value === 'string' && (OFFER_STATUSES as readonly string[]).includes(value);
}

/** Who may cause a transition. */
export const OFFER_ACTORS = ['client', 'provider', 'payment_event', 'clock', 'admin'] as const;
export type OfferActor = (typeof OFFER_ACTORS)[number];

export const OFFER_ACTIONS = [
  'startPayment',
  'paymentSucceeded',
  'paymentFailed',
  'markDone',
  'confirm',
  'archiveUnconfirmed',
  'expire',
  'dispute',
  'resolveDispute',
  'reportCourtCancelled',
  'refundSucceeded',
] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

export interface OfferTransition {
  readonly from: OfferStatus;
  readonly to: OfferStatus;
  readonly by: OfferActor;
  readonly action: OfferAction;
}

/**
 * Every allowed status change. The server applies one with a conditional update
 * (`… WHERE status = from`) so two racing requests cannot both succeed.
 *
 * Beyond the happy path of spec 4, a verified "paid" event is accepted from active and expired
 * too: money the provider has taken must never be lost because an earlier checkout's
 * failure/expiry event reset the offer or the clock expired it while the client was paying.
 * The administrator's one transition is resolving a dispute (decision 020).
 */
export const OFFER_TRANSITIONS: readonly OfferTransition[] = [
  { from: 'active', to: 'paystart', by: 'client', action: 'startPayment' },
  { from: 'paystart', to: 'payed', by: 'payment_event', action: 'paymentSucceeded' },
  { from: 'active', to: 'payed', by: 'payment_event', action: 'paymentSucceeded' },
  { from: 'expired', to: 'payed', by: 'payment_event', action: 'paymentSucceeded' },
  // A failed payment or an expired checkout session puts the offer back on offer.
  { from: 'paystart', to: 'active', by: 'payment_event', action: 'paymentFailed' },
  // Only paid offers can be marked done, with a hearing report; an e-mail then asks the client
  // to confirm or dispute.
  { from: 'payed', to: 'done', by: 'provider', action: 'markDone' },
  // The lawyer reports that the court cancelled the hearing: the client's money goes back in full.
  { from: 'payed', to: 'cancelled', by: 'provider', action: 'reportCourtCancelled' },
  // The provider confirms that refund (charge.refunded covering the whole payment).
  { from: 'cancelled', to: 'refunded', by: 'payment_event', action: 'refundSucceeded' },
  // Issue 34 (decision 044): the offer's court-cancellation fee is its whole price, so nothing goes
  // back and no provider event will come: the report settles the offer at once.
  { from: 'cancelled', to: 'refunded', by: 'provider', action: 'refundSucceeded' },
  // Within the acceptance window the payer disputes instead of confirming: the payout freezes.
  { from: 'done', to: 'disputed', by: 'client', action: 'dispute' },
  // Only the administrator ends a dispute: release, or a refund in full or in part.
  { from: 'disputed', to: 'resolved', by: 'admin', action: 'resolveDispute' },
  { from: 'done', to: 'accepted', by: 'client', action: 'confirm' },
  // The acceptance window passed without a confirmation or dispute; the payout is released. A
  // disputed offer is never archived by the clock.
  { from: 'done', to: 'archive', by: 'clock', action: 'archiveUnconfirmed' },
  // expireDate passed (Warsaw calendar day after it began) before the offer was paid.
  { from: 'active', to: 'expired', by: 'clock', action: 'expire' },
  { from: 'paystart', to: 'expired', by: 'clock', action: 'expire' },
];

export function findTransition(
  from: OfferStatus,
  to: OfferStatus,
  by: OfferActor,
): OfferTransition | undefined {
  return OFFER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by === by);
}

export function canTransition(from: OfferStatus, to: OfferStatus, by: OfferActor): boolean {
  return findTransition(from, to, by) !== undefined;
}

export function transitionsFrom(status: OfferStatus): OfferTransition[] {
  return OFFER_TRANSITIONS.filter((t) => t.from === status);
}

/** The statuses an action may start from: the `WHERE status IN (…)` of its conditional update. */
export function fromStatusesFor(action: OfferAction): OfferStatus[] {
  return [...new Set(OFFER_TRANSITIONS.filter((t) => t.action === action).map((t) => t.from))];
}

/**
 * A client may (re)open a checkout while the offer is active or already paystart: a person who
 * closed the checkout tab must be able to try again without waiting for the old session to expire.
 * Opening it again does not change the status.
 */
export function canStartPayment(status: OfferStatus): boolean {
  return status === 'active' || status === 'paystart';
}

/**
 * Spec 4: delete only offers that are "not payed and not in the archive". Read as: an offer that
 * has ever been paid (payed, done, accepted, archive and the statuses of issue 23) holds a client's money or a settled job and
 * cannot be deleted; unpaid offers (active, paystart, expired) can. Deleting a paystart offer
 * must also expire its open checkout session on the provider's side.
 */
export function canDelete(status: OfferStatus): boolean {
  return status === 'active' || status === 'paystart' || status === 'expired';
}

/** Dashboard sections in display order (spec 2, history tab). */
export const OFFER_SECTIONS = ['active', 'sent', 'archive'] as const;
export type OfferSection = (typeof OFFER_SECTIONS)[number];

const SECTION_OF: Record<OfferStatus, OfferSection> = {
  done: 'active',
  payed: 'active',
  active: 'sent',
  paystart: 'sent',
  accepted: 'archive',
  archive: 'archive',
  expired: 'archive',
  // Waiting on someone (the administrator, the provider's refund): still active.
  disputed: 'active',
  cancelled: 'active',
  refunded: 'archive',
  resolved: 'archive',
};

export function offerSectionOf(status: OfferStatus): OfferSection {
  return SECTION_OF[status];
}

/** i18n key of a status label, e.g. 'offers.status.payed'. */
export function offerStatusLabelKey(status: OfferStatus): `offers.status.${OfferStatus}` {
  return `offers.status.${status}`;
}

export const OFFER_STATUS_LABELS: Record<Locale, Record<OfferStatus, string>> = {
  pl: {
    active: 'Oczekuje na płatność',
    paystart: 'Płatność rozpoczęta',
    payed: 'W trakcie realizacji',
    done: 'Oczekuje na akceptację',
    accepted: 'Zlecenie zrealizowane',
    archive: 'Zlecenie zarchiwizowane',
    expired: 'zlecenie zostało odrzucone',
    disputed: 'Zlecenie zakwestionowane',
    cancelled: 'Rozprawa odwołana, zwrot w toku',
    refunded: 'Płatność zwrócona',
    resolved: 'Spór rozstrzygnięty',
  },
  en: {
    active: 'Awaiting payment',
    paystart: 'Payment started',
    payed: 'In progress',
    done: 'Awaiting acceptance',
    accepted: 'Order completed',
    archive: 'Order archived',
    expired: 'Offer expired',
    disputed: 'Disputed',
    cancelled: 'Hearing cancelled, refund under way',
    refunded: 'Payment refunded',
    resolved: 'Dispute resolved',
  },
};

/** Section headings; i18n keys are `sections.<section>` (spec 2). */
export const OFFER_SECTION_LABELS: Record<Locale, Record<OfferSection, string>> = {
  pl: { active: 'Aktywne', sent: 'Wysłane', archive: 'Archiwum' },
  en: { active: 'Active', sent: 'Sent', archive: 'Archive' },
};

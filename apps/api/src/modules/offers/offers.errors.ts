import { AppError, conflict, notFound } from '../app/errors.ts';

/** Every error of the offer lifecycle (their texts are in the one error catalogue). */

export const INVALID_TRANSITION = 'offers.invalid_transition';

/** The offer is not in a status the change starts from (the status machine refused it). */
export const invalidTransition = () => new AppError(409, INVALID_TRANSITION);

/**
 * Another lawyer's offer, a deleted one, an id that is not an offer id, or no offer behind a
 * public link on this lawyer's page (or the page is not public): all the same 404.
 */
export const offerNotFound = () => notFound('offers.not_found');

/** The profile is not complete or its payment account cannot receive payouts yet. */
export const profileInactive = () => new AppError(403, 'offers.profile_inactive');

/** Issue 22: offers need a licence verified by the register or by an administrator. */
export const licenceNotVerified = () => new AppError(403, 'offers.licence_not_verified');

/** The offer exists but can no longer be paid: expired, paid, finished, or the lawyer cannot be paid. */
export const offerNotPayable = () => conflict('offers.not_payable');
/** No offer waits for confirmation under this token. */
export const acceptanceInvalid = () => new AppError(404, 'offers.acceptance_invalid');
/** The acceptance window passed: the offer was archived and paid out without the confirmation. */
export const acceptanceClosed = () => conflict('offers.acceptance_closed');

/** Issue 30: a report before the hearing's start would pay the lawyer before the hearing. */
export const reportBeforeHearing = () => conflict('offers.report_before_hearing');
export const reportRequired = () =>
  new AppError(400, 'offers.report_required', undefined, { outcome: 'offers.report_required' });
export const refundTooLarge = () =>
  new AppError(400, 'offers.refund_too_large', undefined, { amount_grosze: 'offers.refund_too_large' });
export const notDisputed = () => new AppError(409, 'offers.not_disputed');

/** No substitution document for this caller (not theirs, not paid, or refunded). */
export const documentNotAvailable = () => notFound('documents.not_available');
/** Issue 34: the lawyer answers a dispute once (decision 044). */
export const disputeAnswered = () => conflict('offers.dispute_answered');

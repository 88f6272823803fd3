import { AppError, conflict, notFound } from '../app/errors.ts';

/** No offer behind this link on this lawyer's page (or the page is not public). */
export const offerNotFound = () => notFound('offers.not_found');
/** The offer exists but can no longer be paid: expired, paid, finished, or the lawyer cannot be paid. */
export const offerNotPayable = () => conflict('offers.not_payable');
/** No offer waits for confirmation under this token. */
export const acceptanceInvalid = () => new AppError(404, 'offers.acceptance_invalid');
/** The acceptance window passed: the offer was archived and paid out without the confirmation. */
export const acceptanceClosed = () => conflict('offers.acceptance_closed');

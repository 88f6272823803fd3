import { AppError, notFound } from '../app/errors.ts';

export { INVALID_TRANSITION, invalidTransition } from './offers.transitions.ts';

/** Another lawyer's offer, a deleted one, or an id that is not an offer id: all the same 404. */
export const offerNotFound = () => notFound('offers.not_found');

/** The profile is not complete or its payment account cannot receive payouts yet. */
export const profileInactive = () => new AppError(403, 'offers.profile_inactive');

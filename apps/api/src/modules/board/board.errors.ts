import { AppError, conflict, forbidden, notFound } from '../app/errors.ts';

/** Every refusal of the board (texts in the one error catalogue, messages/pl.ts and en.ts). */

/** No such request, or not one the caller may see (another user's ids look the same). */
export const requestNotFound = () => notFound('board.not_found');
/** The board is for substitutes with a verified licence and a payout account. */
export const substituteNotVerified = () => forbidden('board.not_verified');
/** The request asks for other professions, or the trainee is not far enough into training. */
export const notEligible = () => forbidden('board.not_eligible');
export const requestNotOpen = () => conflict('board.not_open');
export const deadlinePassed = () => conflict('board.deadline_passed');
export const ownRequest = () => conflict('board.own_request');
/** Answering before one's own conflict check was confirmed (viewing the parties is not enough). */
export const conflictCheckRequired = () => conflict('board.conflict_check_required');
/** Confirming no conflict of interest before having viewed the parties. */
export const partiesNotViewed = () => conflict('board.parties_not_viewed');
export const alreadyAnswered = () => conflict('board.already_answered');
export const priceRequired = () =>
  new AppError(400, 'board.price_required', undefined, { price_net: 'board.price_required' });
export const answerNotFound = () => notFound('board.answer_not_found');
export const alreadyPicked = () => conflict('board.already_picked');
export const notPoster = () => forbidden('board.not_poster');
export const invalidTransition = () => conflict('board.invalid_transition');
export const substituteUnavailable = () => conflict('board.substitute_unavailable');

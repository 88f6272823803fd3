import { apiErrors } from '@substytut/shared/messages/pl';

/**
 * Every code the API answers errors with: the keys of the catalogue's API section
 * (@substytut/shared/messages/pl.ts, `apiErrors`), so a new code is its Polish and English text and
 * nothing else. AppError takes only these; en.ts's type and error-codes.test.ts make sure each has
 * both texts. The web app translates them with the same catalogue.
 */
export type ApiErrorCode = keyof typeof apiErrors;

export const API_ERROR_CODES = Object.keys(apiErrors) as readonly ApiErrorCode[];

export function isApiErrorCode(value: string): value is ApiErrorCode {
  return Object.hasOwn(apiErrors, value);
}

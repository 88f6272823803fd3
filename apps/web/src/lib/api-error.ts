import { errorKey, GENERAL_ERROR } from '@substytut/shared/messages/error-key';
import type { MessageKey } from '@substytut/shared/messages/index';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

// i18next answers a missing key with the default value; no text is this.
const MISSING = '\u0000';

/**
 * The catalogue's text for a failed call (the `errors` namespace is the shared error catalogue,
 * keyed by the API's codes), by its code or else its status; null when neither has one.
 */
export function knownErrorText(error: unknown, t: TFunction): string | null {
  if (!isApiError(error)) return null;
  const known = (key: string) => t(key, { ns: 'errors', defaultValue: MISSING }) !== MISSING;
  const key = errorKey(error.code, error.status, known);
  return key === null ? null : t(key, { ns: 'errors' });
}

/**
 * Text for a toast or alert: the catalogue's text in the visitor's language first, then the
 * server's own message for a client error (the spec shows it when present), then the general text.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  const known = knownErrorText(error, t);
  if (known !== null) return known;
  if (isApiError(error) && error.message && error.status >= 400 && error.status < 500) return error.message;
  return t(GENERAL_ERROR, { ns: 'errors' });
}

/** Whether a call failed with this code (a key of the catalogue, so a typo does not compile). */
export function hasErrorCode(error: unknown, code: MessageKey): boolean {
  return isApiError(error) && error.code === code;
}

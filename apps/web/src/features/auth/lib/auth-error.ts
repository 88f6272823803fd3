import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { knownErrorText } from '@/lib/api-error';

/**
 * Toast text for a failed account call (spec 8): a code the app knows in the visitor's language,
 * else the server's own message, else the fallback the spec names for that form.
 */
export function authErrorText(
  error: unknown,
  t: TFunction,
  fallback: 'errors:errors.general' | 'auth:messages.error',
): string {
  const known = knownErrorText(error, t);
  if (known !== null) return known;
  if (isApiError(error)) {
    // 5xx bodies carry a generic server text; the form's own fallback reads better.
    if (error.message && error.status < 500) return error.message;
  } else if (error instanceof Error && error.message) {
    return error.message;
  }
  return t(fallback);
}

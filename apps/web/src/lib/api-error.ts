import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/** Keys of the `errors` namespace that a failed call can be shown as. */
export type ErrorKey =
  | 'general'
  | 'network'
  | 'invalidCredentials'
  | 'accountLocked'
  | 'emailNotVerified'
  | 'sessionExpired'
  | 'emailTaken'
  | 'googleSandboxAdmin'
  | 'fileTooLarge'
  | 'wrongFormat'
  | 'timeout'
  | 'tooManyRequests'
  | 'maintenance'
  | 'notFound'
  | 'forbidden'
  | 'validation'
  | 'csrf';

/** The API's dotted codes (plus the client's own 'network' and 'timeout'). */
export const ERROR_CODE_KEYS: Readonly<Record<string, ErrorKey>> = {
  network: 'network',
  timeout: 'timeout',
  internal: 'general',
  rate_limited: 'tooManyRequests',
  maintenance: 'maintenance',
  'route.not_found': 'notFound',
  'validation.failed': 'validation',
  'csrf.mismatch': 'csrf',
  'request.too_large': 'fileTooLarge',
  'files.too_large': 'fileTooLarge',
  'files.wrong_format': 'wrongFormat',
  'auth.invalid_credentials': 'invalidCredentials',
  'auth.account_locked': 'accountLocked',
  'auth.email_not_verified': 'emailNotVerified',
  'auth.unauthenticated': 'sessionExpired',
  'auth.session_expired': 'sessionExpired',
  'auth.email_taken': 'emailTaken',
  'auth.google_sandbox_admin': 'googleSandboxAdmin',
  'auth.forbidden': 'forbidden',
};

const STATUS_KEYS: Readonly<Record<number, ErrorKey>> = {
  0: 'network',
  401: 'sessionExpired',
  403: 'forbidden',
  404: 'notFound',
  408: 'timeout',
  413: 'fileTooLarge',
  415: 'wrongFormat',
  429: 'tooManyRequests',
  503: 'maintenance',
  504: 'timeout',
};

export function errorKey(error: unknown): ErrorKey {
  if (!isApiError(error)) return 'general';
  return ERROR_CODE_KEYS[error.code] ?? STATUS_KEYS[error.status] ?? 'general';
}

/**
 * Text for a toast or alert: a known code in the visitor's language first, then the server's
 * own message (the spec shows it when present), then the general text.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const known = ERROR_CODE_KEYS[error.code];
    if (known) return t(known, { ns: 'errors' });
    if (error.message && error.status >= 400 && error.status < 500) return error.message;
    const byStatus = STATUS_KEYS[error.status];
    if (byStatus) return t(byStatus, { ns: 'errors' });
  }
  return t('general', { ns: 'errors' });
}

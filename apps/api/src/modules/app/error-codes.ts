/**
 * Every code the API answers errors with. AppError takes only these, and a test
 * (error-codes.test.ts) fails when one of them has no Polish or English text in the shared
 * catalogue (@substytut/shared/messages), which the web app translates them with too.
 */
export const API_ERROR_CODES = [
  'errors.general',
  'errors.not_found',
  'errors.conflict',
  'errors.too_many_requests',
  'errors.unavailable',
  'internal',
  'validation.failed',
  'request.malformed_json',
  'request.empty_body',
  'request.unsupported_media_type',
  'request.too_large',
  'request.bad_request',
  'request.uri_too_long',
  'route.not_found',
  'route.method_not_allowed',
  'storage.width_not_offered',
  'csrf.mismatch',
  'auth.unauthenticated',
  'auth.forbidden',
  'auth.session_expired',
  'auth.invalid_credentials',
  'auth.account_locked',
  'auth.email_not_verified',
  'auth.email_taken',
  'auth.verification_invalid',
  'auth.reset_invalid',
  'auth.bot_check_failed',
  'auth.google_disabled',
  'auth.google_invalid',
  'auth.google_sandbox_admin',
  'files.wrong_format',
  'files.too_large',
  'files.too_small_image',
  'files.missing',
  'payments.no_account',
  'payments.provider_error',
  'payments.invalid_signature',
  'payments.checkout_failed',
  'company.not_found',
  'company.lookup_unavailable',
  'profile.not_found',
  'offers.not_found',
  'offers.profile_inactive',
  'offers.invalid_transition',
  'offers.not_payable',
  'offers.acceptance_invalid',
  'offers.acceptance_closed',
  'mail.not_found',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export function isApiErrorCode(value: string): value is ApiErrorCode {
  return (API_ERROR_CODES as readonly string[]).includes(value);
}

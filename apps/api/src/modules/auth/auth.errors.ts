import { AppError, badRequest, forbidden, notFound } from '../app/errors.ts';

// Status choices: a wrong password is 400, not 401, because the web client treats any 401 as
// "session expired" and clears the session. An account slowed down for this client address
// (decision 014) is 423 (Locked) so it is not mistaken for the per-IP 429
// `errors.too_many_requests`.
export const authErrors = {
  invalidCredentials: () => badRequest('auth.invalid_credentials'),
  accountLocked: () => new AppError(423, 'auth.account_locked'),
  emailNotVerified: () => forbidden('auth.email_not_verified'),
  verificationInvalid: () => badRequest('auth.verification_invalid'),
  resetInvalid: () => badRequest('auth.reset_invalid'),
  googleDisabled: () => notFound('auth.google_disabled'),
  googleInvalid: () => badRequest('auth.google_invalid'),
  // The sandbox signs any address it is asked for; an administrator's account needs the password.
  googleSandboxAdmin: () => forbidden('auth.google_sandbox_admin'),
};

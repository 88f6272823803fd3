import { AppError, conflict } from '../app/errors.ts';

/** POST /user/profile/stripe/login before the lawyer connected an account. */
export const noPaymentAccount = () => conflict('payments.no_account');
/** The provider failed or could not be reached; the lawyer can try again. */
export const paymentProviderFailed = () => new AppError(502, 'payments.provider_error');
/** A webhook whose signature does not verify. */
export const invalidWebhookSignature = () => new AppError(400, 'payments.invalid_signature');
/** The checkout could not be opened at the provider (spec 8: 'Błąd serwera spróbuj później'). */
export const checkoutFailed = () => new AppError(502, 'payments.checkout_failed');

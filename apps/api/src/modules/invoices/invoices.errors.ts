import { AppError, notFound } from '../app/errors.ts';

/** Another lawyer's invoice, an invoice of another payer, or no such invoice: all the same 404. */
export const invoiceNotFound = () => notFound('invoices.not_found');

/** "The product issues them for me" needs a KSeF token: sent now or kept from before. */
export const tokenRequired = () =>
  new AppError(400, 'invoices.token_required', undefined, { ksef_token: 'invoices.token_required' });

/** Production without SECRETS_KEY cannot keep a token sealed: the operator must set one. */
export const secretsUnavailable = () => new AppError(503, 'invoices.secrets_unavailable');

/** The lawyer has no profile yet: there is nobody to invoice for. */
export const profileMissing = () => notFound('profile.not_found');

import { AppError, conflict, forbidden, notFound } from '../app/errors.ts';

export const myDataErrors = {
  exportUnavailable: () => new AppError(410, 'my_data.export_unavailable'),
  /** a client's money is not settled yet: the reason is in the code */
  unsettledOffers: () => conflict('my_data.unsettled_offers'),
  paymentInProgress: () => conflict('my_data.payment_in_progress'),
  wrongPassword: () => forbidden('my_data.wrong_password'),
  googleMismatch: () => forbidden('my_data.google_mismatch'),
  confirmationRequired: () => forbidden('my_data.confirmation_required'),
  userNotFound: () => notFound('my_data.user_not_found'),
  adminAccount: () => conflict('my_data.admin_account'),
  requestInvalid: () => new AppError(410, 'my_data.request_invalid'),
  payerUnsettled: () => conflict('my_data.payer_unsettled'),
};

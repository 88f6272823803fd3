// The face of payments: the provider adapter the app chooses, the payments service and its
// routes, and the port's types and errors the offer lifecycle handles.
export { createPaymentAdapter, type PaymentAdapter } from './payments.provider.ts';
export { createPayments, type Payments } from './payments.service.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { checkoutFailed, paymentProviderFailed } from './payments.errors.ts';
export {
  PaymentProviderError,
  type AfterCommit,
  type CompletedCheckout,
  type Locale,
  type PaymentEventOf,
  type PaymentProviderKind,
  type SubscriptionState,
} from './payments.port.ts';

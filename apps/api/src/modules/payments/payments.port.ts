import type { Tx } from '../../db/client.ts';
import type { PaymentProviderKind } from '../../db/schema/payments.ts';

export type { PaymentProviderKind };
import type { Locale } from '@substytut/shared/locale';

export type { Locale };

/**
 * The payment provider port. Two adapters implement it: the embedded sandbox (default, pages
 * served by this app) and Stripe Connect. Only what the adapter must do at the provider lives
 * here; what the app records (accounts, events) is in payments.service.ts, the same for both.
 * Checkout sessions (the client pays the platform) and transfers (the platform pays the lawyer's
 * connected account: separate charges and transfers) are the payment half.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Opens a connected account for a lawyer; idempotent per user where the provider allows. */
  createAccount(input: { userId: string; email: string; locale: Locale }): Promise<{ accountId: string }>;
  /** A one-off address where the lawyer fills in the account details. Never stored. */
  onboardingLink(input: { accountId: string; locale: Locale }): Promise<string>;
  /** A one-off address of the lawyer's account dashboard at the provider. */
  dashboardLink(input: { accountId: string; locale: Locale }): Promise<string>;
  /**
   * Opens a hosted checkout. `tx` is the transaction that records the payment: the sandbox
   * stores its session in it, so a rolled-back request leaves no session behind.
   */
  createCheckout(input: CheckoutInput, tx: Tx): Promise<CheckoutSession>;
  /** Ends an open checkout so it can no longer be paid; a session already ended is left alone. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Moves money from the platform to a connected account; the same idempotency key never pays twice. */
  createTransfer(input: TransferInput): Promise<{ transferId: string }>;
  /**
   * Returns money of a payment to the client, in full or in part; the provider refuses more than
   * is left unrefunded. The same idempotency key never refunds twice.
   */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /**
   * The checkouts the provider completed and took the money of, created since `since`, for the
   * clock job to find any the app never recorded (an event lost, a crash before it was applied).
   */
  completedCheckouts(since: Date): Promise<CompletedCheckout[]>;
  /**
   * Opens the provider's hosted page where a lawyer subscribes to Pro (Stripe Billing: a Checkout
   * Session in subscription mode; the sandbox: its own page). The subscription's state comes back
   * as `subscription.updated` events.
   */
  createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<{ url: string }>;
  /** Cancels a subscription at its period's end (it stays in force until then); idempotent. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Housekeeping run by the clock job (the sandbox ends its overdue checkouts and renews subscriptions here). */
  tick?(now: Date): Promise<void>;
}

export interface CompletedCheckout {
  sessionId: string;
  /** the provider's payment (Stripe: the PaymentIntent) */
  paymentRef: string | null;
  /** when the provider completed it, where it says so */
  completedAt: Date | null;
}

export interface CheckoutInput {
  offerId: number;
  /** the line item's name: the offer title */
  title: string;
  /** the lawyer's name, shown on the sandbox page */
  payeeName: string;
  /** gross, in grosze (PLN) */
  amount: number;
  customerEmail: string;
  locale: Locale;
  /** between 30 minutes and 24 hours from now (Stripe's bounds) */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  /** one key per checkout attempt, so a retried call opens no second session */
  idempotencyKey: string;
}

export interface SubscriptionCheckoutInput {
  userId: string;
  email: string;
  locale: Locale;
  /** gross grosze charged each month */
  monthlyAmount: number;
  /** the line's name at the provider */
  name: string;
  successUrl: string;
  cancelUrl: string;
}

/** A subscription's state as the provider reports it. */
export interface SubscriptionState {
  subscriptionId: string;
  userId: string;
  /** active: in force and renewing (or ending at the period's end); ended: cancelled or unpaid */
  status: 'active' | 'ended';
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  endReason: 'cancelled' | 'renewal_failed' | null;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

export interface TransferInput {
  accountId: string;
  /** grosze */
  amount: number;
  /** the provider's payment the money came from (Stripe: the PaymentIntent; its charge is the source) */
  paymentRef: string;
  /** the offer the money is for: each provider names its group of charge and transfer from it */
  offerId: number;
  description: string;
  idempotencyKey: string;
}

export interface RefundInput {
  /** the provider's payment (Stripe: the PaymentIntent) */
  paymentRef: string;
  /** grosze, more than 0 */
  amount: number;
  /** duplicate: the offer was already paid by another payment */
  reason: 'duplicate' | 'requested_by_customer';
  idempotencyKey: string;
}

/** The state of a connected account as the provider reports it. */
export interface AccountState {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/**
 * A verified event from the provider, translated into the app's terms. Both adapters raise the
 * same events (Stripe through its webhooks, the sandbox from its own pages), and one handler
 * applies them. `id` is unique per provider; a repeated id is ignored.
 */
export type PaymentEvent = {
  provider: PaymentProviderKind;
  id: string;
  /** when the provider produced it; a late older event must not undo a newer state */
  created: Date;
} & (
  | { type: 'account.updated'; account: AccountState }
  /** a checkout finished; `paid` is false while a delayed method (e.g. a bank transfer) is pending */
  | { type: 'checkout.completed'; sessionId: string; paid: boolean; paymentRef: string | null }
  /** the checkout can no longer be paid (expired or cancelled) */
  | { type: 'checkout.expired'; sessionId: string }
  /** a delayed payment method failed after the checkout completed */
  | { type: 'checkout.failed'; sessionId: string }
  | { type: 'charge.refunded'; paymentRef: string; amountRefunded: number }
  | { type: 'charge.disputed'; paymentRef: string; reason: string }
  /** a Pro subscription started, renewed, was set to end, or ended */
  | { type: 'subscription.updated'; subscription: SubscriptionState }
);

export type PaymentEventType = PaymentEvent['type'];
export type PaymentEventOf<T extends PaymentEventType> = Extract<PaymentEvent, { type: T }>;

/**
 * Work at the provider that an event calls for (ending other checkouts, a refund). It runs after
 * the event's transaction committed, never inside it; a failure is logged and the clock job
 * retries it, so it must be safe to run twice.
 */
export type AfterCommit = () => Promise<unknown>;

/**
 * Runs inside the transaction that records the event, so the effect and the record commit
 * together; it may return provider work to run once that transaction committed.
 */
export type PaymentEventHandler<T extends PaymentEventType = PaymentEventType> = (
  tx: Tx,
  event: PaymentEventOf<T>,
) => Promise<void | AfterCommit>;

/** Told whenever a user's connected account changed (created, replaced, readiness changed). */
export type AccountChangeListener = (tx: Tx, userId: string) => Promise<void>;

export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** The group a provider files an offer's charge and its payout under. */
export const transferGroupOf = (offerId: number) => `offer-${offerId}`;

import type { Tx } from '../../db/client.ts';
import type { PaymentProviderKind } from '../../db/schema/payments.ts';

export type { PaymentProviderKind };
export type Locale = 'pl' | 'en';

/**
 * The payment provider port. Two adapters implement it: the embedded sandbox (default, pages
 * served by this app) and Stripe Connect. Only what the adapter must do at the provider lives
 * here; what the app records (accounts, events) is in payments.service.ts, the same for both.
 * Later features add checkout sessions and transfers as further methods.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Opens a connected account for a lawyer; idempotent per user where the provider allows. */
  createAccount(input: { userId: string; email: string; locale: Locale }): Promise<{ accountId: string }>;
  /** A one-off address where the lawyer fills in the account details. Never stored. */
  onboardingLink(input: { accountId: string; locale: Locale }): Promise<string>;
  /** A one-off address of the lawyer's account dashboard at the provider. */
  dashboardLink(input: { accountId: string; locale: Locale }): Promise<string>;
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
} & { type: 'account.updated'; account: AccountState };
// Later: | { type: 'checkout.completed'; … } | { type: 'transfer.created'; … }

export type PaymentEventType = PaymentEvent['type'];
export type PaymentEventOf<T extends PaymentEventType> = Extract<PaymentEvent, { type: T }>;

/** Runs inside the transaction that records the event, so the effect and the record commit together. */
export type PaymentEventHandler<T extends PaymentEventType = PaymentEventType> = (
  tx: Tx,
  event: PaymentEventOf<T>,
) => Promise<void>;

/** Told whenever a user's connected account changed (created, replaced, readiness changed). */
export type AccountChangeListener = (tx: Tx, userId: string) => Promise<void>;

export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { PaymentAccountRow } from '../../db/schema/payments.ts';
import type { Clock } from '../app/clock.ts';
import { checkoutFailed, noPaymentAccount, paymentProviderFailed } from './payments.errors.ts';
import {
  PaymentProviderError,
  type AccountChangeListener,
  type AfterCommit,
  type CheckoutInput,
  type CheckoutSession,
  type CompletedCheckout,
  type Locale,
  type PaymentEvent,
  type PaymentEventHandler,
  type PaymentEventOf,
  type PaymentEventType,
  type PaymentProvider,
  type RefundInput,
  type SubscriptionCheckoutInput,
  type TransferInput,
} from './payments.port.ts';
import { applyAccountState, findAccountByUser, recordEvent, saveNewAccount } from './payments.repo.ts';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

export interface PaymentUser {
  id: string;
  email: string;
  locale: Locale;
}

export type Payments = ReturnType<typeof createPayments>;

/**
 * What the app does with payments, the same for every provider: connected accounts, and the
 * one place provider events are applied (exactly once each).
 */
export function createPayments(deps: PaymentsDeps) {
  const { db, clock, provider } = deps;
  const accountListeners: AccountChangeListener[] = [];
  const handlers = new Map<PaymentEventType, PaymentEventHandler[]>();

  async function atProvider<T>(run: () => Promise<T>, failed = paymentProviderFailed): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        deps.log.error({ err: error }, 'payment provider call failed');
        throw failed();
      }
      throw error;
    }
  }

  async function notifyAccountChanged(tx: Tx, userId: string) {
    for (const listener of accountListeners) await listener(tx, userId);
  }

  /** The user's account at the configured provider (one left from another provider does not count). */
  async function accountOf(dbOrTx: DbOrTx, userId: string): Promise<PaymentAccountRow | null> {
    const account = await findAccountByUser(dbOrTx, userId);
    return account && account.provider === provider.kind ? account : null;
  }

  function on<T extends PaymentEventType>(type: T, handler: PaymentEventHandler<T>) {
    const list = handlers.get(type) ?? [];
    list.push(handler as unknown as PaymentEventHandler);
    handlers.set(type, list);
  }

  // The account's readiness, whichever provider reported it.
  on('account.updated', async (tx, event: PaymentEventOf<'account.updated'>) => {
    const userId = await applyAccountState(tx, event.account, event.created, clock.now());
    if (userId) await notifyAccountChanged(tx, userId);
  });

  return {
    provider,
    accountOf,
    /** A listener runs inside the transaction of every change to a user's account. */
    onAccountChanged(listener: AccountChangeListener) {
      accountListeners.push(listener);
    },
    /** Adds a handler for a provider event; it runs in the transaction that records the event. */
    on,

    /** true when the user's account can receive transfers and pay them out. */
    async isAccountReady(dbOrTx: DbOrTx, userId: string): Promise<boolean> {
      return (await accountOf(dbOrTx, userId))?.payoutsEnabled === true;
    },

    /**
     * Creates the user's account when there is none yet, and returns a fresh onboarding address,
     * its pages in `locale` (the language the lawyer uses now) or else the account's language.
     */
    async startOnboarding(user: PaymentUser, locale: Locale = user.locale): Promise<string> {
      let account = await accountOf(db, user.id);
      if (!account) {
        const { accountId } = await atProvider(() =>
          provider.createAccount({ userId: user.id, email: user.email, locale: user.locale }),
        );
        await db.transaction(async (tx) => {
          await saveNewAccount(tx, { userId: user.id, accountId, provider: provider.kind, now: clock.now() });
          await notifyAccountChanged(tx, user.id);
        });
        account = await accountOf(db, user.id);
        if (!account) throw new Error('payment account vanished after it was saved');
      }
      const accountId = account.accountId;
      return atProvider(() => provider.onboardingLink({ accountId, locale }));
    },

    /** A fresh address of the user's account dashboard at the provider; 409 without an account. */
    async dashboardLink(user: PaymentUser, locale: Locale = user.locale): Promise<string> {
      const account = await accountOf(db, user.id);
      if (!account) throw noPaymentAccount();
      return atProvider(() => provider.dashboardLink({ accountId: account.accountId, locale }));
    },

    /** Opens a hosted checkout at the provider; 502 payments.checkout_failed when it fails. */
    createCheckout(input: CheckoutInput, tx: Tx): Promise<CheckoutSession> {
      return atProvider(() => provider.createCheckout(input, tx), checkoutFailed);
    },

    /** Opens the provider's page where the lawyer subscribes to Pro; 502 when the provider fails. */
    createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<{ url: string }> {
      return atProvider(() => provider.createSubscriptionCheckout(input));
    },

    /** Sets a subscription to end at its period's end; 502 when the provider fails. */
    cancelSubscription(subscriptionId: string): Promise<void> {
      return atProvider(() => provider.cancelSubscription(subscriptionId));
    },

    /** Ends an open checkout (never inside a transaction: the sandbox raises its event at once). */
    expireCheckout(sessionId: string): Promise<void> {
      return provider.expireCheckout(sessionId);
    },

    /** Throws PaymentProviderError when the provider refuses; the caller keeps the payout pending. */
    createTransfer(input: TransferInput): Promise<{ transferId: string }> {
      return provider.createTransfer(input);
    },

    /** Checkouts the provider completed and was paid for since `since` (PaymentProviderError when it cannot say). */
    completedCheckouts(since: Date): Promise<CompletedCheckout[]> {
      return provider.completedCheckouts(since);
    },

    /** Throws PaymentProviderError when the provider refuses; the caller retries later. */
    async refund(input: RefundInput): Promise<{ refundId: string }> {
      if (!Number.isInteger(input.amount) || input.amount <= 0) {
        throw new PaymentProviderError(`refund amount must be whole grosze above 0 (${input.amount})`);
      }
      return provider.refund(input);
    },

    /**
     * Applies a verified provider event once: the event id is recorded in the same transaction as
     * its effects, so a repeated delivery changes nothing. false for a repeat.
     */
    async processEvent(
      event: PaymentEvent,
      /**
       * the provider's own change behind the event, made in the same transaction (the sandbox
       * completing its checkout): false when it no longer applies, and then nothing is recorded
       */
      alongside?: (tx: Tx) => Promise<boolean>,
    ): Promise<boolean> {
      const after: AfterCommit[] = [];
      const first = await db.transaction(async (tx) => {
        if (alongside && !(await alongside(tx))) return false;
        if (!(await recordEvent(tx, event, clock.now()))) return false;
        for (const handler of handlers.get(event.type) ?? []) {
          const next = await handler(tx, event);
          if (next) after.push(next);
        }
        return true;
      });
      for (const run of after) {
        try {
          await run();
        } catch (error) {
          deps.log.error({ err: error, eventId: event.id }, 'after a payment event: will retry');
        }
      }
      return first;
    },
  };
}

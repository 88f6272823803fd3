import Stripe from 'stripe';
import type {
  AccountState,
  CompletedCheckout,
  PaymentEvent,
  PaymentProvider,
  SubscriptionState,
} from './payments.port.ts';
import { PaymentProviderError, transferGroupOf } from './payments.port.ts';

export interface StripeProviderConfig {
  secretKey: string;
  /** https://api.stripe.com, or a local fake */
  apiUrl: string;
  publicUrl: string;
}

export function createStripeClient(config: Pick<StripeProviderConfig, 'secretKey' | 'apiUrl'>): Stripe {
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'substytut' },
  });
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PaymentProviderError(`Stripe: ${what} failed`, { cause: error });
  }
}

/**
 * Stripe Connect with Express accounts in Poland. The platform charges the client and later
 * transfers to the lawyer's account (separate charges and transfers), so the account needs the
 * transfers capability; card_payments is requested too, as Stripe requires for Express accounts
 * of platforms in the same region.
 */
export function createStripeProvider(config: StripeProviderConfig, stripe = createStripeClient(config)) {
  const returnUrl = `${config.publicUrl}/dashboard/profile`;
  const provider: PaymentProvider = {
    kind: 'stripe',
    async createAccount({ userId, email }) {
      const account = await call('create account', () =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'PL',
            email,
            default_currency: 'pln',
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { userId },
          },
          // A double click or a retried request returns the same account instead of a second one.
          { idempotencyKey: `connect-account-${userId}` },
        ),
      );
      return { accountId: account.id };
    },
    async onboardingLink({ accountId }) {
      const link = await call('create account link', () =>
        stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          // Stripe sends the lawyer to refresh_url when the link expired; the dashboard offers a new one.
          refresh_url: returnUrl,
          return_url: returnUrl,
        }),
      );
      return link.url;
    },
    async dashboardLink({ accountId }) {
      const link = await call('create login link', () => stripe.accounts.createLoginLink(accountId));
      return link.url;
    },
    async createCheckout(input) {
      const session = await call('create checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            currency: 'pln',
            // Card, BLIK and Przelewy24 (those the account has enabled); Apple Pay and Google Pay
            // are wallets of the card method.
            allowed_payment_method_types: ['card', 'blik', 'p24'],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'pln',
                  unit_amount: input.amount,
                  product_data: { name: input.title },
                },
              },
            ],
            customer_email: input.customerEmail,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            locale: input.locale,
            metadata: { offerId: String(input.offerId) },
            // Separate charges and transfers: the payout later names this group and the charge.
            payment_intent_data: {
              transfer_group: transferGroupOf(input.offerId),
              metadata: { offerId: String(input.offerId) },
            },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe: checkout session without url');
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // A session already complete or expired cannot be expired again; that is the goal anyway.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw new PaymentProviderError('Stripe: expire checkout session failed', { cause: error });
      }
    },
    // Stripe Billing (decision 049): Pro is a Checkout Session in subscription mode with a
    // monthly PLN price; Stripe renews it, retries a declined renewal and finally ends it, and
    // each change reaches the app as customer.subscription.* events.
    async createSubscriptionCheckout(input) {
      const session = await call('create subscription checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          currency: 'pln',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'pln',
                unit_amount: input.monthlyAmount,
                recurring: { interval: 'month' },
                product_data: { name: input.name },
              },
            },
          ],
          customer_email: input.email,
          client_reference_id: input.userId,
          locale: input.locale,
          metadata: { userId: input.userId, plan: 'pro' },
          subscription_data: { metadata: { userId: input.userId, plan: 'pro' } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new PaymentProviderError('Stripe: subscription checkout without url');
      return { url: session.url };
    },
    async cancelSubscription(subscriptionId) {
      await call('cancel subscription at period end', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },
    async completedCheckouts(since) {
      const found: CompletedCheckout[] = [];
      await call('list checkout sessions', () =>
        stripe.checkout.sessions
          .list({ status: 'complete', created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 })
          .autoPagingEach((session) => {
            // Only the app's own checkouts, and only those whose money came in.
            if (session.payment_status !== 'paid' || !session.metadata?.offerId) return;
            found.push({
              sessionId: session.id,
              paymentRef: idOf(session.payment_intent),
              completedAt: null,
            });
          }),
      );
      return found;
    },
    async createTransfer(input) {
      const intent = await call('retrieve payment intent', () =>
        stripe.paymentIntents.retrieve(input.paymentRef),
      );
      const charge =
        typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
      if (!charge) throw new PaymentProviderError(`Stripe: payment ${input.paymentRef} has no charge`);
      const transfer = await call('create transfer', () =>
        stripe.transfers.create(
          {
            amount: input.amount,
            currency: 'pln',
            destination: input.accountId,
            // Tied to the client's charge, the transfer waits for those funds instead of failing.
            source_transaction: charge,
            transfer_group: transferGroupOf(input.offerId),
            description: input.description,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { transferId: transfer.id };
    },
    async refund(input) {
      const refund = await call('create refund', () =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentRef,
            amount: input.amount,
            reason: input.reason,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },
  };
  return { provider, stripe };
}

export function accountStateOf(account: Stripe.Account): AccountState {
  return {
    accountId: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The app's event for a verified Stripe event, or null for a type the app does not use. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const base = { provider: 'stripe' as const, id: event.id, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'account.updated':
      return {
        provider: 'stripe',
        id: event.id,
        type: 'account.updated',
        created: new Date(event.created * 1000),
        account: accountStateOf(event.data.object),
      };
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A Pro subscription's checkout: its state comes with customer.subscription.created.
      if (session.mode === 'subscription') return null;
      return {
        ...base,
        type: 'checkout.completed',
        sessionId: session.id,
        paid: session.payment_status === 'paid',
        paymentRef: idOf(session.payment_intent),
      };
    }
    case 'checkout.session.expired':
      return { ...base, type: 'checkout.expired', sessionId: event.data.object.id };
    case 'checkout.session.async_payment_failed':
      return { ...base, type: 'checkout.failed', sessionId: event.data.object.id };
    case 'charge.refunded': {
      const paymentRef = idOf(event.data.object.payment_intent);
      return paymentRef
        ? { ...base, type: 'charge.refunded', paymentRef, amountRefunded: event.data.object.amount_refunded }
        : null;
    }
    case 'charge.dispute.created': {
      const paymentRef = idOf(event.data.object.payment_intent);
      return paymentRef
        ? { ...base, type: 'charge.disputed', paymentRef, reason: event.data.object.reason }
        : null;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = subscriptionStateOf(event.data.object);
      return subscription ? { ...base, type: 'subscription.updated', subscription } : null;
    }
    default:
      return null;
  }
}

/**
 * The app's view of a Stripe subscription of the app (its metadata names the user), or null.
 * Active and trialing are in force; past_due while Stripe retries a declined renewal counts as
 * ended by a failed renewal (the lawyer is on Basic until a payment succeeds and Stripe reports
 * it active again); canceled ended by the lawyer, or by Stripe after the retries failed.
 */
export function subscriptionStateOf(subscription: Stripe.Subscription): SubscriptionState | null {
  const userId = subscription.metadata?.userId;
  if (!userId) return null;
  // The period moved to the subscription's items in Stripe's 2025 API versions.
  const periodEnd = subscription.items?.data?.[0]?.current_period_end;
  if (!periodEnd) return null;
  const inForce = subscription.status === 'active' || subscription.status === 'trialing';
  const unpaid = ['past_due', 'unpaid', 'incomplete_expired'].includes(subscription.status);
  const failed = unpaid || subscription.cancellation_details?.reason === 'payment_failed';
  return {
    subscriptionId: subscription.id,
    userId,
    status: inForce ? 'active' : 'ended',
    currentPeriodEnd: new Date(periodEnd * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    endReason: inForce ? null : failed ? 'renewal_failed' : 'cancelled',
  };
}

import Stripe from 'stripe';
import type { AccountState, PaymentEvent, PaymentProvider } from './payments.port.ts';
import { PaymentProviderError } from './payments.port.ts';

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

/** The app's event for a verified Connect event, or null for a type the app does not use. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'account.updated':
      return {
        provider: 'stripe',
        id: event.id,
        type: 'account.updated',
        created: new Date(event.created * 1000),
        account: accountStateOf(event.data.object),
      };
    default:
      return null;
  }
}

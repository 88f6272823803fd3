import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { PaymentProvider } from './payments.port.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** The configured provider behind the port, and the client its own routes need. */
export interface PaymentAdapter {
  provider: PaymentProvider;
  /** set with Stripe: its webhooks are verified with this client */
  stripe: Stripe | null;
  /** set without Stripe: the sandbox serves its own onboarding, dashboard and checkout pages */
  sandbox: SandboxProvider | null;
}

/** Stripe when its secret key is configured, else the sandbox. */
export function createPaymentAdapter(
  config: Pick<Config, 'stripeSecretKey' | 'stripeApiUrl' | 'publicUrl'>,
  db: Db,
  clock: Clock,
): PaymentAdapter {
  if (config.stripeSecretKey) {
    const { provider, stripe } = createStripeProvider({
      secretKey: config.stripeSecretKey,
      apiUrl: config.stripeApiUrl,
      publicUrl: config.publicUrl,
    });
    return { provider, stripe, sandbox: null };
  }
  const sandbox = createSandboxProvider({ db, clock, publicUrl: config.publicUrl });
  return { provider: sandbox, stripe: null, sandbox };
}

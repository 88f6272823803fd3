import {
  effectivePlan,
  feeBasisPointsOf,
  PRO_MONTHLY_GROSS_GROSZE,
  type PlanStateDto,
} from '@substytut/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PlanSubscriptionRow } from '../../db/schema/plans.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { Locale, Payments } from '../payments/index.ts';
import { alreadyPro } from './plans.errors.ts';
import { applySubscriptionState, findPlanSubscription } from './plans.repo.ts';

export interface PlansDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  payments: Payments;
  log: FastifyBaseLogger;
}

/** Pro while its subscription is active (set to end or not) and its paid period runs. */
const inForce = (row: PlanSubscriptionRow | null) =>
  row?.plan === 'pro' && row.status === 'active' ? row : null;

/** The lawyer's plan in force now (Basic without a running Pro period). */
export async function planOfUser(db: DbOrTx, userId: string, now: Date) {
  return effectivePlan(inForce(await findPlanSubscription(db, userId)), now);
}

/**
 * The fee of the lawyer's plan now, in basis points: what a payment made now will withhold from
 * its payouts (stored with the payment, so a later change of plan does not alter a paid job).
 */
export async function feeBasisPointsForUser(db: DbOrTx, userId: string, now: Date): Promise<number> {
  return feeBasisPointsOf(await planOfUser(db, userId, now));
}

export async function planState(db: DbOrTx, userId: string, now: Date): Promise<PlanStateDto> {
  const row = await findPlanSubscription(db, userId);
  const plan = effectivePlan(inForce(row), now);
  return {
    plan,
    fee_basis_points: feeBasisPointsOf(plan),
    subscription: row
      ? {
          status: row.status,
          current_period_end: row.currentPeriodEnd.toISOString(),
          cancel_at_period_end: row.cancelAtPeriodEnd,
          end_reason: row.endReason,
        }
      : null,
  };
}

/** The provider's page where the lawyer subscribes to Pro; 409 while Pro is in force and renewing. */
export async function subscribeToPro(
  deps: PlansDeps,
  user: { id: string; email: string; locale: Locale },
): Promise<{ url: string }> {
  const row = await findPlanSubscription(deps.db, user.id);
  if (row && row.status === 'active' && effectivePlan(row, deps.clock.now()) === 'pro') throw alreadyPro();
  const back = `${deps.config.publicUrl}/dashboard/plan`;
  return deps.payments.createSubscriptionCheckout({
    userId: user.id,
    email: user.email,
    locale: user.locale,
    monthlyAmount: PRO_MONTHLY_GROSS_GROSZE,
    name: 'Substytut Pro',
    successUrl: `${back}?subscribed=1`,
    cancelUrl: back,
  });
}

/**
 * Cancels Pro at the end of the paid period: the provider confirms with its event, and the lawyer
 * stays on Pro until then. Answers the state the provider reported (the sandbox at once).
 * Idempotent: with nothing that renews (Basic, or Pro already ending) it only answers the state.
 */
export async function cancelPro(deps: PlansDeps, userId: string): Promise<PlanStateDto> {
  const row = await findPlanSubscription(deps.db, userId);
  const renewing =
    row?.status === 'active' && !row.cancelAtPeriodEnd && row.provider === deps.payments.provider.kind;
  if (row && renewing) await deps.payments.cancelSubscription(row.subscriptionId);
  return planState(deps.db, userId, deps.clock.now());
}

/** Subscribes the plans to the provider's subscription events (called once, by the composition root). */
export function handlePlanEvents(payments: Payments, deps: Pick<PlansDeps, 'clock'>): void {
  payments.on('subscription.updated', async (tx, event) => {
    await applySubscriptionState(tx, {
      provider: event.provider,
      state: event.subscription,
      stateAt: event.created,
      now: deps.clock.now(),
    });
  });
}

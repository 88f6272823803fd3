import { and, eq, lte, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { planSubscriptions, type PlanSubscriptionRow } from '../../db/schema/plans.ts';
import type { PaymentProviderKind, SubscriptionState } from '../payments/index.ts';

export async function findPlanSubscription(db: DbOrTx, userId: string): Promise<PlanSubscriptionRow | null> {
  const [row] = await db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  return row ?? null;
}

/**
 * Records the subscription's state the provider reported, unless a newer one was applied already
 * (a late older event changes nothing). One row per user: a new subscription replaces an ended one.
 */
export async function applySubscriptionState(
  tx: Tx,
  input: { provider: PaymentProviderKind; state: SubscriptionState; stateAt: Date; now: Date },
): Promise<void> {
  const { state } = input;
  const values = {
    provider: input.provider,
    subscriptionId: state.subscriptionId,
    status: state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    endReason: state.endReason,
    stateAt: input.stateAt,
    updatedAt: input.now,
  };
  await tx
    .insert(planSubscriptions)
    .values({ userId: state.userId, ...values, createdAt: input.now })
    .onConflictDoUpdate({
      target: planSubscriptions.userId,
      set: values,
      // Another subscription's news replaces the row only while that one is not in force.
      setWhere: or(
        and(
          eq(planSubscriptions.subscriptionId, state.subscriptionId),
          lte(planSubscriptions.stateAt, input.stateAt),
        ),
        and(
          eq(planSubscriptions.status, 'ended'),
          lte(planSubscriptions.stateAt, input.stateAt),
        ),
      ),
    });
}

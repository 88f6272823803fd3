import { and, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sandboxSubscriptions, type SandboxSubscriptionRow } from '../../db/schema/plans.ts';
import type { Clock } from '../app/clock.ts';
import { hashToken, newSecretToken } from '../app/token-crypto.ts';
import {
  PaymentProviderError,
  type PaymentEvent,
  type SubscriptionCheckoutInput,
  type SubscriptionState,
} from './payments.port.ts';

/** The same moment a calendar month later (UTC), on the month's last day when it has no such day. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), last));
  return next;
}

/**
 * The sandbox's subscriptions (Stripe Billing's stand-in, decision 049): a hosted page where the
 * lawyer subscribes, a monthly renewal run by the clock job, cancellation at the period's end,
 * and a "card declined at renewal" choice so the fall back to Basic can be tried offline. Each
 * change and its `subscription.updated` event commit together.
 */
export function sandboxSubscriptionsOf(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  pagesPrefix: string;
  newId: (prefix: string) => string;
  emit: (event: PaymentEvent, alongside?: (tx: Tx) => Promise<boolean>) => Promise<boolean>;
}) {
  const stateOf = (row: SandboxSubscriptionRow, change: Partial<SubscriptionState>): SubscriptionState => ({
    subscriptionId: row.subscriptionId,
    userId: row.userId,
    status: 'active',
    currentPeriodEnd: row.currentPeriodEnd ?? deps.clock.now(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endReason: null,
    ...change,
  });

  /** Emits the subscription's new state with the sandbox's own change, when that change still applies. */
  function change(
    row: SandboxSubscriptionRow,
    from: SandboxSubscriptionRow['status'],
    set: Partial<SandboxSubscriptionRow>,
    state: SubscriptionState,
  ): Promise<boolean> {
    return deps.emit(
      {
        provider: 'sandbox',
        id: deps.newId('evt'),
        created: deps.clock.now(),
        type: 'subscription.updated',
        subscription: state,
      },
      async (tx) => {
        const rows = await tx
          .update(sandboxSubscriptions)
          .set(set)
          .where(
            and(
              eq(sandboxSubscriptions.subscriptionId, row.subscriptionId),
              eq(sandboxSubscriptions.status, from),
            ),
          )
          .returning({ id: sandboxSubscriptions.subscriptionId });
        return rows.length > 0;
      },
    );
  }

  async function find(subscriptionId: string): Promise<SandboxSubscriptionRow | null> {
    const [row] = await deps.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.subscriptionId, subscriptionId));
    return row ?? null;
  }

  return {
    async createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<{ url: string }> {
      const token = newSecretToken();
      const subscriptionId = deps.newId('sub');
      try {
        await deps.db.insert(sandboxSubscriptions).values({
          subscriptionId,
          tokenHash: hashToken(token),
          userId: input.userId,
          amount: input.monthlyAmount,
          customerEmail: input.email,
          locale: input.locale,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          createdAt: deps.clock.now(),
        });
      } catch (error) {
        throw new PaymentProviderError('sandbox: subscription not created', { cause: error });
      }
      const path = `${deps.pagesPrefix}/subscription/${subscriptionId}`;
      return { url: `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}` };
    },

    /** The open subscription a page token opens, or null. */
    async findOpenSubscription(subscriptionId: string, token: string): Promise<SandboxSubscriptionRow | null> {
      const [row] = await deps.db
        .select()
        .from(sandboxSubscriptions)
        .where(
          and(
            eq(sandboxSubscriptions.subscriptionId, subscriptionId),
            eq(sandboxSubscriptions.tokenHash, hashToken(token)),
            eq(sandboxSubscriptions.status, 'open'),
          ),
        );
      return row ?? null;
    },

    /** The lawyer subscribed on the sandbox page: the first month is charged and Pro starts. */
    async startSubscription(row: SandboxSubscriptionRow, renewalFails: boolean): Promise<boolean> {
      const currentPeriodEnd = addMonths(deps.clock.now(), 1);
      return change(
        row,
        'open',
        { status: 'active', currentPeriodEnd, renewalFails, charges: 1 },
        stateOf(row, { currentPeriodEnd }),
      );
    },

    async cancelSubscription(subscriptionId: string): Promise<void> {
      const row = await find(subscriptionId);
      if (!row) throw new PaymentProviderError(`sandbox: no subscription ${subscriptionId}`);
      if (row.status !== 'active' || row.cancelAtPeriodEnd) return;
      await change(row, 'active', { cancelAtPeriodEnd: true }, stateOf(row, { cancelAtPeriodEnd: true }));
    },

    /** Renews each subscription whose period ended, or ends it (cancelled, or the renewal's card declined). */
    async renewDue(now: Date): Promise<void> {
      const due = await deps.db
        .select()
        .from(sandboxSubscriptions)
        .where(
          and(
            eq(sandboxSubscriptions.status, 'active'),
            lte(sandboxSubscriptions.currentPeriodEnd, now),
          ),
        );
      for (const row of due) {
        const end = row.currentPeriodEnd ?? now;
        if (row.cancelAtPeriodEnd || row.renewalFails) {
          const endReason = row.cancelAtPeriodEnd ? 'cancelled' : 'renewal_failed';
          await change(row, 'active', { status: 'ended' }, stateOf(row, { status: 'ended', endReason }));
          continue;
        }
        // The next period follows the last one (not now), so a late clock run loses no days.
        let currentPeriodEnd = addMonths(end, 1);
        while (currentPeriodEnd <= now) currentPeriodEnd = addMonths(currentPeriodEnd, 1);
        await change(
          row,
          'active',
          { currentPeriodEnd, charges: row.charges + 1 },
          stateOf(row, { currentPeriodEnd }),
        );
      }
    },

  };
}

export type SandboxSubscriptions = ReturnType<typeof sandboxSubscriptionsOf>;

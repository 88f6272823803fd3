import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  sandboxCheckouts,
  sandboxRefunds,
  sandboxTransfers,
  type SandboxCheckoutRow,
} from '../../db/schema/sandbox-provider.ts';
import type { Clock } from '../app/clock.ts';
import type { Locale } from '@substytut/shared/locale';
import { hashToken, newSecretToken } from '../app/token-crypto.ts';
import {
  PaymentProviderError,
  transferGroupOf,
  type PaymentEvent,
  type PaymentProvider,
} from './payments.port.ts';
import { insertSandboxLink, type SandboxLinkPurpose } from './payments.repo.ts';
import { sandboxSubscriptionsOf, type SandboxSubscriptions } from './sandbox-subscriptions.ts';

// Like Stripe's account links (minutes) and login links: long enough to fill in a form.
export const SANDBOX_LINK_TTL_MS: Record<SandboxLinkPurpose, number> = {
  onboarding: 30 * 60 * 1000,
  dashboard: 15 * 60 * 1000,
};

export const SANDBOX_PAGES_PREFIX = '/sandbox/payments';

const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/**
 * Where the sandbox raises its events. `alongside` is the sandbox's own change behind the event,
 * made in the transaction that applies the event, so the two commit together or not at all.
 */
export type SandboxEventSink = (
  event: PaymentEvent,
  alongside?: (tx: Tx) => Promise<boolean>,
) => Promise<boolean>;

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** Where the sandbox raises its events: the same handler Stripe's webhooks reach. */
  setEventSink(sink: SandboxEventSink): void;
  /** The open session a checkout page token opens, or null. */
  findCheckout(sessionId: string, token: string): Promise<SandboxCheckoutRow | null>;
  /** The client paid on the sandbox page; false when the session was no longer open. */
  completeCheckout(sessionId: string): Promise<boolean>;
  /** The client cancelled, or the simulated payment failed; false when no longer open. */
  endCheckout(sessionId: string, outcome: 'expired' | 'failed'): Promise<boolean>;
  /** The open subscription a subscribe page token opens, or null. */
  findOpenSubscription: SandboxSubscriptions['findOpenSubscription'];
  /** The lawyer subscribed on the sandbox page; false when it was no longer open. */
  startSubscription: SandboxSubscriptions['startSubscription'];
}

/**
 * The embedded provider: accounts, checkout sessions and transfers exist only in this app's
 * database, and its onboarding, dashboard and checkout pages are served by the app
 * (payments.routes.ts). A page opens only with a random token bound to one account or session.
 * What a real provider reports by webhook, the sandbox raises through the event sink.
 */
export function createSandboxProvider(deps: { db: Db; clock: Clock; publicUrl: string }): SandboxProvider {
  let sink: SandboxEventSink | null = null;

  async function emit(event: PaymentEvent, alongside?: (tx: Tx) => Promise<boolean>): Promise<boolean> {
    if (!sink) throw new Error('sandbox payment provider has no event sink');
    return sink(event, alongside);
  }
  const event = () => ({ provider: 'sandbox' as const, id: sandboxId('evt'), created: deps.clock.now() });

  /** A single-use page link; `lang` carries the language the lawyer asked in (issue 34). */
  async function link(accountId: string, purpose: SandboxLinkPurpose, locale: Locale): Promise<string> {
    const token = newSecretToken();
    const now = deps.clock.now();
    await insertSandboxLink(deps.db, {
      tokenHash: hashToken(token),
      accountId,
      purpose,
      expiresAt: new Date(now.getTime() + SANDBOX_LINK_TTL_MS[purpose]),
      now,
    });
    const path = `${SANDBOX_PAGES_PREFIX}/${purpose}/${encodeURIComponent(accountId)}`;
    return `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}&lang=${locale}`;
  }

  // The session's end and the app's record of it commit together.
  function end(sessionId: string, outcome: 'expired' | 'failed'): Promise<boolean> {
    return emit(
      { ...event(), type: outcome === 'failed' ? 'checkout.failed' : 'checkout.expired', sessionId },
      async (tx) => {
        const rows = await tx
          .update(sandboxCheckouts)
          .set({ status: 'expired' })
          .where(and(eq(sandboxCheckouts.sessionId, sessionId), eq(sandboxCheckouts.status, 'open')))
          .returning({ sessionId: sandboxCheckouts.sessionId });
        return rows.length > 0;
      },
    );
  }

  const subscriptions = sandboxSubscriptionsOf({
    ...deps,
    pagesPrefix: SANDBOX_PAGES_PREFIX,
    newId: sandboxId,
    emit,
  });

  return {
    kind: 'sandbox',
    createSubscriptionCheckout: subscriptions.createSubscriptionCheckout,
    cancelSubscription: subscriptions.cancelSubscription,
    findOpenSubscription: subscriptions.findOpenSubscription,
    startSubscription: subscriptions.startSubscription,
    setEventSink(value) {
      sink = value;
    },
    async createAccount() {
      return { accountId: sandboxId('acct') };
    },
    onboardingLink: ({ accountId, locale }) => link(accountId, 'onboarding', locale),
    dashboardLink: ({ accountId, locale }) => link(accountId, 'dashboard', locale),

    async createCheckout(input, tx) {
      const token = newSecretToken();
      const sessionId = sandboxId('cs');
      try {
        await tx.insert(sandboxCheckouts).values({
          sessionId,
          tokenHash: hashToken(token),
          amount: input.amount,
          title: input.title,
          payee: input.payeeName,
          customerEmail: input.customerEmail,
          locale: input.locale,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          idempotencyKey: input.idempotencyKey,
          expiresAt: input.expiresAt,
          createdAt: deps.clock.now(),
        });
      } catch (error) {
        throw new PaymentProviderError('sandbox: checkout session not created', { cause: error });
      }
      const url = `${deps.publicUrl}${SANDBOX_PAGES_PREFIX}/checkout/${sessionId}?token=${encodeURIComponent(token)}`;
      return { sessionId, url };
    },

    async expireCheckout(sessionId) {
      await end(sessionId, 'expired');
    },

    async createTransfer(input) {
      try {
        await deps.db
          .insert(sandboxTransfers)
          .values({
            transferId: sandboxId('tr'),
            accountId: input.accountId,
            amount: input.amount,
            description: input.description,
            transferGroup: transferGroupOf(input.offerId),
            idempotencyKey: input.idempotencyKey,
            createdAt: deps.clock.now(),
          })
          .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey });
      } catch (error) {
        throw new PaymentProviderError('sandbox: transfer failed', { cause: error });
      }
      // A repeated key answers the transfer made the first time, as Stripe does.
      const [row] = await deps.db
        .select({ transferId: sandboxTransfers.transferId })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
      if (!row) throw new PaymentProviderError('sandbox: transfer vanished');
      return row;
    },

    async refund(input) {
      const made = await deps.db.transaction(async (tx) => {
        const [again] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
        // A repeated key answers the refund made the first time, as Stripe does.
        if (again) return { refundId: again.refundId, total: null };
        // Locked, so two refunds of one payment cannot both pass the check below.
        const [paid] = await tx
          .select({ amount: sandboxCheckouts.amount })
          .from(sandboxCheckouts)
          .where(
            and(eq(sandboxCheckouts.paymentRef, input.paymentRef), eq(sandboxCheckouts.status, 'complete')),
          )
          .for('update');
        if (!paid) throw new PaymentProviderError(`sandbox: no payment ${input.paymentRef} to refund`);
        const [sum] = await tx
          .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amount}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentRef, input.paymentRef));
        const total = (sum?.refunded ?? 0) + input.amount;
        if (total > paid.amount) {
          throw new PaymentProviderError(
            `sandbox: refund of ${input.amount} exceeds what is left of payment ${input.paymentRef}`,
          );
        }
        const refundId = sandboxId('re');
        await tx.insert(sandboxRefunds).values({
          refundId,
          paymentRef: input.paymentRef,
          amount: input.amount,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          createdAt: deps.clock.now(),
        });
        return { refundId, total };
      });
      // Stripe follows a refund with charge.refunded; the sandbox raises the same event.
      if (made.total !== null) {
        await emit({
          ...event(),
          type: 'charge.refunded',
          paymentRef: input.paymentRef,
          amountRefunded: made.total,
        });
      }
      return { refundId: made.refundId };
    },

    async tick(now) {
      const overdue = await deps.db
        .select({ sessionId: sandboxCheckouts.sessionId })
        .from(sandboxCheckouts)
        .where(and(eq(sandboxCheckouts.status, 'open'), lte(sandboxCheckouts.expiresAt, now)));
      for (const { sessionId } of overdue) await end(sessionId, 'expired');
      await subscriptions.renewDue(now);
    },

    async findCheckout(sessionId, token) {
      const [row] = await deps.db
        .select()
        .from(sandboxCheckouts)
        .where(
          and(
            eq(sandboxCheckouts.sessionId, sessionId),
            eq(sandboxCheckouts.tokenHash, hashToken(token)),
            eq(sandboxCheckouts.status, 'open'),
            gt(sandboxCheckouts.expiresAt, deps.clock.now()),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    // The money taken and the app's record of the payment commit in one transaction (issue 30):
    // a crash leaves either both or neither, never a charge nobody recorded.
    completeCheckout(sessionId) {
      const paymentRef = sandboxId('pi');
      const now = deps.clock.now();
      return emit(
        { ...event(), type: 'checkout.completed', sessionId, paid: true, paymentRef },
        async (tx) => {
          const rows = await tx
            .update(sandboxCheckouts)
            .set({ status: 'complete', paymentRef, completedAt: now })
            .where(
              and(
                eq(sandboxCheckouts.sessionId, sessionId),
                eq(sandboxCheckouts.status, 'open'),
                gt(sandboxCheckouts.expiresAt, now),
              ),
            )
            .returning({ sessionId: sandboxCheckouts.sessionId });
          return rows.length > 0;
        },
      );
    },

    async completedCheckouts(since) {
      return deps.db
        .select({
          sessionId: sandboxCheckouts.sessionId,
          paymentRef: sandboxCheckouts.paymentRef,
          completedAt: sandboxCheckouts.completedAt,
        })
        .from(sandboxCheckouts)
        .where(and(eq(sandboxCheckouts.status, 'complete'), gte(sandboxCheckouts.createdAt, since)));
    },

    endCheckout: end,
  };
}

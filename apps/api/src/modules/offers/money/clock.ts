import { acceptanceCutoff, expiredBefore } from '@substytut/shared';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueMail } from '../../mail/index.ts';
import { acceptanceWindowClosedMail } from '../mails/payment-mails.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { endCheckoutsOfPaidOffers, reconcileCompletedCheckouts } from './events.ts';
import { releasePayout, sendPendingPayouts } from './payouts.ts';
import { refundDuplicatePayments, sendPendingRefunds } from './refunds.ts';
import { tryTransition } from '../offers.transitions.ts';
import { findPaidPayment } from '../money.repo.ts';
import { lawyerOf, offersDoneBefore, unpaidOffersExpiringBefore } from '../offers.repo.ts';

export const CLOCK_JOB_INTERVAL_MS = 60 * 1000;

export interface ClockJobResult {
  expired: number;
  archived: number;
  payoutsSent: number;
  /** completed checkouts the app had not recorded, applied now */
  reconciled: number;
}

/**
 * The clock job (every minute, on any number of instances): offers past their day expire; done
 * offers the client did not confirm within ACCEPTANCE_WINDOW_DAYS (Warsaw calendar days, like
 * the expiry) are archived and paid out; the sandbox ends its overdue checkouts; failed payouts
 * are retried. The database is asked only for what is due (indexes (status, expire_date) and (status, done_at)). Every step
 * is a conditional update or keyed by the offer, so running it twice changes nothing more.
 */
export async function runClockJob(deps: LifecycleDeps): Promise<ClockJobResult> {
  const now = deps.clock.now();
  const result: ClockJobResult = { expired: 0, archived: 0, payoutsSent: 0, reconciled: 0 };

  for (const id of await unpaidOffersExpiringBefore(deps.db, expiredBefore(now))) {
    if (await tryTransition(deps.db, id, 'expire', 'clock', now)) result.expired += 1;
  }

  const days = deps.config.acceptanceWindowDays;
  for (const id of await offersDoneBefore(deps.db, acceptanceCutoff(now, days))) {
    const archived = await deps.db.transaction(async (tx) => {
      const row = await tryTransition(tx, id, 'archiveUnconfirmed', 'clock', now);
      if (!row) return false;
      const found = await lawyerOf(tx, row);
      if (!found) return true;
      await releasePayout(deps, tx, found, 'window_passed', now);
      const payment = await findPaidPayment(tx, id);
      if (payment) {
        await enqueueMail(
          tx,
          acceptanceWindowClosedMail(
            { locale: payment.locale, to: payment.email, offerTitle: found.offer.title, days },
            mailContextOf(deps),
          ),
          now,
        );
      }
      return true;
    });
    if (archived) result.archived += 1;
  }

  await deps.payments.provider.tick?.(now);
  // Checkouts the provider completed that the app never recorded: recorded or refunded now.
  result.reconciled = await reconcileCompletedCheckouts(deps);
  // Provider work a payment event called for and that failed then: tried again every minute.
  await endCheckoutsOfPaidOffers(deps);
  await refundDuplicatePayments(deps);
  // Refunds of disputes and cancelled hearings the provider did not take at once.
  await sendPendingRefunds(deps);
  result.payoutsSent = await sendPendingPayouts(deps);
  return result;
}

/**
 * Runs the clock job every minute in this process (started by server.ts). Instances need no
 * coordination: every step of the job is safe to run twice or at once.
 */
export function startClockJob(
  deps: LifecycleDeps,
  log: FastifyBaseLogger,
  /** other features' periodic work, run after the lifecycle's on the same tick */
  sweeps: (() => Promise<void>)[] = [],
  intervalMs = CLOCK_JOB_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runClockJob(deps)
      .then((result) => {
        if (result.expired || result.archived || result.payoutsSent || result.reconciled)
          log.info(result, 'clock job');
      })
      .then(async () => {
        for (const sweep of sweeps) await sweep();
      })
      .catch((error: unknown) => log.error({ err: error }, 'clock job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

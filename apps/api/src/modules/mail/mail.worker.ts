import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, type MailOutboxRow } from '../../db/schema.ts';
import type { Clock } from '../app/clock.ts';
import type { MailTransport } from './mail.transport.ts';
import { startPolling } from '../app/polling.ts';

export const MAX_ATTEMPTS = 12;
// While a worker sends, the row is pushed this far into the future; if the worker dies, the row
// becomes due again after the lease instead of being lost.
const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 20;

/** 30 s, 1 min, 2 min, … capped at 1 hour: about 5 hours from the first to the last of MAX_ATTEMPTS. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  intervalMs?: number;
}

export interface MailWorker {
  /** Claims the due messages and tries each once; resolves to how many were delivered. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for a running pass to finish. */
  stop(): Promise<void>;
}

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED, so several instances can run workers against one
 * database without sending a message twice.
 */
async function claimDue(db: Db, now: Date): Promise<MailOutboxRow[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, clock, log } = options;

  async function deliver(row: MailOutboxRow): Promise<boolean> {
    try {
      await transport.send(row);
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: clock.now(), lastError: null })
        .where(eq(mailOutbox.id, row.id));
      log?.info({ mailId: row.id, attempts: row.attempts }, 'mail delivered');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      const details = { mailId: row.id, attempts: row.attempts, error: message };
      if (giveUp) log?.error(details, 'mail failed permanently');
      else log?.warn(details, 'mail delivery failed; will retry');
      return false;
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claimDue(db, clock.now());
    let delivered = 0;
    for (const row of rows) {
      if (await deliver(row)) delivered += 1;
    }
    return delivered;
  }

  return { runOnce, stop: async () => undefined };
}

/** Starts polling the outbox every `intervalMs` (default 2 s). */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const worker = createMailWorker(options);
  return startPolling(worker, {
    intervalMs: options.intervalMs ?? 2000,
    label: 'mail worker',
    log: options.log,
  });
}

import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { findCourt, type Locale } from '@substytut/shared';
import type { Db } from '../../db/client.ts';
import {
  alertSettings,
  boardAlerts,
  boardRequests,
  pushSubscriptions,
  users,
  type BoardAlertRow,
} from '../../db/schema.ts';
import { enqueueMail } from '../mail/index.ts';
import type { Polling } from '../app/polling.ts';
import type { AlertsDeps } from './alerts.deps.ts';
import { boardAlertMail, boardPushPayload, type AlertedRequestFacts } from './alerts.mails.ts';

export const ALERT_MAX_ATTEMPTS = 8;
/** While a worker sends, its rows are pushed this far ahead; a worker that dies leaves them due again. */
const LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 50;

/** 30 s, 1 min, 2 min, … capped at 1 hour. */
export function alertRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Claims due alerts with FOR UPDATE SKIP LOCKED (no two instances take one row) and leases them:
 * `attempts` counts the claim, and only the claim that holds the current count may finish the row.
 */
async function claimDue(db: Db, now: Date): Promise<BoardAlertRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: boardAlerts.id })
      .from(boardAlerts)
      .where(and(eq(boardAlerts.status, 'pending'), lte(boardAlerts.nextAttemptAt, now)))
      .orderBy(boardAlerts.nextAttemptAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(boardAlerts)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${boardAlerts.attempts} + 1` })
      .where(
        inArray(
          boardAlerts.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** The row is still this claim's: not finished, not claimed again after a lease ran out. */
const stillMine = (row: BoardAlertRow) =>
  and(eq(boardAlerts.id, row.id), eq(boardAlerts.status, 'pending'), eq(boardAlerts.attempts, row.attempts));

export function requestFacts(request: typeof boardRequests.$inferSelect): AlertedRequestFacts {
  return {
    id: request.id,
    courtName: findCourt(request.courtId)?.name ?? request.courtId,
    division: request.division,
    startsAt: request.startsAt,
    mode: request.mode,
    caseType: request.caseType,
    task: request.task,
    feeNetGrosze: request.feeNetGrosze,
    urgent: request.urgent,
    answerDeadline: request.answerDeadline,
  };
}

export interface AlertsWorker {
  /** One pass: claims the due alerts and sends each once; resolves to how many were sent. */
  runOnce(): Promise<number>;
}

export function createAlertsWorker(deps: AlertsDeps): AlertsWorker {
  const { db, clock, log } = deps;

  const finish = (row: BoardAlertRow, status: 'sent' | 'skipped') =>
    db
      .update(boardAlerts)
      .set({ status, sentAt: status === 'sent' ? clock.now() : null, lastError: null })
      .where(stillMine(row));

  async function retryLater(row: BoardAlertRow, error: string) {
    const giveUp = row.attempts >= ALERT_MAX_ATTEMPTS;
    await db
      .update(boardAlerts)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lastError: error.slice(0, 1000),
        nextAttemptAt: new Date(clock.now().getTime() + alertRetryDelayMs(row.attempts)),
      })
      .where(stillMine(row));
    const details = { alertId: row.id, attempts: row.attempts, error };
    if (giveUp) log.error(details, 'board alert failed permanently');
    else log.warn(details, 'board alert failed; will retry');
  }

  async function deliver(row: BoardAlertRow): Promise<boolean> {
    const [found] = await db
      .select({
        request: boardRequests,
        email: users.email,
        locale: users.locale,
        deletedAt: users.deletedAt,
        wantsEmail: alertSettings.email,
        wantsPush: alertSettings.push,
      })
      .from(boardRequests)
      .innerJoin(users, eq(users.id, row.userId))
      .leftJoin(alertSettings, eq(alertSettings.userId, row.userId))
      .where(eq(boardRequests.id, row.requestId));
    const wanted = row.channel === 'email' ? found?.wantsEmail : found?.wantsPush;
    // A request no longer open, an account gone, or a channel switched off since: nothing to say.
    if (!found || found.request.state !== 'open' || found.deletedAt || !wanted) {
      await finish(row, 'skipped');
      return false;
    }
    const locale: Locale = found.locale;
    const facts = requestFacts(found.request);

    if (row.channel === 'email') {
      // The mail and the mark commit together, and only for the claim that still holds the row.
      return db.transaction(async (tx) => {
        const marked = await tx
          .update(boardAlerts)
          .set({ status: 'sent', sentAt: clock.now(), lastError: null })
          .where(stillMine(row))
          .returning({ id: boardAlerts.id });
        if (marked.length === 0) return false;
        await enqueueMail(
          tx,
          boardAlertMail({ to: found.email, locale, request: facts }, deps.mail),
          clock.now(),
        );
        return true;
      });
    }

    const subscriptions = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId));
    if (subscriptions.length === 0) {
      await finish(row, 'skipped');
      return false;
    }
    const payload = boardPushPayload(locale, facts);
    const results = await Promise.all(subscriptions.map((s) => deps.push.send(s, payload)));
    const gone = subscriptions.filter((_, i) => results[i]?.kind === 'gone').map((s) => s.id);
    if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    if (results.some((r) => r.kind === 'sent')) {
      await finish(row, 'sent');
      return true;
    }
    const failures = results
      .filter((r) => r.kind === 'failed')
      .map((r) => (r.kind === 'failed' ? r.error : ''));
    if (failures.length === 0) {
      await finish(row, 'skipped');
      return false;
    }
    await retryLater(row, failures.join('; '));
    return false;
  }

  async function runOnce(): Promise<number> {
    const rows = await claimDue(db, clock.now());
    let sent = 0;
    for (const row of rows) {
      try {
        if (await deliver(row)) sent += 1;
      } catch (error) {
        await retryLater(row, error instanceof Error ? error.message : String(error));
      }
    }
    return sent;
  }

  return { runOnce };
}

/** The idle fallback: a pass at least this often when nothing woke the worker (a NOTIFY missed while
 * the LISTEN connection reconnected, a row due on another instance's clock). */
export const ALERTS_FALLBACK_MS = 30_000;
/** The shortest pause between passes, so rows another instance holds locked do not spin a loop. */
const MIN_PAUSE_MS = 100;

export interface AlertsWorkerOptions {
  /** default ALERTS_FALLBACK_MS */
  fallbackMs?: number;
}

/** How long until the next pending row is due (a second wave, a retry, a lease running out). */
async function untilNextDue(db: Db, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ next: sql<Date | string | null>`min(${boardAlerts.nextAttemptAt})` })
    .from(boardAlerts)
    .where(eq(boardAlerts.status, 'pending'));
  if (!row?.next) return null;
  return new Date(row.next).getTime() - now.getTime();
}

/**
 * Runs the alerts' outbox without polling it every second (decision 048). A pass runs:
 * - when the board says a request is open: the `board_changed` event every instance already
 *   receives through its one LISTEN connection (live.ts), published after the posting commits, so
 *   wave 1 leaves at once on whichever instance claims it first;
 * - when the next pending row falls due (the second wave, a retry, a dead worker's lease);
 * - and, failing those, every `fallbackMs`.
 * Never two passes at once: a wake during a pass runs one more pass after it.
 */
export function startAlertsWorker(deps: AlertsDeps, options: AlertsWorkerOptions = {}): Polling {
  const fallbackMs = options.fallbackMs ?? ALERTS_FALLBACK_MS;
  const worker = createAlertsWorker(deps);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(pass, Math.max(MIN_PAUSE_MS, Math.min(ms, fallbackMs)));
  };

  async function passAndPause(): Promise<number> {
    try {
      await worker.runOnce();
    } catch (error) {
      deps.log.error({ err: error }, 'alerts worker pass failed');
    }
    try {
      return (await untilNextDue(deps.db, deps.clock.now())) ?? fallbackMs;
    } catch {
      return fallbackMs;
    }
  }

  function pass() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = passAndPause().then((pause) => {
      running = null;
      if (stopped) return;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(pause);
    });
  }

  const unsubscribe = deps.live.subscribe((event) => {
    if (event.state === 'open') pass();
  });
  pass();

  return {
    runOnce: () => worker.runOnce(),
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}

import { and, gt, lte, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { boardRequests } from '../../db/schema/board.ts';
import { enqueueMail } from '../mail/index.ts';
import { mailContextOf } from '../offers/index.ts';
import type { AfterCommit } from '../payments/index.ts';
import type { BoardDeps, BoardRequestRow } from './board.deps.ts';
import { assignedPastPayBy, assignedRequestPaidBySession, openPastDeadline, peopleByUser } from './board.repo.ts';
import { tryBoardTransition } from './board.transitions.ts';
import { boardMail, lapseNext, mailAnswerers } from './mails/board-mails.ts';
import { dropPickedOffer } from './poster/poster.service.ts';

export interface BoardClockResult {
  expired: number;
  lapsed: number;
}

/**
 * The board's clock (run with the offers' clock job, every minute, on any number of instances):
 * open requests past their answer deadline expire; picks not paid by their pay-by time lapse
 * (their unpaid offer removed first; a payment under way keeps the pick). Each change is a
 * conditional update that repeats the due condition, so two instances change each request once.
 */
export async function runBoardClock(deps: BoardDeps): Promise<BoardClockResult> {
  const now = deps.clock.now();
  const result: BoardClockResult = { expired: 0, lapsed: 0 };
  for (const id of await openPastDeadline(deps.db, now)) {
    const row = await tryBoardTransition(deps.db, id, 'expire', now, { expiredAt: now }, lte(boardRequests.answerDeadline, now));
    if (row) {
      result.expired += 1;
      await deps.notifier.requestChanged({ requestId: row.id, state: row.state });
    }
  }
  for (const request of await assignedPastPayBy(deps.db, now)) {
    try {
      if (await lapse(deps, request, now)) result.lapsed += 1;
    } catch (error) {
      // The provider did not end a checkout: the next tick tries again; the others go on.
      deps.log.warn({ err: error, requestId: request.id }, 'board: lapse postponed');
    }
  }
  return result;
}

async function lapse(deps: BoardDeps, request: BoardRequestRow, now: Date): Promise<boolean> {
  if (!(await dropPickedOffer(deps, request))) return false;
  const reopen = request.answerDeadline.getTime() > now.getTime() && request.startsAt.getTime() > now.getTime();
  const due: SQL | undefined = and(lte(boardRequests.payBy, now), reopen ? gt(boardRequests.answerDeadline, now) : undefined);
  const cleared = { assignedResponseId: null, payBy: null, offerId: null };
  const row = await deps.db.transaction(async (tx) => {
    const changed = reopen
      ? await tryBoardTransition(tx, request.id, 'lapse', now, cleared, due)
      : await tryBoardTransition(tx, request.id, 'expire', now, { ...cleared, expiredAt: now }, due);
    if (changed) await mailLapse(deps, tx, request, changed, now);
    return changed;
  });
  if (row) await deps.notifier.requestChanged({ requestId: row.id, state: row.state });
  return row !== null;
}

/** The poster, the substitute whose pick lapsed, and (when the request is open again) the others. */
async function mailLapse(deps: BoardDeps, tx: Tx, before: BoardRequestRow, after: BoardRequestRow, now: Date) {
  const context = mailContextOf(deps.lifecycle);
  const poster = (await peopleByUser(tx, [before.posterUserId])).get(before.posterUserId);
  if (poster) {
    const locale = poster.user.locale;
    const next = after.state === 'open' ? lapseNext[locale].open : lapseNext[locale].expired;
    await enqueueMail(tx, boardMail({ kind: 'lapsed_poster', to: poster.user.email, locale, request: after, extra: next }, context), now);
  }
  await mailAnswerers(
    tx,
    after,
    (r) => (r.id === before.assignedResponseId ? 'lapsed_substitute' : after.state === 'open' ? 'reopened' : null),
    context,
    now,
  );
}

/**
 * A paid checkout (the payment event, in its transaction, after the offers' handler paid the
 * offer): the request whose offer it paid becomes `paid`, by one conditional update. The board's
 * live update goes out after the commit.
 */
export async function onBoardOfferPaid(
  deps: BoardDeps,
  tx: Tx,
  event: { provider: string; sessionId: string; paid: boolean },
): Promise<AfterCommit | void> {
  if (!event.paid) return;
  const requestId = await assignedRequestPaidBySession(tx, event.provider, event.sessionId);
  if (!requestId) return;
  const now = deps.clock.now();
  const row = await tryBoardTransition(tx, requestId, 'pay', now, { paidAt: now, payBy: null });
  if (!row) return;
  return () => deps.notifier.requestChanged({ requestId: row.id, state: row.state });
}

import { addDays, warsawDate, type AdminBoardRequest, type AdminBoardStats, type IsoDate } from '@substytut/shared';
import { enqueueMail } from '../../mail/index.ts';
import { mailContextOf } from '../../offers/index.ts';
import type { BoardDeps, BoardRequestRow } from '../board.deps.ts';
import { invalidTransition, requestNotFound } from '../board.errors.ts';
import { allRequests, findRequest, peopleByUser, reportsOf, statsRows } from '../board.repo.ts';
import { tryBoardTransition } from '../board.transitions.ts';
import { posterViews } from '../board.views.ts';
import { boardMail } from '../mails/board-mails.ts';
import { dropPickedOffer } from '../poster/poster.service.ts';

/** The administrator's board: every request with all that is on it, hiding with a reason, the weekly numbers. */

async function adminViews(deps: BoardDeps, requests: readonly BoardRequestRow[]): Promise<AdminBoardRequest[]> {
  const [views, reports, posters] = await Promise.all([
    posterViews(deps.db, requests),
    reportsOf(
      deps.db,
      requests.map((r) => r.id),
    ),
    peopleByUser(
      deps.db,
      requests.map((r) => r.posterUserId),
    ),
  ]);
  return views.map((view, i) => {
    const request = requests[i] as BoardRequestRow;
    return {
      ...view,
      poster_email: posters.get(request.posterUserId)?.user.email ?? '',
      reports: reports
        .filter((r) => r.requestId === request.id)
        .map((r) => ({ reason: r.reason, response_id: r.responseId, created_at: r.createdAt.toISOString() })),
    };
  });
}

/** GET /api/admin/board: every request, newest first. */
export async function listForAdmin(deps: BoardDeps): Promise<{ items: AdminBoardRequest[] }> {
  return { items: await adminViews(deps, await allRequests(deps.db)) };
}

/**
 * POST /api/admin/board/{id}/hide {reason}: in any state before paid; an assigned request's
 * unpaid offer is removed first (a payment under way refuses the hiding), the poster is mailed
 * the reason.
 */
export async function hideRequest(deps: BoardDeps, requestId: string, reason: string): Promise<AdminBoardRequest> {
  const request = await findRequest(deps.db, requestId);
  if (!request) throw requestNotFound();
  if (request.state === 'paid' || request.state === 'hidden') throw invalidTransition();
  if (!(await dropPickedOffer(deps, request))) throw invalidTransition();
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const hidden = await tryBoardTransition(tx, request.id, 'hide', now, { hiddenAt: now, hiddenReason: reason, payBy: null });
    if (!hidden) return null;
    const poster = (await peopleByUser(tx, [hidden.posterUserId])).get(hidden.posterUserId);
    if (poster) {
      await enqueueMail(
        tx,
        boardMail(
          { kind: 'hidden', to: poster.user.email, locale: poster.user.locale, request: hidden, extra: reason },
          mailContextOf(deps.lifecycle),
        ),
        now,
      );
    }
    return hidden;
  });
  if (!row) throw invalidTransition();
  await deps.notifier.requestChanged({ requestId: row.id, state: row.state });
  const [view] = await adminViews(deps, [row]);
  if (!view) throw requestNotFound();
  return view;
}

const STATS_WEEKS = 26;
const FIFTEEN_MIN_MS = 15 * 60_000;

/** The Monday (Warsaw) of the week a day falls in. */
export function weekStartOf(day: IsoDate): IsoDate {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(value * 10) / 10;
}

/**
 * GET /api/admin/board/stats: per week of posting (Monday, Warsaw), the last 26 weeks: posted,
 * answered within 15 minutes, assigned (picked at least once), paid, and the median minutes from
 * posting to the first answer.
 */
export async function boardStats(deps: BoardDeps): Promise<AdminBoardStats> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - STATS_WEEKS * 7 * 86_400_000);
  const weeks = new Map<IsoDate, { posted: number; quick: number; assigned: number; paid: number; firsts: number[] }>();
  for (const row of await statsRows(deps.db, since)) {
    const week = weekStartOf(warsawDate(row.createdAt));
    const entry = weeks.get(week) ?? { posted: 0, quick: 0, assigned: 0, paid: 0, firsts: [] };
    entry.posted += 1;
    if (row.assignedAt || row.state === 'assigned' || row.state === 'paid') entry.assigned += 1;
    if (row.paidAt || row.state === 'paid') entry.paid += 1;
    if (row.firstAnswerSeconds !== null) {
      const ms = Number(row.firstAnswerSeconds) * 1000;
      if (ms <= FIFTEEN_MIN_MS) entry.quick += 1;
      entry.firsts.push(ms / 60_000);
    }
    weeks.set(week, entry);
  }
  return {
    weeks: [...weeks.entries()]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([week, e]) => ({
        week_start: week,
        posted: e.posted,
        answered_within_15_min: e.quick,
        assigned: e.assigned,
        paid: e.paid,
        median_first_answer_minutes: median(e.firsts),
      })),
  };
}

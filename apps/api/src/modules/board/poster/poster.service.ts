import {
  BOARD_URGENT_HOURS,
  type BoardOfferLink,
  type BoardPostData,
  type BoardRequestDetail,
  type MyBoardRequest,
} from '@substytut/shared';
import type { AuthenticatedUser } from '../../app/authenticate.ts';
import { forbidden } from '../../app/errors.ts';
import { mailContextOf, removeOfferForBoard } from '../../offers/index.ts';
import { ensureProfile } from '../../profile/index.ts';
import { requestForSubstitute } from '../board.access.ts';
import type { BoardDeps, BoardRequestRow } from '../board.deps.ts';
import {
  answerNotFound,
  invalidTransition,
  notPoster,
  requestNotFound,
} from '../board.errors.ts';
import {
  findRequest,
  findResponse,
  insertReport,
  insertRequest,
  requestsOfPoster,
} from '../board.repo.ts';
import { tryBoardTransition } from '../board.transitions.ts';
import { posterViews, substituteDetail } from '../board.views.ts';
import { mailAnswerers } from '../mails/board-mails.ts';
import { assignResponse } from './assign.ts';

/**
 * The poster's side of the board: post, see one's own requests with the answers, pick, cancel
 * before payment, report an answer.
 */

const HOUR_MS = 3_600_000;

/**
 * POST /api/board/requests: any signed-in account with a confirmed e-mail. The request is open at
 * once and urgent when the hearing is within BOARD_URGENT_HOURS; the alerts are queued in the
 * same transaction (the notifier's outbox), so a request is never posted without them.
 */
export async function postRequest(
  deps: BoardDeps,
  user: AuthenticatedUser,
  data: BoardPostData,
): Promise<{ id: string; state: BoardRequestRow['state'] }> {
  if (!user.emailVerifiedAt) throw forbidden('auth.email_not_verified');
  const now = deps.clock.now();
  const urgent = data.startsAt.getTime() - now.getTime() <= BOARD_URGENT_HOURS * HOUR_MS;
  const row = await deps.db.transaction(async (tx) => {
    // The poster's card needs a profile id: a first post makes the empty draft a first visit makes.
    if (user.role !== 'admin') await ensureProfile(tx, user.id, now);
    const inserted = await insertRequest(tx, {
      posterUserId: user.id,
      state: 'open',
      courtId: data.courtId,
      division: data.division,
      startsAt: data.startsAt,
      mode: data.mode,
      caseType: data.caseType,
      task: data.task,
      professions: data.professions,
      feeNetGrosze: data.feeNetGrosze,
      autoAssign: data.autoAssign,
      answerDeadline: data.answerDeadline,
      urgent,
      caseNumber: data.caseNumber,
      parties: data.parties,
      createdAt: now,
      updatedAt: now,
    });
    await deps.notifier.requestPosted(tx, inserted);
    return inserted;
  });
  await deps.notifier.requestChanged({ requestId: row.id, state: row.state });
  return { id: row.id, state: row.state };
}

/** GET /api/user/board/requests: the poster's requests, newest first, with everything on them. */
export async function myRequests(deps: BoardDeps, userId: string): Promise<{ items: MyBoardRequest[] }> {
  return { items: await posterViews(deps.db, await requestsOfPoster(deps.db, userId)) };
}

async function ownRequest(deps: BoardDeps, userId: string, requestId: string): Promise<BoardRequestRow> {
  const request = await findRequest(deps.db, requestId);
  if (!request) throw requestNotFound();
  if (request.posterUserId === userId) return request;
  // Someone who may see the request learns they are not its poster; anyone else, that there is none.
  await requestForSubstitute(deps.db, request, userId);
  throw notPoster();
}

/** GET /api/board/requests/{id}: the poster's own view, or the substitute's. */
export async function getRequest(deps: BoardDeps, userId: string, requestId: string): Promise<BoardRequestDetail> {
  const request = await findRequest(deps.db, requestId);
  if (request && request.posterUserId === userId) {
    const [view] = await posterViews(deps.db, [request]);
    if (!view) throw requestNotFound();
    return view;
  }
  const found = await requestForSubstitute(deps.db, request, userId);
  return substituteDetail(deps.db, found.request, found.profile.id);
}

/** POST …/assign {responseId}: the poster picks an answer; the substitute's offer is created. */
export async function pick(
  deps: BoardDeps,
  userId: string,
  requestId: string,
  responseId: string,
): Promise<BoardOfferLink> {
  const request = await ownRequest(deps, userId, requestId);
  const response = await findResponse(deps.db, request.id, responseId);
  if (!response) throw answerNotFound();
  if (request.state !== 'open') throw invalidTransition();
  const result = await assignResponse(deps, request, response, 'poster');
  if (!result) throw invalidTransition();
  return result.link;
}

/**
 * Takes an assigned request's unpaid offer away before the request leaves `assigned` (cancel,
 * hide, lapse): false while a payment holds it.
 */
export async function dropPickedOffer(deps: BoardDeps, request: BoardRequestRow): Promise<boolean> {
  if (request.state !== 'assigned' || request.offerId === null) return true;
  return removeOfferForBoard(deps.lifecycle, request.offerId);
}

/** DELETE /api/board/requests/{id}: the poster cancels before payment, at no cost. */
export async function cancelRequest(deps: BoardDeps, userId: string, requestId: string): Promise<MyBoardRequest> {
  const request = await ownRequest(deps, userId, requestId);
  if (request.state !== 'open' && request.state !== 'assigned') throw invalidTransition();
  if (!(await dropPickedOffer(deps, request))) throw invalidTransition();
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const cancelled = await tryBoardTransition(tx, request.id, 'cancel', now, { cancelledAt: now, payBy: null });
    if (!cancelled) return null;
    await mailAnswerers(tx, cancelled, () => 'cancelled', mailContextOf(deps.lifecycle), now);
    return cancelled;
  });
  if (!row) throw invalidTransition();
  await deps.notifier.requestChanged({ requestId: row.id, state: row.state });
  const [view] = await posterViews(deps.db, [row]);
  if (!view) throw requestNotFound();
  return view;
}

/** POST …/responses/{responseId}/report: the poster reports an answer to their request. */
export async function reportAnswer(
  deps: BoardDeps,
  userId: string,
  requestId: string,
  responseId: string,
  reason: string,
): Promise<void> {
  const request = await ownRequest(deps, userId, requestId);
  const response = await findResponse(deps.db, request.id, responseId);
  if (!response) throw answerNotFound();
  await insertReport(deps.db, {
    requestId: request.id,
    responseId: response.id,
    reporterUserId: userId,
    reason,
    createdAt: deps.clock.now(),
  });
}

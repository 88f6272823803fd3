import type { BoardAnswerInput, BoardRequestCard, BoardRequestDetail, BoardResponse } from '@substytut/shared';
import type { boardAnswerSchema } from '@substytut/shared';
import type { z } from 'zod';
import type { BoardDeps } from '../board.deps.ts';
import { loadLookups, professionOf, requestCard, responseDto } from '../board.dto.ts';
import { mayTake, requestForSubstitute, verifiedSubstitute } from '../board.access.ts';
import {
  alreadyAnswered,
  alreadyPicked,
  answerNotFound,
  conflictCheckRequired,
  deadlinePassed,
  partiesNotViewed,
  priceRequired,
  requestNotOpen,
} from '../board.errors.ts';
import {
  checkedBy,
  confirmConflictCheck,
  deleteOwnResponse,
  findRequest,
  insertReport,
  insertResponse,
  openRequestsFor,
  recordPartiesViewed,
  responsesBy,
  updateOwnResponse,
  type BoardResponseRow,
} from '../board.repo.ts';
import { substituteDetail } from '../board.views.ts';
import { autoAssign } from '../poster/assign.ts';

/**
 * The substitute's side of the board: the list, one request, the conflict check, the one answer
 * (change, withdraw until the pick) and reporting a request.
 */

export type BoardAnswer = z.output<typeof boardAnswerSchema>;
export type { BoardAnswerInput };

/**
 * GET /api/board/requests: open requests the signed-in substitute may take, by hearing time.
 * One indexed SELECT for the page (state, starts_at; the profession as an array condition), then
 * one query each for the posters, the substitute's own answers and conflict checks.
 */
export async function listBoard(deps: BoardDeps, userId: string): Promise<{ items: BoardRequestCard[] }> {
  const profile = await verifiedSubstitute(deps.db, userId);
  const now = deps.clock.now();
  const profession = professionOf(profile);
  if (!profession) return { items: [] };
  const page = await openRequestsFor(deps.db, {
    profession,
    excludePosterUserId: userId,
    now,
  });
  // The trainee rule depends on the court's kind and the hearing's month: decided per row here.
  const rows = page.filter((request) => mayTake(profile, request));
  const ids = rows.map((r) => r.id);
  const [mine, checked, lookups] = await Promise.all([
    responsesBy(deps.db, profile.id, ids),
    checkedBy(deps.db, profile.id, ids),
    loadLookups(deps.db, rows, [profile.id]),
  ]);
  return {
    items: rows.map((row) =>
      requestCard(row, lookups, {
        profileId: profile.id,
        conflictCheck: checked.get(row.id) ?? null,
        myResponse: mine.get(row.id) ?? null,
      }),
    ),
  };
}

/** GET /api/board/requests/{id} as a substitute (the poster's view is served by the poster side). */
export async function getAsSubstitute(deps: BoardDeps, userId: string, requestId: string): Promise<BoardRequestDetail> {
  const { request, profile } = await requestForSubstitute(deps.db, await findRequest(deps.db, requestId), userId);
  return substituteDetail(deps.db, request, profile.id);
}

/**
 * POST …/conflict-check/view, the conflict check's first step: the parties are shown and the
 * viewing recorded (the poster sees who and when). Repeated, it keeps the first time.
 */
export async function viewParties(deps: BoardDeps, userId: string, requestId: string): Promise<BoardRequestDetail> {
  const { request, profile } = await requestForSubstitute(deps.db, await findRequest(deps.db, requestId), userId);
  if (await recordPartiesViewed(deps.db, request.id, profile.id, deps.clock.now()))
    await deps.notifier.requestChanged({ requestId: request.id, state: request.state });
  return substituteDetail(deps.db, request, profile.id);
}

/**
 * POST …/conflict-check with `{ no_conflict: true }`, the second step: the substitute who viewed
 * the parties confirms there is no conflict of interest (recorded with its time; only then may
 * they answer). Before a viewing: 409 board.parties_not_viewed. Repeated, it keeps the first time.
 */
export async function confirmNoConflict(deps: BoardDeps, userId: string, requestId: string): Promise<BoardRequestDetail> {
  const { request, profile } = await requestForSubstitute(deps.db, await findRequest(deps.db, requestId), userId);
  const confirmed = await confirmConflictCheck(deps.db, request.id, profile.id, deps.clock.now());
  if (confirmed === 'not_viewed') throw partiesNotViewed();
  if (confirmed === 'confirmed') await deps.notifier.requestChanged({ requestId: request.id, state: request.state });
  return substituteDetail(deps.db, request, profile.id);
}

async function answerable(deps: BoardDeps, userId: string, requestId: string) {
  const found = await requestForSubstitute(deps.db, await findRequest(deps.db, requestId), userId);
  const now = deps.clock.now();
  if (found.request.state !== 'open') throw requestNotOpen();
  if (found.request.answerDeadline.getTime() <= now.getTime()) throw deadlinePassed();
  return { ...found, now };
}

async function responseOut(deps: BoardDeps, row: BoardResponseRow, requestId: string): Promise<BoardResponse> {
  const request = await findRequest(deps.db, requestId);
  if (!request) throw answerNotFound();
  const dto = responseDto(row, request, await loadLookups(deps.db, [request], [row.substituteProfileId]));
  if (!dto) throw answerNotFound();
  return dto;
}

/**
 * POST …/responses: once per request (the unique index decides), only after the substitute's own
 * confirmed conflict check (viewing the parties is not enough),
 * while open and before the deadline; a price is required when the request asks for quotes.
 * Accepting the fixed fee of an auto-assign request takes it at once when it is still open.
 */
export async function answer(
  deps: BoardDeps,
  userId: string,
  requestId: string,
  input: BoardAnswer,
): Promise<BoardResponse> {
  const { request, profile, now } = await answerable(deps, userId, requestId);
  if (request.feeNetGrosze === null && input.priceNetGrosze === null) throw priceRequired();
  const checked = await checkedBy(deps.db, profile.id, [request.id]);
  if (!checked.get(request.id)?.confirmedAt) throw conflictCheckRequired();
  const row = await insertResponse(deps.db, {
    requestId: request.id,
    substituteProfileId: profile.id,
    priceNetGrosze: input.priceNetGrosze,
    message: input.message,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw alreadyAnswered();
  if (request.autoAssign && row.priceNetGrosze === null) await autoAssign(deps, request, row);
  else await deps.notifier.requestChanged({ requestId: request.id, state: request.state });
  return responseOut(deps, row, request.id);
}

/** PUT …/responses/mine: until the poster picks (the update's own condition). */
export async function changeAnswer(
  deps: BoardDeps,
  userId: string,
  requestId: string,
  input: BoardAnswer,
): Promise<BoardResponse> {
  const { request, profile, now } = await mineToChange(deps, userId, requestId);
  if (request.feeNetGrosze === null && input.priceNetGrosze === null) throw priceRequired();
  const row = await updateOwnResponse(deps.db, request.id, profile.id, {
    priceNetGrosze: input.priceNetGrosze,
    message: input.message,
    updatedAt: now,
  });
  if (!row) throw alreadyPicked();
  await deps.notifier.requestChanged({ requestId: request.id, state: request.state });
  return responseOut(deps, row, request.id);
}

/** DELETE …/responses/mine: until the poster picks. */
export async function withdrawAnswer(deps: BoardDeps, userId: string, requestId: string): Promise<void> {
  const { request, profile } = await mineToChange(deps, userId, requestId);
  if (!(await deleteOwnResponse(deps.db, request.id, profile.id))) throw alreadyPicked();
  await deps.notifier.requestChanged({ requestId: request.id, state: request.state });
}

async function mineToChange(deps: BoardDeps, userId: string, requestId: string) {
  const found = await requestForSubstitute(deps.db, await findRequest(deps.db, requestId), userId);
  const mine = await responsesBy(deps.db, found.profile.id, [found.request.id]);
  if (!mine.has(found.request.id)) throw answerNotFound();
  if (found.request.state !== 'open') throw alreadyPicked();
  return { ...found, now: deps.clock.now() };
}

/** POST …/report: a substitute who can see the request reports it to the administrator. */
export async function reportRequest(deps: BoardDeps, userId: string, requestId: string, reason: string): Promise<void> {
  const { request } = await requestForSubstitute(deps.db, await findRequest(deps.db, requestId), userId);
  await insertReport(deps.db, { requestId: request.id, reporterUserId: userId, reason, createdAt: deps.clock.now() });
}

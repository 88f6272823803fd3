import type { BoardRequestDetail, MyBoardRequest } from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { BoardRequestRow } from './board.deps.ts';
import { conflictCheckState, lawyerCard, loadLookups, requestDetail, responseDto, type BoardLookups } from './board.dto.ts';
import { checkedBy, conflictChecksOf, responsesBy, responsesOf } from './board.repo.ts';
import { referencesOnRequests } from './people/index.ts';

/** Requests as each side sees them, read in batches (one query per kind of row, never per request). */

/** One request as a substitute sees it (parties after the conflict check, everything once picked). */
export async function substituteDetail(
  db: DbOrTx,
  request: BoardRequestRow,
  profileId: number,
): Promise<BoardRequestDetail> {
  const [mine, checked, lookups] = await Promise.all([
    responsesBy(db, profileId, [request.id]),
    checkedBy(db, profileId, [request.id]),
    loadLookups(db, [request], [profileId]),
  ]);
  return requestDetail(
    request,
    lookups,
    { profileId, conflictCheck: checked.get(request.id) ?? null, myResponse: mine.get(request.id) ?? null },
    'substitute',
  );
}

/** Requests as their poster sees them: answers in arrival order, views, the pick and its pay-by time. */
export async function posterViews(db: DbOrTx, requests: readonly BoardRequestRow[]): Promise<MyBoardRequest[]> {
  const ids = requests.map((r) => r.id);
  const [responses, checks, references] = await Promise.all([
    responsesOf(db, ids),
    conflictChecksOf(db, ids),
    referencesOnRequests(db, ids),
  ]);
  const lookups = await loadLookups(db, requests, [
    ...responses.map((r) => r.substituteProfileId),
    ...checks.map((c) => c.substituteProfileId),
  ]);
  return requests.map((request) => posterView(request, lookups, responses, checks, references.get(request.id) ?? null));
}

function posterView(
  request: BoardRequestRow,
  lookups: BoardLookups,
  responses: Awaited<ReturnType<typeof responsesOf>>,
  checks: Awaited<ReturnType<typeof conflictChecksOf>>,
  reference: string | null,
): MyBoardRequest {
  const own = responses.filter((r) => r.requestId === request.id);
  return {
    ...requestDetail(request, lookups, { profileId: null, conflictCheck: null, myResponse: null }, 'poster'),
    responses: own.flatMap((r) => responseDto(r, request, lookups) ?? []),
    views: checks
      .filter((c) => c.requestId === request.id)
      .flatMap((c) => {
        const person = lookups.substitutes.get(c.substituteProfileId);
        return person ? [{ substitute: lawyerCard(person), ...conflictCheckState(c) }] : [];
      }),
    assigned_response_id: request.assignedResponseId,
    pay_by: request.state === 'assigned' && request.payBy ? request.payBy.toISOString() : null,
    hidden_reason: request.hiddenReason,
    reference,
  };
}

/** One request as its poster sees it (what POST …/reference answers). */
export async function posterViewOf(db: DbOrTx, request: BoardRequestRow): Promise<MyBoardRequest> {
  const [view] = await posterViews(db, [request]);
  return view!;
}

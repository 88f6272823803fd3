import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '@substytut/shared/contract/routes';
import type { BoardAnswerInput } from '@substytut/shared/validation/board';
import { api } from '@/lib/api-client';

/**
 * The substitute's side of the board (issue 32): the list, one request, the conflict check and
 * the answer. Typed by the contract's table, so a change of a shape there fails the type check.
 */

export type BoardList = ApiAnswer<'GET /api/board/requests'>;
export type BoardDetail = ApiAnswer<'GET /api/board/requests/:id'>;
export type BoardAnswer = ApiAnswer<'POST /api/board/requests/:id/responses'>;

export const boardQueryKey = ['board', 'requests'] as const;
export const boardRequestQueryKey = (id: string) => ['board', 'requests', id] as const;

const enc = encodeURIComponent;

export function boardQueryOptions() {
  return queryOptions({
    queryKey: boardQueryKey,
    queryFn: () => api.get<BoardList>('/board/requests'),
  });
}

export function useBoard() {
  return useQuery(boardQueryOptions());
}

export function boardRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: boardRequestQueryKey(id),
    queryFn: () => api.get<BoardDetail>(`/board/requests/${enc(id)}`),
  });
}

export function useBoardRequest(id: string | null) {
  return useQuery({ ...boardRequestQueryOptions(id ?? ''), enabled: id !== null });
}

/** After any change to one request: its detail and the list are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (id: string, detail?: BoardDetail) => {
    if (detail) queryClient.setQueryData(boardRequestQueryKey(id), detail);
    else void queryClient.invalidateQueries({ queryKey: boardRequestQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: boardQueryKey, exact: true });
  };
}

/** The conflict check's first step, POST …/conflict-check/view: the parties shown, the viewing recorded. */
export function useViewParties() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<ApiAnswer<'POST /api/board/requests/:id/conflict-check/view'>>(`/board/requests/${enc(id)}/conflict-check/view`),
    onSuccess: (detail, id) => refresh(id, detail),
  });
}

/** Its second step, POST …/conflict-check: no conflict of interest confirmed (recorded with its time). */
export function useConfirmNoConflict() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<ApiAnswer<'POST /api/board/requests/:id/conflict-check'>>(`/board/requests/${enc(id)}/conflict-check`, {
        no_conflict: true,
      }),
    onSuccess: (detail, id) => refresh(id, detail),
  });
}

export interface AnswerVars {
  id: string;
  answer: BoardAnswerInput;
  /** PUT …/responses/mine instead of POST (changing an answer given). */
  change: boolean;
}

export function useAnswer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, answer, change }: AnswerVars) =>
      change
        ? api.put<BoardAnswer>(`/board/requests/${enc(id)}/responses/mine`, answer)
        : api.post<BoardAnswer>(`/board/requests/${enc(id)}/responses`, answer),
    onSuccess: (_answer, { id }) => refresh(id),
  });
}

export function useWithdrawAnswer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.del<null>(`/board/requests/${enc(id)}/responses/mine`),
    onSuccess: (_none, id) => refresh(id),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '@substytut/shared/contract/routes';
import type { BoardPostInput } from '@substytut/shared/validation/board';
import { api } from '@/lib/api-client';

/** The poster's side of the board (issue 32): posting, my requests, pick, cancel, reference. */

export type MyRequests = ApiAnswer<'GET /api/user/board/requests'>;
export type MyRequest = MyRequests['items'][number];
export type BoardPosted = ApiAnswer<'POST /api/board/requests'>;
export type BoardAssigned = ApiAnswer<'POST /api/board/requests/:id/assign'>;

export const myRequestsQueryKey = ['user', 'board', 'requests'] as const;

const enc = encodeURIComponent;

export function myRequestsQueryOptions() {
  return queryOptions({
    queryKey: myRequestsQueryKey,
    queryFn: () => api.get<MyRequests>('/user/board/requests'),
  });
}

export function useMyRequests() {
  return useQuery(myRequestsQueryOptions());
}

function useInvalidateMine() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: myRequestsQueryKey });
}

/** POST /board/requests with the body as the API reads it (`fee_net` a decimal PLN string). */
export function usePostRequest() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: (body: BoardPostInput) => api.post<BoardPosted>('/board/requests', body),
    onSuccess: () => invalidate(),
  });
}

/** POST …/assign: answers the created offer and its payment step. */
export function useAssign() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: ({ requestId, responseId }: { requestId: string; responseId: string }) =>
      api.post<BoardAssigned>(`/board/requests/${enc(requestId)}/assign`, { responseId }),
    onSuccess: () => invalidate(),
  });
}

export function useCancelRequest() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: (requestId: string) =>
      api.del<ApiAnswer<'DELETE /api/board/requests/:id'>>(`/board/requests/${enc(requestId)}`),
    onSuccess: () => invalidate(),
  });
}

export function useWriteReference() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: ({ requestId, text }: { requestId: string; text: string }) =>
      api.post<ApiAnswer<'POST /api/user/board/requests/:id/reference'>>(
        `/user/board/requests/${enc(requestId)}/reference`,
        { text },
      ),
    onSuccess: () => invalidate(),
  });
}

export function useFavourite() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: ({ profileId, favourite }: { profileId: number; favourite: boolean }) =>
      favourite
        ? api.put<ApiAnswer<'PUT /api/user/board/favourites/:profileId'>>(`/user/board/favourites/${profileId}`)
        : api.del<ApiAnswer<'DELETE /api/user/board/favourites/:profileId'>>(`/user/board/favourites/${profileId}`),
    onSuccess: () => invalidate(),
  });
}

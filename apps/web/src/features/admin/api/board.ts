import type { ApiAnswer } from '@substytut/shared/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AdminBoardRequest = ApiAnswer<'POST /api/admin/board/:id/hide'>;
type AdminBoardList = ApiAnswer<'GET /api/admin/board'>;
export type AdminBoardStats = ApiAnswer<'GET /api/admin/board/stats'>;

export const boardQueryKey = ['admin', 'board'] as const;
export const boardStatsQueryKey = ['admin', 'board-stats'] as const;

/** GET /admin/board: every request on the board, with its poster, answers, views and reports. */
export function getAdminBoard(): Promise<AdminBoardRequest[]> {
  return api.get<AdminBoardList>('/admin/board').then((body) => body.items);
}

export function useAdminBoard() {
  return useQuery(queryOptions({ queryKey: boardQueryKey, queryFn: getAdminBoard }));
}

/** GET /admin/board/stats: the weekly numbers that tell whether the board works. */
export function getAdminBoardStats(): Promise<AdminBoardStats> {
  return api.get<AdminBoardStats>('/admin/board/stats');
}

export function useAdminBoardStats() {
  return useQuery(queryOptions({ queryKey: boardStatsQueryKey, queryFn: getAdminBoardStats }));
}

/** POST /admin/board/{id}/hide with the reason the poster is told. */
export function hideBoardRequest(id: string, reason: string): Promise<AdminBoardRequest> {
  return api.post<AdminBoardRequest>(`/admin/board/${encodeURIComponent(id)}/hide`, { reason });
}

export function useHideBoardRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => hideBoardRequest(id, reason),
    onSuccess: (hidden) =>
      queryClient.setQueryData<AdminBoardRequest[]>(boardQueryKey, (items) =>
        items?.map((item) => (item.id === hidden.id ? hidden : item)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });
}

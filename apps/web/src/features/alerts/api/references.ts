import type { ApiAnswer } from '@substytut/shared/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type BoardReferenceItem = ApiAnswer<'PUT /api/user/board/references/:id'>;
type BoardReferenceList = ApiAnswer<'GET /api/user/board/references'>;

export const referencesQueryKey = ['user', 'board', 'references'] as const;

/** GET /user/board/references: references received through the board, published or not. */
export function getReferences(): Promise<BoardReferenceItem[]> {
  return api.get<BoardReferenceList>('/user/board/references').then((body) => body.items);
}

export function referencesQueryOptions() {
  return queryOptions({ queryKey: referencesQueryKey, queryFn: getReferences });
}

export function useReferences() {
  return useQuery(referencesQueryOptions());
}

/** PUT /user/board/references/{id}: publish it on the public page, or take it off. */
export function publishReference(id: string, published: boolean): Promise<BoardReferenceItem> {
  return api.put<BoardReferenceItem>(`/user/board/references/${encodeURIComponent(id)}`, { published });
}

export function usePublishReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) => publishReference(id, published),
    onSuccess: (item) =>
      queryClient.setQueryData<BoardReferenceItem[]>(referencesQueryKey, (items) =>
        items?.map((current) => (current.id === item.id ? item : current)),
      ),
  });
}

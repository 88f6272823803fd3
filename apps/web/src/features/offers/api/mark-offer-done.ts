import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offersQueryKey } from './get-offers';

/** PUT /user/offer/{id}/done: a paid job is marked complete; the client is asked to confirm. */
export function markOfferDone(offerId: number): Promise<void> {
  return api.put<void>(`/user/offer/${offerId}/done`);
}

export function useMarkOfferDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOfferDone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offersQueryKey } from './get-offers';

/** DELETE /user/offer/{id}; the list is reloaded afterwards (spec 7). */
export function deleteOffer(offerId: number): Promise<null> {
  return api.del<null>(`/user/offer/${offerId}`);
}

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}

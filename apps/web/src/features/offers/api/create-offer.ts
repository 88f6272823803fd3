import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  toOfferCreatePayload,
  type HearingInput,
  type OfferCreateData,
  type OfferDto,
} from '@substytut/shared';
import { api } from '@/lib/api-client';
import { offersQueryKey } from './get-offers';

/**
 * POST /user/offer with the spec's body (description sent empty) and the hearing's details, when
 * any (issue 23); answers the created offer.
 */
export async function createOffer({
  data,
  hearing,
}: {
  data: OfferCreateData;
  hearing: HearingInput | null;
}): Promise<OfferDto> {
  const answer = await api.post<OfferDto | { offer: OfferDto; absoluteUrl: string }>('/user/offer', {
    ...toOfferCreatePayload({ ...data, description: '' }),
    ...(hearing ? { hearing } : {}),
  });
  // Tolerates both envelopes: the offer itself, or { absoluteUrl, offer }.
  return 'offer' in answer ? { ...answer.offer, absoluteUrl: answer.absoluteUrl } : answer;
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferDto } from '@substytut/shared';
import { api } from '@/lib/api-client';

export const offersQueryKey = ['user', 'offers'] as const;

/** GET /user/offer: the signed-in lawyer's offers. */
export function getOffers(): Promise<OfferDto[]> {
  return api.get<OfferDto[]>('/user/offer');
}

export function offersQueryOptions() {
  return queryOptions({ queryKey: offersQueryKey, queryFn: getOffers });
}

export function useOffers() {
  return useQuery(offersQueryOptions());
}

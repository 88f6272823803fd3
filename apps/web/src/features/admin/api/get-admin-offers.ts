import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOfferList, AdminOfferSortColumn } from '@substytut/shared/admin-api';
import { api } from '@/lib/api-client';
import { apiQuery, type ListState } from '../lib/list-params';

/** GET /admin/offer: one page of all offers (the inner `data` of the double envelope). */
export function getAdminOffers(state: ListState<AdminOfferSortColumn>): Promise<AdminOfferList> {
  return api.get<AdminOfferList>(`/admin/offer?${apiQuery(state)}`);
}

export function adminOffersQueryOptions(state: ListState<AdminOfferSortColumn>) {
  return queryOptions({
    queryKey: ['admin', 'offers', apiQuery(state)],
    queryFn: () => getAdminOffers(state),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOffers(state: ListState<AdminOfferSortColumn>) {
  return useQuery(adminOffersQueryOptions(state));
}

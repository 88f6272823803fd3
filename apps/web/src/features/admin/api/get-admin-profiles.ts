import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProfileList, AdminProfileSortColumn } from '@substytut/shared/admin-api';
import { api } from '@/lib/api-client';
import { apiQuery, type ListState } from '../lib/list-params';

/** GET /admin/profile: one page of all profiles (the inner `data` of the double envelope). */
export function getAdminProfiles(state: ListState<AdminProfileSortColumn>): Promise<AdminProfileList> {
  return api.get<AdminProfileList>(`/admin/profile?${apiQuery(state)}`);
}

export function adminProfilesQueryOptions(state: ListState<AdminProfileSortColumn>) {
  return queryOptions({
    queryKey: ['admin', 'profiles', apiQuery(state)],
    queryFn: () => getAdminProfiles(state),
    // The previous page stays on screen while the next one loads: no jump in the layout.
    placeholderData: keepPreviousData,
  });
}

export function useAdminProfiles(state: ListState<AdminProfileSortColumn>) {
  return useQuery(adminProfilesQueryOptions(state));
}

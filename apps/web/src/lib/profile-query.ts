import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '@substytut/shared';
import { api } from '@/lib/api-client';

/**
 * GET /user/profile, shared by the dashboard (which owns the profile) and the offers feature
 * (whose form is usable only for an active profile): one query key, one cache entry.
 */
export const profileQueryKey = ['user', 'profile'] as const;

export function getProfile(): Promise<ProfileDto> {
  return api.get<ProfileDto>('/user/profile');
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@substytut/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** GET /me. Keyed by token, so a different login never sees the previous user's answer. */
export function meQuery(token: string | null) {
  return queryOptions({
    queryKey: ['auth', 'me', token],
    queryFn: () => api.get<UserDto>('/me'),
    enabled: Boolean(token),
    retry: false,
  });
}

export function useMe() {
  const { token } = useSession();
  return useQuery(meQuery(token));
}

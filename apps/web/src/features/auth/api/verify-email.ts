import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthResponse } from '@substytut/shared';
import { api, ApiError } from '@/lib/api-client';
import { setSession } from '@/lib/session';

async function verifyEmail(id: string, hash: string): Promise<AuthResponse> {
  const path = `/email/verify/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`;
  const data = await api.post<Partial<AuthResponse> | null>(path);
  if (!data?.token) throw new ApiError(200, 'auth.no_token', data?.message ?? '');
  // The spec stores the returned token, so the visitor arrives in the dashboard logged in.
  setSession(data.token, data.user);
  return data as AuthResponse;
}

/**
 * POST /email/verify/{id}/{hash}, run once when the page opens. A query rather than a mutation:
 * the link is single-use, and a query is deduplicated across StrictMode's double effects and
 * re-renders, so the second call can never turn a success into 'Link wygasł'.
 */
export function verifyEmailQuery(id: string, hash: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', id, hash],
    queryFn: () => verifyEmail(id, hash),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

export function useVerifyEmail(id: string, hash: string) {
  return useQuery(verifyEmailQuery(id, hash));
}

import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where the client's confirmation stands: waiting for it, or given and when (an ISO time). */
export type AcceptanceState =
  { status: 'done'; acceptedAt: null } | { status: 'accepted'; acceptedAt: string };

/**
 * POST /public/offer/accept: the client confirms the finished job with the secret token from the
 * "job done" mail. Repeating it answers the same result (the server pays out only once).
 */
export function acceptOffer(token: string): Promise<AcceptanceState> {
  return api.post<AcceptanceState>('/public/offer/accept', { token });
}

export function useAcceptOffer() {
  return useMutation({ mutationFn: acceptOffer });
}

/**
 * POST /public/offer/status: reads the state only (a POST keeps the token out of URLs), so the
 * page opened again shows that the job was already confirmed instead of the button.
 */
export function acceptanceQuery(token: string) {
  return queryOptions({
    queryKey: ['offer-acceptance', token],
    queryFn: () => api.post<AcceptanceState>('/public/offer/status', { token }),
    retry: false,
    staleTime: Infinity,
  });
}

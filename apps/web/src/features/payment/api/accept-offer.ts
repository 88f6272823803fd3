import type { AcceptancePageDto, OfferAccepted } from '@substytut/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /public/offer/accept: the client confirms the finished job with the secret token from the
 * "job done" mail. Repeating it answers the same result (the server pays out only once).
 */
export function acceptOffer(token: string): Promise<OfferAccepted> {
  return api.post<OfferAccepted>('/public/offer/accept', { token });
}

export function useAcceptOffer() {
  return useMutation({ mutationFn: acceptOffer });
}

/**
 * POST /public/offer/page: reads the state only (a POST keeps the token out of URLs), so the
 * page opened again shows that the job was already confirmed, or disputed, instead of the
 * buttons; with the lawyer's hearing report and the dispute's outcome (issue 23).
 */
export function acceptanceQuery(token: string) {
  return queryOptions({
    queryKey: ['offer-acceptance', token],
    queryFn: () => api.post<AcceptancePageDto>('/public/offer/page', { token }),
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /public/offer/dispute: the client objects instead of confirming; the payout is held. */
export function useDisputeOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<AcceptancePageDto>('/public/offer/dispute', { token, reason }),
    onSuccess: (page) => queryClient.setQueryData(acceptanceQuery(token).queryKey, page),
    // Confirmed from another tab meanwhile: the page shows that rather than a failed objection.
    onError: () => queryClient.invalidateQueries({ queryKey: acceptanceQuery(token).queryKey }),
  });
}

/** Where the payer downloads the hearing's minutes (the token is already in the page's address). */
export const minutesUrl = (token: string) => `/api/public/offer/minutes?t=${encodeURIComponent(token)}`;

/** Where the payer downloads the file the lawyer attached to their answer to a dispute (issue 34). */
export const answerFileUrl = (token: string) =>
  `/api/public/offer/dispute/answer-file?t=${encodeURIComponent(token)}`;

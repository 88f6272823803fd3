import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /public/offer/accept: the client confirms the finished job with the secret token from the
 * "job done" mail. Repeating it answers the same result (the server pays out only once).
 */
export function acceptOffer(token: string): Promise<{ status: 'accepted' }> {
  return api.post<{ status: 'accepted' }>('/public/offer/accept', { token });
}

export function useAcceptOffer() {
  return useMutation({ mutationFn: acceptOffer });
}

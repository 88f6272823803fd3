import type { OfferDto } from '@substytut/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/save-file';
import { offersQueryKey } from './get-offers';

/**
 * POST /user/offer/{id}/dispute/answer (issue 34): the lawyer's one answer to the client's
 * objection, with an optional PDF under the minutes' rules. The client and the administrators
 * are mailed it.
 */
export function answerDispute({ offerId, text, file }: { offerId: number; text: string; file: File | null }) {
  const form = new FormData();
  form.set('text', text);
  if (file) form.set('file', file);
  return api.post<OfferDto>(`/user/offer/${offerId}/dispute/answer`, form);
}

export function useAnswerDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerDispute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}

/** The file the lawyer attached to their answer, downloaded with the lawyer's session. */
export function downloadAnswerFile(offerId: number): Promise<void> {
  return downloadApiFile(`/user/offer/${offerId}/dispute/answer/file`, `odpowiedz-${offerId}.pdf`);
}

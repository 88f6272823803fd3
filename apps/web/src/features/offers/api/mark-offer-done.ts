import type { HearingOutcome, OfferDto } from '@substytut/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offersQueryKey } from './get-offers';

export interface HearingReportInput {
  outcome: HearingOutcome;
  /** 'YYYY-MM-DDTHH:mm' Warsaw wall time, adjourned only */
  nextHearingAt: string;
  notes: string;
  minutes: File | null;
}

/**
 * PUT /user/offer/{id}/done with the hearing report (issue 23): a paid job is marked complete and
 * the client is asked to confirm, or, when the court cancelled the hearing, the client is refunded.
 */
export function markOfferDone({
  offerId,
  report,
}: {
  offerId: number;
  report: HearingReportInput;
}): Promise<OfferDto> {
  const form = new FormData();
  form.set('outcome', report.outcome);
  if (report.outcome === 'adjourned') form.set('next_hearing_at', report.nextHearingAt);
  form.set('notes', report.notes);
  if (report.minutes) form.set('minutes', report.minutes);
  return api.put<OfferDto>(`/user/offer/${offerId}/done`, form);
}

export function useMarkOfferDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOfferDone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}

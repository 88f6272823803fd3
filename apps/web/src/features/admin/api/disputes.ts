import type { AdminDisputeList, DisputeResolution } from '@substytut/shared';
import type { ApiAnswer } from '@substytut/shared/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/save-file';

const disputesKey = ['admin', 'disputes'] as const;

/** GET /admin/disputes: open disputes first, then the latest resolved. */
export function useAdminDisputes() {
  return useQuery(
    queryOptions({
      queryKey: disputesKey,
      queryFn: () => api.get<AdminDisputeList>('/admin/disputes'),
    }),
  );
}

export interface ResolveInput {
  offerId: number;
  decision: DisputeResolution;
  amountGrosze: number | null;
  reason: string;
}

/** POST /admin/disputes/{offerId}: release, or a refund in whole grosze, with a written reason. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, decision, amountGrosze, reason }: ResolveInput) =>
      api.post<ApiAnswer<'POST /api/admin/disputes/:id'>>(`/admin/disputes/${offerId}`, {
        decision,
        reason,
        ...(decision === 'refund' ? { amount_grosze: amountGrosze } : {}),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The hearing's minutes or the lawyer's answer file of a dispute (issue 34), with the admin's token. */
export function downloadDisputeFile(offerId: number, which: 'minutes' | 'answer-file'): Promise<void> {
  return downloadApiFile(
    `/admin/disputes/${offerId}/${which}`,
    which === 'minutes' ? `protokol-${offerId}.pdf` : `odpowiedz-pelnomocnika-${offerId}.pdf`,
  );
}

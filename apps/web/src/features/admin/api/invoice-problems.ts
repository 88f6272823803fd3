import type { InvoiceDto, InvoiceProblemsDto, InvoiceRetried } from '@substytut/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const problemsKey = ['admin', 'invoice-problems'] as const;

/** GET /admin/invoice-problems: invoices that could not be made, and those KSeF refused or holds back. */
export function useInvoiceProblems() {
  return useQuery(
    queryOptions({
      queryKey: problemsKey,
      queryFn: () => api.get<InvoiceProblemsDto>('/admin/invoice-problems'),
    }),
  );
}

/** POST /admin/invoice-failures/{id}/retry or /admin/invoices/{id}/retry (KSeF). */
export function useAdminRetryInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { failure: number } | { invoice: number }): Promise<InvoiceRetried | InvoiceDto> =>
      'failure' in target
        ? api.post<InvoiceRetried>(`/admin/invoice-failures/${target.failure}/retry`)
        : api.post<InvoiceDto>(`/admin/invoices/${target.invoice}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: problemsKey }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDto, InvoiceFailureDto, InvoiceRetried } from '@substytut/shared';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/save-file';

export const invoicesQueryKey = ['user', 'invoices'] as const;

/** GET /user/invoices: the invoices of the lawyer's offers, theirs and the platform's fee invoices. */
export function getInvoices(): Promise<InvoiceDto[]> {
  return api.get<InvoiceDto[]>('/user/invoices');
}

export function useInvoices() {
  // KSeF answers within seconds to minutes: the status is read again while the tab is open.
  return useQuery(
    queryOptions({ queryKey: invoicesQueryKey, queryFn: getInvoices, refetchInterval: 60_000 }),
  );
}

/** GET /user/invoices/{id}/xml|pdf as a download (the owner only). */
export function downloadInvoice(
  invoice: Pick<InvoiceDto, 'id' | 'number'>,
  format: 'xml' | 'pdf',
): Promise<void> {
  return downloadApiFile(`/user/invoices/${invoice.id}/${format}`, `faktura-${invoice.id}.${format}`);
}

export const invoiceFailuresQueryKey = ['user', 'invoice-failures'] as const;

/** GET /user/invoice-failures: invoices the lawyer's offers called for that could not be made (issue 30). */
export function useInvoiceFailures() {
  return useQuery(
    queryOptions({
      queryKey: invoiceFailuresQueryKey,
      queryFn: () => api.get<InvoiceFailureDto[]>('/user/invoice-failures'),
      refetchInterval: 60_000,
    }),
  );
}

/**
 * POST /user/invoice-failures/{id}/retry (make the invoice again, once the data is fixed) or
 * /user/invoices/{id}/retry (send it to KSeF again); either way both lists are read again.
 */
export function useRetryInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { failure: number } | { invoice: number }): Promise<InvoiceRetried | InvoiceDto> =>
      'failure' in target
        ? api.post<InvoiceRetried>(`/user/invoice-failures/${target.failure}/retry`)
        : api.post<InvoiceDto>(`/user/invoices/${target.invoice}/retry`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoiceFailuresQueryKey }),
      ]),
  });
}

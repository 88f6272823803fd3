import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDto } from '@substytut/shared';
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

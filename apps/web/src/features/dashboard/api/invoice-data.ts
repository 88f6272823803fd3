import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDataDto, ProviderInvoicePayload } from '@substytut/shared';
import { api } from '@/lib/api-client';

export const invoiceDataQueryKey = ['user', 'profile', 'invoice'] as const;

export function getInvoiceData(): Promise<InvoiceDataDto> {
  return api.get<InvoiceDataDto>('/user/profile/invoice');
}

export function invoiceDataQueryOptions() {
  return queryOptions({ queryKey: invoiceDataQueryKey, queryFn: getInvoiceData, retry: false });
}

export function useInvoiceData() {
  return useQuery(invoiceDataQueryOptions());
}

/** PUT /user/profile/invoice with the invoice_* fields. */
export function updateInvoiceData(payload: ProviderInvoicePayload): Promise<InvoiceDataDto> {
  return api.put<InvoiceDataDto>('/user/profile/invoice', payload);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSettingsDto, InvoiceSettingsInput } from '@substytut/shared';
import { api } from '@/lib/api-client';

export const invoiceSettingsQueryKey = ['user', 'invoice-settings'] as const;

/** GET /user/invoice-settings: how the lawyer's invoices are issued (never the KSeF token itself). */
export function getInvoiceSettings(): Promise<InvoiceSettingsDto> {
  return api.get<InvoiceSettingsDto>('/user/invoice-settings');
}

export function useInvoiceSettings() {
  return useQuery(
    queryOptions({ queryKey: invoiceSettingsQueryKey, queryFn: getInvoiceSettings, retry: false }),
  );
}

/** PUT /user/invoice-settings; a token is only ever sent, and an absent one keeps the stored token. */
export function saveInvoiceSettings(payload: InvoiceSettingsInput): Promise<InvoiceSettingsDto> {
  return api.put<InvoiceSettingsDto>('/user/invoice-settings', payload);
}

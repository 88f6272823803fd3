import { api } from '@/lib/api-client';
import type { Locale } from '@substytut/shared/locale';

export interface PayerData {
  email: string;
  payments: Record<string, unknown>[];
  mails: { subject: string; text: string; createdAt: string; sentAt: string | null }[];
  contactMessages: Record<string, unknown>[];
}

export type ConfirmResult = { kind: 'export'; data: PayerData } | { kind: 'delete'; message: string };

/** POST /data-requests: the answer is the same whether or not we hold data for the address. */
export function sendDataRequest(input: { email: string; kind: 'export' | 'delete'; locale: Locale }) {
  return api.post<{ success: true; message: string }>('/data-requests', input);
}

/** POST /data-requests/confirm with the mailed token; works once. */
export function confirmDataRequest(token: string, locale: Locale) {
  return api.post<ConfirmResult>('/data-requests/confirm', { token, locale });
}

import type { DataRequest, DataRequestResult, SuccessMessage } from '@substytut/shared';
import { api } from '@/lib/api-client';
import type { Locale } from '@substytut/shared/locale';

/** POST /data-requests: the answer is the same whether or not we hold data for the address. */
export function sendDataRequest(input: DataRequest & { locale: Locale }) {
  return api.post<SuccessMessage>('/data-requests', input);
}

/** POST /data-requests/confirm with the mailed token; works once. */
export function confirmDataRequest(token: string, locale: Locale) {
  return api.post<DataRequestResult>('/data-requests/confirm', { token, locale });
}

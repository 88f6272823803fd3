import type { PayerDocumentStatus } from '@substytut/shared';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';

const documentPath = (seolink: string, offerUrl: string) =>
  `/public/profile/${encodeURIComponent(seolink)}/payment/${encodeURIComponent(offerUrl)}/document`;

/** The download address: the browser sends the payer cookie of this offer's payment path with it. */
export const payerDocumentHref = (seolink: string, offerUrl: string) =>
  `${API_BASE}${documentPath(seolink, offerUrl)}`;

/** About a minute of asking every two seconds: the provider's event may come after the browser. */
const POLL_MS = 2000;
const MAX_POLLS = 30;

/**
 * GET …/payment/{offerUrl}/document/status (decision 021). 404 for anyone whose browser did not
 * start this payment: the page then shows no document at all.
 */
export function payerDocumentQuery(seolink: string, offerUrl: string) {
  return queryOptions({
    queryKey: ['payer-document', seolink, offerUrl],
    queryFn: () => api.get<PayerDocumentStatus>(`${documentPath(seolink, offerUrl)}/status`),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.ready === false && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false,
  });
}

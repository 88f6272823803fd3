import type {
  DataExportStatus,
  DeleteAccountRequest,
  DeletionCheck,
  MessageResponse,
} from '@substytut/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/save-file';

export type { DataExportStatus, DeletionCheck };

export const dataExportQueryKey = ['user', 'data-export'] as const;
export const deletionCheckQueryKey = ['user', 'deletion'] as const;

/** GET /me/data-export, polled every second while the export is being made. */
export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: dataExportQueryKey,
    queryFn: () => api.get<DataExportStatus | null>('/me/data-export'),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
  });
}

export function useDataExport() {
  return useQuery(dataExportQueryOptions());
}

export function requestDataExport(): Promise<DataExportStatus> {
  return api.post<DataExportStatus>('/me/data-export');
}

export function useDeletionCheck() {
  return useQuery({
    queryKey: deletionCheckQueryKey,
    queryFn: () => api.get<DeletionCheck>('/me/deletion'),
    retry: false,
  });
}

/**
 * GET /me/data-export/file carries the bearer token, so the browser cannot follow it as a plain
 * link: the ZIP is fetched and handed to the browser as a download. Works once (the API says 410
 * afterwards).
 */
export function downloadDataExport(): Promise<void> {
  return downloadApiFile('/me/data-export/file', 'substytut-data.zip');
}

/** GET /me/invoice-archive: every invoice of the lawyer's offers, PDF and XML (issue 34). */
export function downloadInvoiceArchive(): Promise<void> {
  return downloadApiFile('/me/invoice-archive', 'substytut-faktury.zip');
}

/** POST /me/delete with the password or a fresh Google ID token. */
export function deleteAccount(
  proof: DeleteAccountRequest & ({ password: string } | { google_token: string }),
): Promise<MessageResponse> {
  return api.post<MessageResponse>('/me/delete', proof);
}

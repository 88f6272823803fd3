import type { LicenceAnswer } from '@substytut/shared';
import type {
  LicenceReviewDecision,
  LicenceReviewItem,
  LicenceReviewList,
} from '@substytut/shared/admin-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { getToken } from '@/lib/session';

export type LicenceReview = LicenceReviewItem;
export type LicenceDecision = LicenceReviewDecision['decision'];

export const licenceReviewsQueryKey = ['admin', 'licence-reviews'] as const;

/** GET /admin/licence-reviews: the profiles waiting for a person, with their evidence. */
export function getLicenceReviews(): Promise<LicenceReview[]> {
  return api.get<LicenceReviewList>('/admin/licence-reviews').then((body) => body.items);
}

export function licenceReviewsQueryOptions() {
  return queryOptions({ queryKey: licenceReviewsQueryKey, queryFn: getLicenceReviews });
}

export function useLicenceReviews() {
  return useQuery(licenceReviewsQueryOptions());
}

/** POST /admin/licence-reviews/{profileId}: approve, or reject with a reason. */
export function decideLicenceReview(
  profileId: number,
  decision: LicenceDecision,
  reason: string,
): Promise<LicenceAnswer> {
  return api.post<LicenceAnswer>(`/admin/licence-reviews/${profileId}`, { decision, reason });
}

export function useDecideLicenceReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      profileId,
      decision,
      reason,
    }: {
      profileId: number;
      decision: LicenceDecision;
      reason: string;
    }) => decideLicenceReview(profileId, decision, reason),
    // The queue and the profiles table's licence column both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * GET /admin/licence-reviews/{profileId}/certificate. The file needs the administrator's bearer
 * token, which a plain link cannot send: it is fetched and handed to the browser as a download.
 */
export async function downloadCertificate(profileId: number): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}/admin/licence-reviews/${profileId}/certificate`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, 'licence.certificate_unavailable', '');
  const blob = await response.blob();
  const extension = EXTENSIONS[blob.type.split(';')[0] ?? ''] ?? 'bin';
  saveFile(blob, `zaswiadczenie-${profileId}.${extension}`);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSummary } from '@substytut/shared/admin-api';
import { api } from '@/lib/api-client';

/** GET /admin/summary: counts per status and the paid volume of the last 12 weeks. */
export function getAdminSummary(): Promise<AdminSummary> {
  return api.get<AdminSummary>('/admin/summary');
}

export function adminSummaryQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'summary'], queryFn: getAdminSummary });
}

export function useAdminSummary() {
  return useQuery(adminSummaryQueryOptions());
}

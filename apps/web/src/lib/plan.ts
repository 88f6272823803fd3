import type { ApiAnswer } from '@substytut/shared/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PlanState = ApiAnswer<'GET /api/user/plan'>;

export const planQueryKey = ['user', 'plan'] as const;

/** GET /user/plan: the plan in force, its fee and the Pro subscription (issue 34 §3). */
export function planQueryOptions() {
  return queryOptions({ queryKey: planQueryKey, queryFn: () => api.get<PlanState>('/user/plan') });
}

export function usePlan() {
  return useQuery(planQueryOptions());
}

/** POST /user/plan/subscribe: the provider's page where the lawyer subscribes to Pro. */
export function useSubscribeToPro() {
  return useMutation({
    mutationFn: () => api.post<ApiAnswer<'POST /api/user/plan/subscribe'>>('/user/plan/subscribe'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /user/plan/cancel: Pro ends with its paid period. */
export function useCancelPro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PlanState>('/user/plan/cancel'),
    onSuccess: (state) => queryClient.setQueryData(planQueryKey, state),
  });
}

import type { ApiAnswer } from '@substytut/shared/contract/routes';
import type { AlertSettingsInput } from '@substytut/shared/validation/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AlertSettings = ApiAnswer<'GET /api/user/alerts'>;

export const alertsQueryKey = ['user', 'alerts'] as const;

/** GET /user/alerts: what the substitute covers and how they are told. */
export function getAlerts(): Promise<AlertSettings> {
  return api.get<AlertSettings>('/user/alerts');
}

export function alertsQueryOptions() {
  return queryOptions({ queryKey: alertsQueryKey, queryFn: getAlerts });
}

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}

/** PUT /user/alerts with the shared schema's input (decimal PLN, 'HH:MM'). */
export function saveAlerts(body: AlertSettingsInput): Promise<AlertSettings> {
  return api.put<AlertSettings>('/user/alerts', body);
}

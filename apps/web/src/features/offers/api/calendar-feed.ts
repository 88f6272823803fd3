import type { CalendarFeedState, NewCalendarFeed } from '@substytut/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const calendarFeedKey = ['user', 'calendar-feed'] as const;

/** GET /user/calendar-feed: whether the lawyer's private calendar address is live. */
export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: calendarFeedKey,
    queryFn: () => api.get<CalendarFeedState>('/user/calendar-feed'),
  });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** POST makes a new address (the old one stops working); DELETE revokes it. */
export function useCalendarFeedChange() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarFeedKey });
  return {
    regenerate: useMutation({
      mutationFn: () => api.post<NewCalendarFeed>('/user/calendar-feed', {}),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: () => api.del<CalendarFeedState>('/user/calendar-feed'),
      onSuccess: refresh,
    }),
  };
}

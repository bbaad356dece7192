import type { CalendarFeedResponse } from '@tend/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const calendarFeedKeys = { all: ['calendar-feed'] as const };

/** `GET /api/calendar-feed`: the private feed's address, or null while there is none. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKeys.all,
    queryFn: () => api<CalendarFeedResponse>('/api/calendar-feed'),
  });
}

/** `POST /api/calendar-feed`: a new address (the old one stops working at once). */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeedResponse>('/api/calendar-feed', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKeys.all, feed),
  });
}

/** `DELETE /api/calendar-feed`: turns the feed off. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/calendar-feed', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData<CalendarFeedResponse>(calendarFeedKeys.all, { url: null }),
  });
}

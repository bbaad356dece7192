import type { TodayResponse } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { todayKeys } from '@/lib/notification-keys';

/** `GET /api/today`: overdue (oldest first), due today, upcoming (the next seven days), the goal and today's count. */
export function fetchToday(): Promise<TodayResponse> {
  return api<TodayResponse>('/api/today');
}

export const todayQueryOptions = queryOptions({
  queryKey: todayKeys.all,
  queryFn: fetchToday,
  // Coming back to the tab the next morning shows the new day's list.
  refetchOnWindowFocus: 'always',
});

export function useToday() {
  return useQuery(todayQueryOptions);
}

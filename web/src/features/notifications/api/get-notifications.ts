import type { Notification } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notification-keys';

/** `GET /api/notifications`: one item per person due today or overdue (a view of the daily loop's rule), each with `unread`. */
export function fetchNotifications(): Promise<Notification[]> {
  return api<Notification[]>('/api/notifications');
}

/** A follow-up that falls due while the board is open shows within a minute, or on coming back to the tab. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: fetchNotifications,
  refetchInterval: NOTIFICATIONS_REFRESH_MS,
  refetchOnWindowFocus: 'always',
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

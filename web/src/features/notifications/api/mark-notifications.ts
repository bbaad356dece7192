import type { Notification } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notification-keys';

/** `PATCH /api/notifications/{id}` `{viewed: true}`. */
export function markNotificationViewed(id: number): Promise<Notification> {
  return api<Notification>(`/api/notifications/${id}`, { method: 'PATCH', body: { viewed: true } });
}

/** `POST /api/notifications/read-all`. */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return api<{ updated: number }>('/api/notifications/read-all', { method: 'POST' });
}

/** Optimistic: the badge drops at once; the list is refetched when the server has answered. */
function useNotificationsChange<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  apply: (list: Notification[], variables: Variables) => Notification[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (variables: Variables) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const snapshot = queryClient.getQueryData<Notification[]>(notificationKeys.all);
      if (snapshot) queryClient.setQueryData<Notification[]>(notificationKeys.all, apply(snapshot, variables));
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      if (context?.snapshot) queryClient.setQueryData(notificationKeys.all, context.snapshot);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

const viewed = (notification: Notification): Notification => ({ ...notification, viewed: true, unread: false });

export function useMarkNotificationViewed() {
  return useNotificationsChange(markNotificationViewed, (list, id: number) =>
    list.map((notification) => (notification.id === id ? viewed(notification) : notification)),
  );
}

export function useMarkAllNotificationsRead() {
  return useNotificationsChange(
    () => markAllNotificationsRead(),
    (list) => list.map(viewed),
  );
}

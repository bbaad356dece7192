import type { Notification } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notification-keys';

/** `PATCH /api/notifications/{id}` `{viewed: true}` (the id is the contact's: one item per person due). */
export function markNotificationViewed(id: number): Promise<Notification> {
  return api<Notification>(`/api/notifications/${id}`, { method: 'PATCH', body: { viewed: true } });
}

/** Optimistic: the badge drops at once; the list is refetched when the server has answered. */
export function useMarkNotificationViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationViewed,
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const snapshot = queryClient.getQueryData<Notification[]>(notificationKeys.all);
      if (snapshot) {
        queryClient.setQueryData<Notification[]>(
          notificationKeys.all,
          snapshot.map((item) => (item.id === id ? { ...item, viewed: true, unread: false } : item)),
        );
      }
      return { snapshot };
    },
    onError: (_error, _id, context) => {
      if (context?.snapshot) queryClient.setQueryData(notificationKeys.all, context.snapshot);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

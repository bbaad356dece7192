import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session';

/**
 * `POST /api/reminders/unsubscribe?token=`: the signed token in the reminder email's link is the
 * proof; it works signed out. Answers `{message}`, or 400 with the API's reason for a bad link.
 */
export function unsubscribeFromReminders(token: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
  });
}

export function useUnsubscribeFromReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeFromReminders,
    // A signed-in user's Settings switch follows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

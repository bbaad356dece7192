import type { OpenOnScreen } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { todayKeys } from '@/lib/notification-keys';
import { setSessionUser } from '@/lib/session';
import { updateUser } from '@/lib/users';

export interface DailyLoopChange {
  userId: number;
  open_on?: OpenOnScreen;
  daily_goal?: number;
}

/** `PATCH /api/users/{id}` `{open_on}` or `{daily_goal}`; the Today page's goal line follows. */
export function useUpdateDailyLoop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...change }: DailyLoopChange) => updateUser(userId, change),
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: todayKeys.all });
    },
  });
}

import type { UpdateUserRequest } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionUser } from '@/lib/session';
import { updateUser } from '@/lib/users';

/** `PATCH /api/users/{id}` `{reminder_emails}`: the daily follow-up reminder emails on or off. */
export function useUpdateReminderEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; enabled: boolean }) =>
      updateUser(input.userId, { reminder_emails: input.enabled }),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

export type ReminderSchedule = Pick<UpdateUserRequest, 'reminder_period' | 'reminder_weekday' | 'reminder_hour'>;

/** `PATCH /api/users/{id}` with the digest's period, weekday or hour. */
export function useUpdateReminderSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; schedule: ReminderSchedule }) => updateUser(input.userId, input.schedule),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

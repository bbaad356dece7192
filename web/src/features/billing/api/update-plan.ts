import type { User } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionUser } from '@/lib/session';
import { updateUser } from '@/lib/users';

/** `PATCH /api/users/{id}` with `plan: 'free'` (premium only comes from billing). */
export function selectFreePlan(userId: number): Promise<User> {
  return updateUser(userId, { plan: 'free' });
}

export function useSelectFreePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectFreePlan,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

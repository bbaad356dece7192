import type { User } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionUser } from '@/lib/session';
import { updateUser } from '@/lib/users';

/** 'Maintain 25 contacts': `PATCH /api/users/{id} {plan: 'free', free_trial: false}`. */
export function keepFreePlan(userId: number): Promise<User> {
  return updateUser(userId, { plan: 'free', free_trial: false });
}

export function useKeepFreePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepFreePlan,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

import type { UpdateUserRequest, User } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

/** 'Maintain 25 contacts': `PATCH /api/users/{id} {plan: 'free', free_trial: false}`. */
export function keepFreePlan(userId: number): Promise<User> {
  const body: UpdateUserRequest = { plan: 'free', free_trial: false };
  return api<User>(`/api/users/${userId}`, { method: 'PATCH', body });
}

export function useKeepFreePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepFreePlan,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

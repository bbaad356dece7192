import type { UpdateUserRequest, User } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

/** `PATCH /api/users/{id}` with `plan: 'free'` (premium only comes from billing). */
export function selectFreePlan(userId: number): Promise<User> {
  const body: UpdateUserRequest = { plan: 'free' };
  return api<User>(`/api/users/${userId}`, { method: 'PATCH', body });
}

export function useSelectFreePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectFreePlan,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

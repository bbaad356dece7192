import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** `DELETE /api/users/{id}` (the server cancels any subscription first), then forgets the session. */
export function deleteAccount(userId: number): Promise<void> {
  return api<void>(`/api/users/${userId}`, { method: 'DELETE' });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => clearSession(queryClient),
  });
}

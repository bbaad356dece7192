import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { finishLogout } from '@/lib/session';

/**
 * `DELETE /api/users/{id}` (the server cancels any subscription first and ends the session), then
 * forgets the user locally and picks up a signed-out CSRF token.
 */
export function deleteAccount(userId: number): Promise<void> {
  return api<void>(`/api/users/${userId}`, { method: 'DELETE' });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => finishLogout(queryClient),
  });
}

import type { DeleteAccountRequest } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { finishLogout } from '@/lib/session';

/**
 * `DELETE /api/users/{id} {password}`: re-authenticated (422 'Original password incorrect.' for a
 * wrong password); the server cancels any subscription first and ends the session. Then forgets the
 * user locally and picks up a signed-out CSRF token.
 */
export function deleteAccount({ userId, password }: { userId: number; password: string }): Promise<void> {
  const body: DeleteAccountRequest = { password };
  return api<void>(`/api/users/${userId}`, { method: 'DELETE', body });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => finishLogout(queryClient),
  });
}

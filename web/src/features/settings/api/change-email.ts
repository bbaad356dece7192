import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionUser } from '@/lib/session';
import { updateUser } from '@/lib/users';

/**
 * Saves `desired_email` as pending; the server emails a confirmation link to the new address.
 * 422 'Email address already exists' or 'Original password incorrect.' are thrown as ApiError.
 */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; desiredEmail: string; currentPassword: string }) =>
      updateUser(input.userId, { desired_email: input.desiredEmail, current_password: input.currentPassword }),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

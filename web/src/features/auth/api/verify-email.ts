import type { User } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionKeys, setSessionUser } from '@/lib/session';

/** The user when the visitor is signed in, otherwise a bare confirmation. */
export type VerifyEmailResponse = User | { verified: true; email: string };

export function isVerifiedUser(result: VerifyEmailResponse): result is User {
  return 'id' in result && typeof result.id === 'number';
}

export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api<VerifyEmailResponse>('/api/verify-email', { method: 'POST', body: { token } });
}

/** `POST /api/verify-email`, then refreshes the session (the signed-in user may now be verified). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async (result) => {
      const current = queryClient.getQueryData<User | null>(sessionKeys.all);
      if (isVerifiedUser(result) && current && current.id === result.id) setSessionUser(queryClient, result);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

import type { SignUpRequest, User } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimeZone, setSessionUser } from '@/lib/session';

export function signUp(body: SignUpRequest): Promise<User> {
  return api<User>('/api/users', { method: 'POST', body });
}

/**
 * `POST /api/users`: the server creates the user, signs them in, creates the default tiers and
 * sends the verification email, so the client makes no further calls.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; email: string; password: string }) =>
      signUp({
        name: input.name.trim(),
        email: input.email.trim().toLowerCase(),
        password: input.password,
        time_zone: browserTimeZone(),
      }),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

import type { LoginRequest, User } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimeZone, setSessionUser } from '@/lib/session';

export function logIn(body: LoginRequest): Promise<User> {
  return api<User>('/api/session', { method: 'POST', body });
}

/** `POST /api/session`; the answer's fresh CSRF token is stored by the api client. */
export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      logIn({ email: email.trim().toLowerCase(), password, time_zone: browserTimeZone() }),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

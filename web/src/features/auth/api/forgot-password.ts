import { FORGOT_PASSWORD_SENT_MESSAGE } from '@tend/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/forgot-password`: always 202 with the same message (never reveals an account). */
export async function requestPasswordReset(email: string): Promise<string> {
  const body = await api<{ message?: string } | undefined>('/api/forgot-password', {
    method: 'POST',
    body: { email: email.trim().toLowerCase() },
  });
  return body?.message ?? FORGOT_PASSWORD_SENT_MESSAGE;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}

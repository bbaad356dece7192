import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPasswordKeys = {
  check: (email: string, token: string) => ['reset-password', 'check', email, token] as const,
};

/** `POST /api/reset-password/check`: whether the emailed link is still usable. */
export function checkResetLink(email: string, token: string): Promise<{ valid: boolean }> {
  return api<{ valid: boolean }>('/api/reset-password/check', { method: 'POST', body: { email, token } });
}

export function resetLinkQueryOptions(email: string, token: string) {
  return queryOptions({
    queryKey: resetPasswordKeys.check(email, token),
    queryFn: () => checkResetLink(email, token),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useResetLinkCheck(email: string, token: string) {
  return useQuery(resetLinkQueryOptions(email, token));
}

export function resetPassword(body: { email: string; token: string; password: string }): Promise<void> {
  return api<void>('/api/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import type { EmailActionPreview, EmailActionResult } from '@tend/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/email-actions?token=`: what a digest's link would do; it changes nothing. */
export function useEmailActionPreview(token: string) {
  return useQuery({
    queryKey: ['email-action', token],
    queryFn: () => api<EmailActionPreview>(`/api/email-actions?token=${encodeURIComponent(token)}`),
    // The page asks once; a refetch on focus would only repeat the same answer.
    staleTime: Infinity,
    retry: false,
  });
}

/** `POST /api/email-actions`: carries the link out (the page's one button). */
export function useFollowEmailAction() {
  return useMutation({
    mutationFn: (token: string) => api<EmailActionResult>('/api/email-actions', { method: 'POST', body: { token } }),
  });
}

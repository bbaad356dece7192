import type { SendEmailVerificationRequest } from '@tend/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function sendEmailVerification(body: SendEmailVerificationRequest): Promise<{ message?: string }> {
  return api<{ message?: string }>('/api/send-email-verification', { method: 'POST', body });
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}

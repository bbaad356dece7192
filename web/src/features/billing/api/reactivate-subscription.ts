import type { SubscriptionActionRequest } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshBilling } from './keys';

/** `POST /api/reactivate-subscription`: keeps a subscription set to end (409 when none is). */
export function reactivateSubscription(userId: number): Promise<{ message: string }> {
  const body: SubscriptionActionRequest = { userId };
  return api<{ message: string }>('/api/reactivate-subscription', { method: 'POST', body });
}

export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSettled: () => refreshBilling(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshBilling } from './keys';

export type CancelResult = 'cancelled' | 'no-subscription';

/** `POST /api/cancel-subscription`: 200 cancelled at period end, 201 no active subscription. */
export async function cancelSubscription(userId: number): Promise<CancelResult> {
  const response = await apiRequest<unknown>('/api/cancel-subscription', { method: 'POST', body: { userId } });
  return response.status === 201 ? 'no-subscription' : 'cancelled';
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSettled: () => refreshBilling(queryClient),
  });
}

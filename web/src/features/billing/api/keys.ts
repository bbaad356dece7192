import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/lib/session';

export const billingKeys = {
  all: ['billing'] as const,
  customer: () => [...billingKeys.all, 'customer'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
};

/** After a change to the subscription: the billing details and the session's plan are read again. */
export async function refreshBilling(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  ]);
}

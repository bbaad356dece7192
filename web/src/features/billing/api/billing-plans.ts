import type { BillingPlans } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

/** `GET /api/billing/plans`: the annual price when the server offers one. */
export function fetchBillingPlans(): Promise<BillingPlans> {
  return api<BillingPlans>('/api/billing/plans');
}

export function useBillingPlans(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.plans(),
      queryFn: fetchBillingPlans,
      enabled,
      staleTime: 10 * 60_000,
      retry: false,
    }),
  );
}

/** An amount in cents as the plan cards show prices ("$96.00"). */
export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

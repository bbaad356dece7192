import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

/** The billing call's answer (spec section 3): the subscription and the payment-provider customer. */
export interface CustomerInfo {
  sub?: {
    cancel_at_period_end?: boolean;
    current_period_end?: number | null;
    discount?: { coupon?: { percent_off?: number | null } | null } | null;
    plan?: { amount?: number | null; interval?: string | null } | null;
  } | null;
  cus?: { email?: string | null } | null;
}

export function fetchCustomerInfo(): Promise<CustomerInfo> {
  return api<CustomerInfo>('/api/retreive-customer-info');
}

export function customerInfoQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: billingKeys.customer(),
    queryFn: fetchCustomerInfo,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** Only asked when the user has a payment-provider id (the Account screen hides billing otherwise). */
export function useCustomerInfo(enabled: boolean) {
  return useQuery(customerInfoQueryOptions(enabled));
}

/**
 * Spec section 9: displayed price = plan amount in cents / 100, reduced by any coupon percent_off,
 * two decimals; 10 when unknown.
 */
export function displayedMonthlyPrice(info: CustomerInfo | undefined): string {
  const cents = info?.sub?.plan?.amount;
  const base = typeof cents === 'number' ? cents / 100 : 10;
  const percentOff = info?.sub?.discount?.coupon?.percent_off ?? 0;
  return (base * (1 - percentOff / 100)).toFixed(2);
}

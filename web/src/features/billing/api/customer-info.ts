import type { CustomerInfo } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

export type { CustomerInfo };

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
 * PRODUCT.md §9: displayed price = plan amount in cents / 100, reduced by any coupon percent_off,
 * two decimals; 10 when unknown.
 */
export function displayedMonthlyPrice(info: CustomerInfo | undefined): string {
  const cents = info?.sub?.plan?.amount;
  const base = typeof cents === 'number' ? cents / 100 : 10;
  const percentOff = info?.sub?.discount?.coupon?.percent_off ?? 0;
  return (base * (1 - percentOff / 100)).toFixed(2);
}

/** The subscription's billing period as the price shows it: "month", or "year" for the annual price. */
export function displayedPeriod(info: CustomerInfo | undefined): 'month' | 'year' {
  return info?.sub?.plan?.interval === 'year' ? 'year' : 'month';
}

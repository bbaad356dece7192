import type { BillingUrlResponse } from '@tend/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/billing-portal`: the Stripe portal's address for the signed-in user's own customer. */
export async function createBillingPortalSession(): Promise<string> {
  const response = await apiRequest<BillingUrlResponse | undefined>('/api/billing-portal', {
    method: 'POST',
    body: {},
  });
  const url = response.headers.get('Location') ?? response.data?.url;
  if (!url) throw new Error('The billing portal answer had no address.');
  return url;
}

/** Opens the portal in a new tab without opener access (PRODUCT.md §7), as checkout opens. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: async () => {
      window.open(await createBillingPortalSession(), '_blank', 'noopener,noreferrer');
    },
  });
}

import type { CheckoutRequest } from '@tend/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type CheckoutResult = { kind: 'redirect'; url: string } | { kind: 'already-subscribed' };

/** Affiliate referral id when a referral script put one on the page; otherwise null. */
function readReferral(): string | null {
  const candidate = (window as unknown as { Rewardful?: { referral?: unknown } }).Rewardful?.referral;
  return typeof candidate === 'string' && candidate ? candidate : null;
}

/**
 * `POST /api/create-checkout-session`: 200 with the checkout address in `Location`, 201 when an
 * active subscription already exists, 503 while billing is not configured (thrown as ApiError).
 */
export async function createCheckoutSession({
  userId,
  plan = 'premium',
}: {
  userId: number;
  plan?: CheckoutRequest['plan'];
}): Promise<CheckoutResult> {
  const body: CheckoutRequest = { userId, plan, referral: readReferral() };
  const response = await apiRequest<{ url?: string } | undefined>('/api/create-checkout-session', {
    method: 'POST',
    body,
  });
  if (response.status === 201) return { kind: 'already-subscribed' };
  const url = response.headers.get('Location') ?? response.data?.url;
  if (!url) throw new Error('The checkout answer had no address.');
  return { kind: 'redirect', url };
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}

import { BILLING_NOT_CONFIGURED_MESSAGE, type CheckoutRequest } from '@tend/contracts';
import { useCallback } from 'react';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useBillingEnabled } from '@/lib/config';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE, CHECKOUT_FAILED_MESSAGE } from '../messages';

/**
 * Starts Premium checkout. `new-tab` opens the provider page without opener access (plan picker,
 * Account); `same-tab` navigates to it (plan-updated screen, PRODUCT.md §4). `unavailable` is why
 * checkout cannot start here (billing not configured, from `billing_enabled`), or null: the screens
 * disable their Premium and Upgrade buttons and show it before any click.
 */
export function useUpgrade(mode: 'new-tab' | 'same-tab' = 'new-tab') {
  const { mutate, isPending } = useCreateCheckoutSession();
  const notify = useNotify();
  const billingEnabled = useBillingEnabled();

  const upgrade = useCallback(
    (userId: number, onDone?: () => void, plan: CheckoutRequest['plan'] = 'premium') => {
      mutate(
        { userId, plan },
        {
          onSuccess: (result) => {
            if (result.kind === 'already-subscribed') {
              notify.info(CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE);
            } else if (mode === 'new-tab') {
              window.open(result.url, '_blank', 'noopener,noreferrer');
            } else {
              window.location.assign(result.url);
            }
            onDone?.();
          },
          onError: (error) => notify.error(readErrorMessage(error, CHECKOUT_FAILED_MESSAGE)),
        },
      );
    },
    [mutate, mode, notify],
  );

  return { upgrade, pending: isPending, unavailable: billingEnabled ? null : BILLING_NOT_CONFIGURED_MESSAGE };
}

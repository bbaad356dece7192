import type { User } from '@tend/contracts';
import { ExternalLink } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { useCurrentUser } from '@/lib/session';
import { useCustomerInfo, type CustomerInfo } from '../api/customer-info';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { EMAIL_NOT_AVAILABLE, PAYMENT_ISSUE_TITLE, PORTAL_FAILED_MESSAGE } from '../messages';
import '../billing.css';

/** The end of the paid time: the provider's period end when known, else the plan's expiry date. */
export function periodEndDate(user: User, info: CustomerInfo | undefined): string | null {
  const fromProvider = info?.sub?.current_period_end;
  return formatLongDate(typeof fromProvider === 'number' ? fromProvider * 1000 : user.premium_expiry_date);
}

/** Opens the Stripe billing portal in a new tab (a failure says so in a toast). */
export function BillingPortalButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const portal = useOpenBillingPortal();
  const notify = useNotify();
  return (
    <Button
      variant={variant}
      size="sm"
      icon={<ExternalLink size={16} aria-hidden="true" />}
      loading={portal.isPending}
      onClick={() =>
        portal.mutate(undefined, { onError: (error) => notify.error(readErrorMessage(error, PORTAL_FAILED_MESSAGE)) })
      }
    >
      Open billing portal
    </Button>
  );
}

/**
 * PRODUCT.md §8's payment banner: update the payment method in the provider's portal using the
 * billing email (or 'email not available'); otherwise the account switches to free on the expiry date.
 */
export function PaymentIssueAlert({ user, info }: { user: User; info: CustomerInfo | undefined }) {
  return (
    <Alert title={PAYMENT_ISSUE_TITLE}>
      <p>
        Please update your payment information in the billing portal using your billing email (
        {info?.cus?.email || EMAIL_NOT_AVAILABLE}). Otherwise your account switches to the free plan on{' '}
        {periodEndDate(user, info) ?? 'the expiry date'}.
      </p>
      {user.stripe_id ? (
        <div className="payment-issue__action">
          <BillingPortalButton variant="primary" />
        </div>
      ) : null}
    </Alert>
  );
}

/** On the board, for a premium user whose payment failed (PRODUCT.md §2). */
export function PaymentBanner() {
  const user = useCurrentUser();
  const shown = user.plan === 'premium' && user.payment_issue;
  const info = useCustomerInfo(shown && !!user.stripe_id);
  if (!shown) return null;
  return (
    <div className="payment-banner">
      <PaymentIssueAlert user={user} info={info.data} />
    </div>
  );
}

import { BILLING_NOT_CONFIGURED_MESSAGE } from '../messages';
import './billing-status.css';

/**
 * Said beside a Premium or Upgrade button when the server has no billing, before anyone clicks
 * (the button is disabled and points here with aria-describedby).
 */
export function BillingUnavailableNote({ id }: { id: string }) {
  return (
    <p id={id} className="billing-unavailable">
      {BILLING_NOT_CONFIGURED_MESSAGE}
    </p>
  );
}

import { WORDS, FREE_PLAN_CARD_LIMIT, type User } from '@tend/contracts';
import { CreditCard, Sprout } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ActionNote } from '@/components/ui/action-note';
import { Button, buttonClassName } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { useCancelSubscription } from '../api/cancel-subscription';
import { displayedMonthlyPrice, displayedPeriod, useCustomerInfo, type CustomerInfo } from '../api/customer-info';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import { useUpgrade } from '../hooks/use-upgrade';
import { BillingPortalButton, PaymentIssueAlert, periodEndDate } from './payment-issue';
import {
  DOWNGRADE_FAILED_MESSAGE,
  DOWNGRADE_NO_SUBSCRIPTION_MESSAGE,
  DOWNGRADE_SUCCESS_MESSAGE,
  EMAIL_NOT_AVAILABLE,
  REACTIVATE_FAILED_MESSAGE,
  REACTIVATE_SUCCESS_MESSAGE,
} from '../messages';
import '../billing.css';

function PlanSection({ user, info }: { user: User; info: CustomerInfo | undefined }) {
  const notify = useNotify();
  const { upgrade, pending: upgrading, unavailable } = useUpgrade('new-tab');
  const noteId = useId();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [dialog, setDialog] = useState<'upgrade' | 'cancel' | null>(null);
  const expiring = info?.sub?.cancel_at_period_end === true;
  const endDate = periodEndDate(user, info);

  if (user.plan === null) {
    return (
      <section className="panel" aria-labelledby="plan-heading">
        <h2 id="plan-heading" className="panel__title">
          Plan
        </h2>
        <p>You have not chosen a plan yet.</p>
        <Link className={buttonClassName({})} to={ROUTES.board}>
          Choose a plan
        </Link>
      </section>
    );
  }

  if (user.plan === 'free') {
    return (
      <section className="panel" aria-labelledby="plan-heading">
        <div className="panel__row">
          <div>
            <h2 id="plan-heading" className="panel__title">
              <Sprout size={18} aria-hidden="true" /> Free plan
            </h2>
            <p className="panel__text">
              $0/month. Up to {FREE_PLAN_CARD_LIMIT} contact cards and the Chrome extension.
            </p>
          </div>
          <Button
            onClick={() => setDialog('upgrade')}
            disabled={unavailable !== null}
            aria-describedby={unavailable ? noteId : undefined}
          >
            Upgrade to Premium
          </Button>
        </div>
        {unavailable ? <ActionNote id={noteId}>{unavailable}</ActionNote> : null}
        <ConfirmDialog
          open={dialog === 'upgrade'}
          onOpenChange={(open) => setDialog(open ? 'upgrade' : null)}
          title="Upgrade to Premium?"
          description={
            <p>
              Premium is $10/month for unlimited contact cards. Checkout opens in a new tab with our payment provider;
              your plan changes as soon as the payment is confirmed.
            </p>
          }
          confirmLabel="Upgrade"
          pending={upgrading}
          onConfirm={() => upgrade(user.id, () => setDialog(null))}
        />
      </section>
    );
  }

  return (
    <section className="panel" aria-labelledby="plan-heading">
      {user.payment_issue ? <PaymentIssueAlert user={user} info={info} /> : null}
      <div className="panel__row">
        <div>
          <h2 id="plan-heading" className="panel__title">
            <CreditCard size={18} aria-hidden="true" /> Premium plan
            {expiring ? <span className="badge badge--muted">{WORDS.canceled}</span> : null}
          </h2>
          {expiring ? (
            <p className="panel__text">
              Your premium benefits stay until {endDate ?? 'the end of the billing period'}. After that, the{' '}
              {FREE_PLAN_CARD_LIMIT} newest cards stay on your board and the others are hidden until you upgrade again.
            </p>
          ) : (
            <p className="panel__text">
              ${displayedMonthlyPrice(info)}/{displayedPeriod(info)}, unlimited contact cards.
              {endDate ? ` Renews on ${endDate}.` : ''}
            </p>
          )}
        </div>
        {/* Keyed: a new button, not the same one restyled (its colour would fade from one to the other). */}
        {expiring ? (
          <Button
            key="reactivate"
            loading={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(user.id, {
                onSuccess: () => notify.success(REACTIVATE_SUCCESS_MESSAGE),
                onError: (error) => notify.error(readErrorMessage(error, REACTIVATE_FAILED_MESSAGE)),
              })
            }
          >
            Reactivate
          </Button>
        ) : (
          <Button key="cancel" variant="secondary" onClick={() => setDialog('cancel')}>
            Cancel Premium
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title="Cancel Premium?"
        description={
          <p>
            You keep Premium until the end of the billing period. After that, your {FREE_PLAN_CARD_LIMIT} newest cards
            stay on your board; the others are hidden, never deleted, and come back if you upgrade again.
          </p>
        }
        cancelLabel="Keep Premium"
        confirmLabel="Cancel Premium"
        tone="danger"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(user.id, {
            onSuccess: (result) => {
              setDialog(null);
              if (result === 'cancelled') notify.success(DOWNGRADE_SUCCESS_MESSAGE);
              else notify.error(DOWNGRADE_NO_SUBSCRIPTION_MESSAGE);
            },
            onError: (error) => notify.error(readErrorMessage(error, DOWNGRADE_FAILED_MESSAGE)),
          })
        }
      />
    </section>
  );
}

function BillingSection({
  info,
  loading,
  failed,
}: {
  info: CustomerInfo | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <section className="panel" aria-labelledby="billing-heading">
      <h2 id="billing-heading" className="panel__title">
        Manage billing
      </h2>
      {loading ? (
        <Spinner label="Loading billing details" />
      ) : (
        <div className="panel__row">
          <div>
            <p className="panel__text">
              Billing email: <strong>{info?.cus?.email || EMAIL_NOT_AVAILABLE}</strong>
            </p>
            {failed ? (
              <p className="panel__text muted">Billing details are unavailable right now. Please try again later.</p>
            ) : (
              <p className="panel__text muted">
                Payment method, invoices and receipts are in the Stripe billing portal.
              </p>
            )}
          </div>
          <BillingPortalButton />
        </div>
      )}
    </section>
  );
}

/**
 * The Account screen's plan and billing (the app composes them with account deletion): the plan
 * and what can be done with it, and, for a user known to the payment provider, the billing portal.
 */
export function AccountBillingSections({ user }: { user: User }) {
  const hasBilling = !!user.stripe_id;
  const customer = useCustomerInfo(hasBilling);

  return (
    <>
      <PlanSection user={user} info={customer.data} />
      {hasBilling ? (
        <BillingSection info={customer.data} loading={customer.isLoading} failed={customer.isError} />
      ) : null}
    </>
  );
}

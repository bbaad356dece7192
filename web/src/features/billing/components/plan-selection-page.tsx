import { PLAN_DESCRIPTORS } from '@tend/contracts';
import { useNavigate } from 'react-router-dom';
import { useId } from 'react';
import { ActionNote } from '@/components/ui/action-note';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import { formatPrice, useBillingPlans } from '../api/billing-plans';
import { useSelectFreePlan } from '../api/update-plan';
import { useUpgrade } from '../hooks/use-upgrade';
import { SELECT_PLAN_FAILED_MESSAGE } from '../messages';
import { PlanCard } from './plan-card';
import '../billing.css';

/** Shown by the route gate to a verified user who has not chosen a plan yet. */
export function PlanSelectionPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const notify = useNotify();
  const selectFree = useSelectFreePlan();
  const { upgrade, pending: upgrading, unavailable } = useUpgrade('new-tab');
  const noteId = useId();
  const annual = useBillingPlans(unavailable === null).data?.annual ?? null;

  return (
    <section className="plan-selection" aria-labelledby="plan-selection-title">
      <PageTitle>Select your plan</PageTitle>
      <header className="plan-selection__header">
        <h1 id="plan-selection-title" className="plan-selection__title">
          Maintain your network effectively
        </h1>
        <p className="plan-selection__subtitle">Select your plan.</p>
      </header>
      <div className="plan-grid">
        {PLAN_DESCRIPTORS.map((plan) =>
          plan.name === 'free' ? (
            <PlanCard
              key={plan.name}
              plan={plan}
              action={
                <Button
                  variant="secondary"
                  block
                  size="lg"
                  loading={selectFree.isPending}
                  disabled={upgrading}
                  onClick={() =>
                    selectFree.mutate(user.id, {
                      onSuccess: () => void navigate(ROUTES.board, { replace: true }),
                      onError: (error) => notify.error(readErrorMessage(error, SELECT_PLAN_FAILED_MESSAGE)),
                    })
                  }
                >
                  Choose Free
                </Button>
              }
            />
          ) : (
            <PlanCard
              key={plan.name}
              plan={plan}
              highlighted
              action={
                <>
                  <Button
                    block
                    size="lg"
                    loading={upgrading}
                    disabled={selectFree.isPending || unavailable !== null}
                    aria-describedby={unavailable ? noteId : undefined}
                    onClick={() => upgrade(user.id)}
                  >
                    Choose Premium
                  </Button>
                  {unavailable ? <ActionNote id={noteId}>{unavailable}</ActionNote> : null}
                  {annual ? (
                    <Button
                      variant="secondary"
                      block
                      className="plan-card__alternative"
                      disabled={upgrading || selectFree.isPending}
                      onClick={() => upgrade(user.id, undefined, 'premium_annual')}
                    >
                      Choose Premium yearly: {formatPrice(annual.amount, annual.currency)}/year
                    </Button>
                  ) : null}
                </>
              }
            />
          ),
        )}
      </div>
      <p className="plan-selection__note">You can change your plan at any time from your account page.</p>
    </section>
  );
}

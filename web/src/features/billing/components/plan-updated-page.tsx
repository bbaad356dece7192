import { WORDS, FREE_PLAN_CARD_LIMIT } from '@tend/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Sprout } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ActionNote } from '@/components/ui/action-note';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/lib/routes';
import { sessionQueryOptions, useCurrentUser } from '@/lib/session';
import { useUpgrade } from '../hooks/use-upgrade';
import { PLAN_NOT_UPDATED_MESSAGE } from '../messages';

/** Premium is granted by the provider's webhook, which can land a few seconds after the redirect. */
const WEBHOOK_GRACE_MS = 12_000;
const POLL_INTERVAL_MS = 2_000;

function isCancelled(status: string): boolean {
  return ['cancel', 'canceled', 'cancelled'].includes(status.toLowerCase());
}

export function PlanUpdatedPage() {
  const { status = '' } = useParams();
  const user = useCurrentUser();
  const success = status.toLowerCase() === 'success';
  const [graceOver, setGraceOver] = useState(!success);
  const waiting = success && user.plan !== 'premium' && !graceOver;

  useQuery({ ...sessionQueryOptions, refetchInterval: waiting ? POLL_INTERVAL_MS : false });

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setGraceOver(true), WEBHOOK_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  const { upgrade, pending, unavailable } = useUpgrade('same-tab');
  const noteId = useId();
  const premium = user.plan === 'premium';

  if (waiting) {
    return (
      <section className="centered-panel" aria-busy="true">
        <Spinner size={28} />
        <h1 className="centered-panel__title">Confirming your payment...</h1>
        <p>This usually takes a few seconds.</p>
      </section>
    );
  }

  return (
    <section className="centered-panel" aria-labelledby="plan-updated-title">
      <PageTitle>Plan updated</PageTitle>
      <div className="centered-panel__icon">
        {premium ? <CircleCheck size={40} aria-hidden="true" /> : <Sprout size={40} aria-hidden="true" />}
      </div>
      <h1 id="plan-updated-title" className="centered-panel__title">
        {premium
          ? 'You are on the Premium plan'
          : user.plan === 'free'
            ? 'You are on the Free plan'
            : 'You have not chosen a plan yet'}
      </h1>
      <p className="centered-panel__text">
        {premium
          ? 'You can keep an unlimited number of contact cards.'
          : `You can keep up to ${FREE_PLAN_CARD_LIMIT} contact cards. Upgrade to keep an unlimited number.`}
      </p>
      {/* One message per situation, and no upgrade button that cannot be used (issue 27 point 5):
          a payment that did not take, else a canceled checkout, else why upgrading is unavailable. */}
      {success && !premium ? (
        <Alert>{PLAN_NOT_UPDATED_MESSAGE}</Alert>
      ) : isCancelled(status) ? (
        <Alert tone="info">{WORDS.checkoutCanceled}</Alert>
      ) : !premium && unavailable ? (
        <ActionNote id={noteId} className="centered-panel__note">
          {unavailable}
        </ActionNote>
      ) : null}
      <div className="centered-panel__actions">
        {!premium && !unavailable ? (
          <Button variant="secondary" size="lg" loading={pending} onClick={() => upgrade(user.id)}>
            Upgrade to premium plan
          </Button>
        ) : null}
        <Link className={buttonClassName({ size: 'lg' })} to={ROUTES.board}>
          Tend to my network
        </Link>
      </div>
    </section>
  );
}

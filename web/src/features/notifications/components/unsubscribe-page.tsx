import { BellOff, MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Wordmark } from '@/components/ui/logo';
import { PageTitle } from '@/components/ui/page-title';
import { readErrorMessage } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { useUnsubscribeFromReminders } from '../api/unsubscribe';
import './unsubscribe-page.css';

const UNSUBSCRIBE_FAILED_MESSAGE = 'You could not be unsubscribed right now. Please try again.';

/**
 * Where a reminder email's unsubscribe link lands (`/unsubscribe?token=`), signed in or not. It asks
 * before it acts: mail scanners open every link in a message, and must not switch reminders off.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribeFromReminders();

  return (
    <div className="unsubscribe">
      <PageTitle>Unsubscribe from reminders</PageTitle>
      <header className="unsubscribe__header">
        <Link to={ROUTES.landing} className="logo-link" aria-label="Tend home">
          <Wordmark />
        </Link>
      </header>
      <main className="unsubscribe__main">
        {unsubscribe.isSuccess ? (
          <section className="centered-panel" aria-labelledby="unsubscribe-title">
            <MailCheck size={36} aria-hidden="true" className="centered-panel__icon" />
            <h1 id="unsubscribe-title" className="centered-panel__title">
              You are unsubscribed
            </h1>
            <p role="status">{unsubscribe.data.message}</p>
            <p>You can turn follow-up reminder emails back on at any time in Settings.</p>
            <div className="centered-panel__actions">
              <Link to={ROUTES.settings}>Open Settings</Link>
            </div>
          </section>
        ) : (
          <section className="centered-panel" aria-labelledby="unsubscribe-title">
            <BellOff size={36} aria-hidden="true" className="centered-panel__icon" />
            <h1 id="unsubscribe-title" className="centered-panel__title">
              Stop follow-up reminder emails?
            </h1>
            <p>
              Tend emails you on the mornings a follow-up is due. If you unsubscribe, those emails stop; your contacts,
              notes and the notifications in the app stay as they are.
            </p>
            {unsubscribe.isError ? (
              <Alert title="Not unsubscribed">{readErrorMessage(unsubscribe.error, UNSUBSCRIBE_FAILED_MESSAGE)}</Alert>
            ) : null}
            <div className="centered-panel__actions">
              <Button size="lg" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
                Unsubscribe
              </Button>
            </div>
          </section>
        )}
      </main>
    </div>
  );
}

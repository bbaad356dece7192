import type { EmailAction } from '@tend/contracts';
import { AlarmClock, CalendarCheck, CircleCheck, LinkIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Wordmark } from '@/components/ui/logo';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { readErrorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { ROUTES } from '@/lib/routes';
import { useEmailActionPreview, useFollowEmailAction } from '../api/email-actions';
import './unsubscribe-page.css';

const FAILED_MESSAGE = 'That did not work right now. Please try again.';

const ASK: Record<
  Exclude<EmailAction, 'unsubscribe'>,
  { title: (name: string) => string; text: string; button: string }
> = {
  done: {
    title: (name) => `Mark ${name} as done?`,
    text: 'Tend logs that you followed up today and sets the next date by the column’s cadence.',
    button: 'Mark as done',
  },
  snooze: {
    title: (name) => `Snooze ${name} for a week?`,
    text: 'The follow-up moves to a week from today; nothing else changes.',
    button: 'Snooze 1 week',
  },
};

/**
 * Where a reminder digest's Done and Snooze 1 week links land (`/email-action?token=`), signed in or
 * not. It names the person and the action and waits for a click: mail scanners and link previews
 * open every link in a message, and must not mark anyone done.
 */
export function EmailActionPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const preview = useEmailActionPreview(token);
  const follow = useFollowEmailAction();
  const openTend = (
    <div className="centered-panel__actions">
      <Link to={ROUTES.today}>Open Tend</Link>
    </div>
  );

  let content;
  if (preview.isPending) {
    content = <Spinner label="Reading the link" />;
  } else if (follow.isSuccess) {
    const next = formatLongDate(follow.data.next_follow_up_on);
    content = (
      <>
        <CircleCheck size={36} aria-hidden="true" className="centered-panel__icon" />
        <h1 id="email-action-title" className="centered-panel__title">
          Done
        </h1>
        <p role="status">{follow.data.message}</p>
        <p>{next ? `Next follow-up: ${next}.` : 'No next follow-up is set.'}</p>
        {openTend}
      </>
    );
  } else if (preview.isError || preview.data.state !== 'ready' || preview.data.action === 'unsubscribe') {
    content = (
      <>
        <LinkIcon size={36} aria-hidden="true" className="centered-panel__icon" />
        <h1 id="email-action-title" className="centered-panel__title">
          This link cannot be used
        </h1>
        <p>{preview.isError ? readErrorMessage(preview.error, FAILED_MESSAGE) : preview.data.message}</p>
        {openTend}
      </>
    );
  } else {
    const ask = ASK[preview.data.action === 'snooze' ? 'snooze' : 'done'];
    const Icon = preview.data.action === 'snooze' ? AlarmClock : CalendarCheck;
    content = (
      <>
        <Icon size={36} aria-hidden="true" className="centered-panel__icon" />
        <h1 id="email-action-title" className="centered-panel__title">
          {ask.title(preview.data.contact_name ?? 'this person')}
        </h1>
        <p>{ask.text}</p>
        {follow.isError ? (
          <Alert title="Nothing changed">{readErrorMessage(follow.error, FAILED_MESSAGE)}</Alert>
        ) : null}
        <div className="centered-panel__actions">
          <Button size="lg" loading={follow.isPending} onClick={() => follow.mutate(token)}>
            {ask.button}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="unsubscribe">
      <PageTitle>Follow-up from your email</PageTitle>
      <header className="unsubscribe__header">
        <Link to={ROUTES.landing} className="logo-link" aria-label="Tend home">
          <Wordmark />
        </Link>
      </header>
      <main className="unsubscribe__main">
        <section className="centered-panel" aria-labelledby="email-action-title">
          {content}
        </section>
      </main>
    </div>
  );
}

import { CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useCalendarFeed, useResetCalendarFeed, useTurnOffCalendarFeed } from '../api/calendar-feed';
import '../calendar-feed-section.css';

export const CALENDAR_FEED_MESSAGES = {
  copied: 'Calendar address copied.',
  copyFailed: 'Could not copy the address. Select it and copy it yourself.',
  created: 'Your calendar address is ready. Add it to your calendar app.',
  reset: 'New calendar address made. The old one no longer works.',
  turnedOff: 'Calendar feed turned off.',
  failed: 'Could not change the calendar feed. Please try again.',
} as const;

type Confirming = 'reset' | 'off' | null;

/**
 * Settings › Calendar feed: a secret address calendar apps subscribe to, holding one all-day event
 * per follow-up in the next 90 days (overdue ones on today). Reset replaces the address when it was
 * shared by mistake; the old one then answers nothing.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const notify = useNotify();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const addressId = useId();
  const url = feed.data?.url ?? null;

  const make = (after: string) =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        notify.success(after);
      },
      onError: (error) => notify.error(readErrorMessage(error, CALENDAR_FEED_MESSAGES.failed)),
    });

  const off = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        notify.success(CALENDAR_FEED_MESSAGES.turnedOff);
      },
      onError: (error) => notify.error(readErrorMessage(error, CALENDAR_FEED_MESSAGES.failed)),
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify.success(CALENDAR_FEED_MESSAGES.copied);
    } catch {
      notify.error(CALENDAR_FEED_MESSAGES.copyFailed);
    }
  };

  return (
    <section className="panel" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading" className="panel__title">
        <CalendarDays size={20} aria-hidden="true" />
        Calendar feed
      </h2>
      <p className="panel__text">
        See your follow-ups in Google Calendar, Apple Calendar or Outlook, beside your interviews: one all-day event per
        person due in the next 90 days, and anyone overdue on today. Keep the address private: anyone who has it can
        read the names.
      </p>
      {feed.isPending ? (
        <Spinner label="Loading the calendar feed" />
      ) : feed.isError ? (
        <div className="panel__row" role="alert">
          <p className="panel__text">{readErrorMessage(feed.error, 'Could not load the calendar feed.')}</p>
          <Button variant="secondary" size="sm" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </div>
      ) : url === null ? (
        <div className="panel__row">
          <Button onClick={() => make(CALENDAR_FEED_MESSAGES.created)} disabled={reset.isPending}>
            Create calendar address
          </Button>
        </div>
      ) : (
        <>
          <label className="field__label" htmlFor={addressId}>
            Your private calendar address
          </label>
          <div className="calendar-feed__address">
            <div className="field__control calendar-feed__url">
              <input
                id={addressId}
                className="field__input"
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
            <Button variant="secondary" onClick={() => void copy()}>
              Copy
            </Button>
          </div>
          <details className="calendar-feed__help">
            <summary>How to add it to Google Calendar, Apple Calendar or Outlook</summary>
            <ul>
              <li>
                <strong>Google Calendar</strong> (on a computer): Other calendars › + › From URL, paste the address, Add
                calendar.
              </li>
              <li>
                <strong>Apple Calendar</strong>: File › New Calendar Subscription, paste the address, Subscribe.
              </li>
              <li>
                <strong>Outlook</strong>: Add calendar › Subscribe from web, paste the address, Import.
              </li>
            </ul>
            <p className="panel__text">Calendar apps check the address every few hours, so changes show up later.</p>
          </details>
          <div className="panel__row">
            <Button variant="secondary" size="sm" onClick={() => setConfirming('reset')}>
              Reset address
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming('off')}>
              Turn off
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !reset.isPending && !turnOff.isPending) setConfirming(null);
        }}
        title={confirming === 'off' ? 'Turn off the calendar feed?' : 'Reset the calendar address?'}
        description={
          <p>
            {confirming === 'off'
              ? 'Calendars subscribed to the address stop getting your follow-ups.'
              : 'The current address stops working at once. Calendars subscribed to it need the new one.'}
          </p>
        }
        confirmLabel={confirming === 'off' ? 'Turn off' : 'Reset address'}
        tone="danger"
        pending={reset.isPending || turnOff.isPending}
        onConfirm={() => (confirming === 'off' ? off() : make(CALENDAR_FEED_MESSAGES.reset))}
      />
    </section>
  );
}

import { WEEKDAY_NAMES, type User } from '@tend/contracts';
import { useId } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import {
  useUpdateReminderEmails,
  useUpdateReminderSchedule,
  type ReminderSchedule,
} from '../api/update-reminder-emails';
import {
  REMINDER_EMAILS_FAILED_MESSAGE,
  REMINDER_EMAILS_OFF_MESSAGE,
  REMINDER_EMAILS_ON_MESSAGE,
  REMINDER_SCHEDULE_SAVED_MESSAGE,
} from '../messages';
import './reminder-emails-section.css';

/** "08:00" for 8: the hours offered for the digest, in the user's own time zone. */
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` }));

/**
 * 'Email me follow-up reminders' (default on): the digest listing everyone waiting, daily or weekly
 * on a weekday, from an hour the user picks in their own time zone. Every digest's unsubscribe
 * link turns the switch off.
 */
export function ReminderEmailsSection({ user }: { user: User }) {
  const notify = useNotify();
  const update = useUpdateReminderEmails();
  const schedule = useUpdateReminderSchedule();
  const id = useId();
  // While saving, the switch shows what was asked for.
  const checked = update.isPending ? (update.variables?.enabled ?? user.reminder_emails) : user.reminder_emails;

  const toggle = (enabled: boolean) => {
    if (update.isPending) return;
    update.mutate(
      { userId: user.id, enabled },
      {
        onSuccess: (saved) =>
          notify.success(saved.reminder_emails ? REMINDER_EMAILS_ON_MESSAGE : REMINDER_EMAILS_OFF_MESSAGE),
        onError: (error) => notify.error(readErrorMessage(error, REMINDER_EMAILS_FAILED_MESSAGE)),
      },
    );
  };

  const save = (changes: ReminderSchedule) =>
    schedule.mutate(
      { userId: user.id, schedule: changes },
      {
        onSuccess: () => notify.success(REMINDER_SCHEDULE_SAVED_MESSAGE),
        onError: (error) => notify.error(readErrorMessage(error, REMINDER_EMAILS_FAILED_MESSAGE)),
      },
    );

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="panel__title">
        Reminders
      </h2>
      <div className="panel__row">
        <div>
          <label htmlFor={`${id}-switch`} className="reminder-switch__label">
            Email me follow-up reminders
          </label>
          <p id={`${id}-hint`} className="panel__text">
            One email listing everyone waiting for a follow-up, with Done and Snooze beside each. Nothing is sent when
            nobody is due. The bell and the Today page stay either way.
          </p>
        </div>
        <span className="reminder-switch">
          {update.isPending ? <Spinner size={16} label="Saving" /> : null}
          <input
            id={`${id}-switch`}
            type="checkbox"
            role="switch"
            className="reminder-switch__input"
            aria-describedby={`${id}-hint`}
            checked={checked}
            aria-busy={update.isPending || undefined}
            onChange={(event) => toggle(event.target.checked)}
          />
        </span>
      </div>
      {user.reminder_emails ? (
        <div className="reminder-schedule" aria-busy={schedule.isPending || undefined}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-period`}>
              How often
            </label>
            <div className="field__control">
              <select
                id={`${id}-period`}
                className="field__input field__select"
                value={user.reminder_period}
                disabled={schedule.isPending}
                onChange={(event) => save({ reminder_period: event.target.value === 'weekly' ? 'weekly' : 'daily' })}
              >
                <option value="daily">Daily</option>
                <option value="weekly">Weekly</option>
              </select>
            </div>
          </div>
          {user.reminder_period === 'weekly' ? (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-weekday`}>
                On
              </label>
              <div className="field__control">
                <select
                  id={`${id}-weekday`}
                  className="field__input field__select"
                  value={user.reminder_weekday}
                  disabled={schedule.isPending}
                  onChange={(event) => save({ reminder_weekday: Number(event.target.value) })}
                >
                  {WEEKDAY_NAMES.map((name, day) => (
                    <option key={name} value={day}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-hour`}>
              From
            </label>
            <div className="field__control">
              <select
                id={`${id}-hour`}
                className="field__input field__select"
                value={user.reminder_hour}
                disabled={schedule.isPending}
                aria-describedby={`${id}-zone`}
                onChange={(event) => save({ reminder_hour: Number(event.target.value) })}
              >
                {HOURS.map((hour) => (
                  <option key={hour.value} value={hour.value}>
                    {hour.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p id={`${id}-zone`} className="panel__text reminder-schedule__zone">
            Your time ({user.time_zone.replace(/_/g, ' ')})
          </p>
        </div>
      ) : null}
    </section>
  );
}

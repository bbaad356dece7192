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

interface Choice {
  value: string | number;
  label: string;
}

const PERIODS: Choice[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];
const WEEKDAYS: Choice[] = WEEKDAY_NAMES.map((name, day) => ({ value: day, label: name }));
/** "08:00" for 8: the hours offered for the digest, in the user's own time zone. */
const HOURS: Choice[] = Array.from({ length: 24 }, (_, hour) => ({
  value: hour,
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** One of the digest's choices, saved as soon as it changes. */
function ScheduleSelect(props: {
  id: string;
  label: string;
  value: string | number;
  options: readonly Choice[];
  disabled: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <div className="field__control">
        <select
          id={props.id}
          className="field__input field__select"
          value={props.value}
          disabled={props.disabled}
          aria-describedby={props.describedBy}
          onChange={(event) => props.onChange(event.target.value)}
        >
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

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
          <ScheduleSelect
            id={`${id}-period`}
            label="How often"
            value={user.reminder_period}
            options={PERIODS}
            disabled={schedule.isPending}
            onChange={(value) => save({ reminder_period: value === 'weekly' ? 'weekly' : 'daily' })}
          />
          {user.reminder_period === 'weekly' ? (
            <ScheduleSelect
              id={`${id}-weekday`}
              label="On"
              value={user.reminder_weekday}
              options={WEEKDAYS}
              disabled={schedule.isPending}
              onChange={(value) => save({ reminder_weekday: Number(value) })}
            />
          ) : null}
          <ScheduleSelect
            id={`${id}-hour`}
            label="From"
            value={user.reminder_hour}
            options={HOURS}
            disabled={schedule.isPending}
            describedBy={`${id}-zone`}
            onChange={(value) => save({ reminder_hour: Number(value) })}
          />
          <p id={`${id}-zone`} className="panel__text reminder-schedule__zone">
            Your time ({user.time_zone.replace(/_/g, ' ')})
          </p>
        </div>
      ) : null}
    </section>
  );
}

import type { User } from '@tend/contracts';
import { useId } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useUpdateReminderEmails } from '../api/update-reminder-emails';
import { REMINDER_EMAILS_FAILED_MESSAGE, REMINDER_EMAILS_OFF_MESSAGE, REMINDER_EMAILS_ON_MESSAGE } from '../messages';
import './reminder-emails-section.css';

/**
 * 'Email me follow-up reminders' (default on): the daily email listing the follow-ups due, which
 * every reminder's unsubscribe link also turns off.
 */
export function ReminderEmailsSection({ user }: { user: User }) {
  const notify = useNotify();
  const update = useUpdateReminderEmails();
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
            One email on the mornings a follow-up is due, listing who to get back to. Notifications in the bell stay
            either way.
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
    </section>
  );
}

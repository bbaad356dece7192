import { INVALID_EMAIL_MESSAGE, isValidEmail, type User } from '@tend/contracts';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { useNotify } from '@/components/ui/toast';
import { ApiError, readErrorMessage } from '@/lib/api-client';
import { emailConfirmationPath } from '@/lib/routes';
import { useChangeEmail } from '../api/change-email';
import { EMAIL_NOT_SAVED_MESSAGE, EMAIL_UPDATE_FAILED_MESSAGE, EMAIL_UPDATE_NOT_SENT_MESSAGE } from '../messages';

/**
 * What an email update failure says (PRODUCT.md §8): the server failed to save it (5xx) 'Could not
 * update email in the database.'; the request did not get through 'Email update failed.'; the
 * server refused it (taken, wrong password, or 'We are unable to send a verification email at this
 * time...' when the new address had a mail too recently) its reason; else 'There was a problem
 * updating your email.'.
 */
export function emailUpdateFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return EMAIL_UPDATE_NOT_SENT_MESSAGE;
  if (error.status >= 500) return EMAIL_NOT_SAVED_MESSAGE;
  return readErrorMessage(error, EMAIL_UPDATE_FAILED_MESSAGE);
}

/** True when `draft` is a valid address different from the current one (gates the update button). */
export function canUpdateEmail(draft: string, currentEmail: string): boolean {
  const normalized = draft.trim().toLowerCase();
  return isValidEmail(normalized) && normalized !== currentEmail.trim().toLowerCase();
}

export function EmailSection({ user }: { user: User }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const changeEmail = useChangeEmail();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(user.email);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);

  const changed = canUpdateEmail(draft, user.email);
  const showInvalid = touched && draft.trim() !== '' && !isValidEmail(draft.trim());

  function cancel() {
    setEditing(false);
    setDraft(user.email);
    setPassword('');
    setTouched(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || password === '' || changeEmail.isPending) return;
    const desiredEmail = draft.trim().toLowerCase();
    changeEmail.mutate(
      { userId: user.id, desiredEmail, currentPassword: password },
      {
        onSuccess: () => void navigate(emailConfirmationPath(desiredEmail)),
        onError: (error) => notify.error(emailUpdateFailureMessage(error)),
      },
    );
  }

  return (
    <section className="panel">
      <h2 id="email-heading" className="panel__title">
        Email address
      </h2>
      {editing ? (
        <form className="form" onSubmit={handleSubmit} noValidate>
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            autoFocus
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => setTouched(true)}
            error={showInvalid ? INVALID_EMAIL_MESSAGE : null}
            hint="We will send a confirmation link to the new address. Your current address stays active until you confirm."
          />
          <PasswordField
            label="Confirm with password"
            name="current-password-for-email"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="form__actions">
            <Button variant="secondary" onClick={cancel} disabled={changeEmail.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!changed || password === ''} loading={changeEmail.isPending}>
              Update email address
            </Button>
          </div>
        </form>
      ) : (
        <div className="panel__row">
          <div>
            <p className="panel__value">{user.email}</p>
            {user.desired_email ? (
              <p className="panel__text muted">
                Waiting for you to confirm <EmailAddress address={user.desired_email} after="." />
              </p>
            ) : null}
          </div>
          <button type="button" className="icon-btn" aria-label="Edit email address" onClick={() => setEditing(true)}>
            <Pencil size={18} aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}

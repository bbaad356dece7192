import { WORDS, ORIGINAL_PASSWORD_INCORRECT_MESSAGE, type User } from '@tend/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { NewPasswordFields, useNewPassword } from '@/components/ui/new-password-fields';
import { PasswordField } from '@/components/ui/password-field';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import type { PasswordUpdatedState } from '@/lib/session';
import { ChangePasswordError, useChangePassword, WrongPasswordError } from '../api/change-password';
import { LOG_OUT_AFTER_PASSWORD_FAILED_MESSAGE, PASSWORD_UPDATE_FAILED_MESSAGE } from '../messages';

function failureMessage(error: unknown): string {
  if (error instanceof WrongPasswordError) return ORIGINAL_PASSWORD_INCORRECT_MESSAGE;
  if (error instanceof ChangePasswordError) {
    if (error.step === 'logout') return LOG_OUT_AFTER_PASSWORD_FAILED_MESSAGE;
    return readErrorMessage(error.cause, PASSWORD_UPDATE_FAILED_MESSAGE);
  }
  return PASSWORD_UPDATE_FAILED_MESSAGE;
}

export function PasswordSection({ user }: { user: User }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const changePassword = useChangePassword();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const next = newPassword.password;

  function reset() {
    setCurrent('');
    newPassword.clear();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (current === '' || changePassword.isPending) return;
    newPassword.attempt();
    // Spec: the new password is checked before the original one is validated.
    if (newPassword.problems().length > 0) return;
    changePassword.mutate(
      { userId: user.id, email: user.email, currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          // The password-updated page forgets the user once it is on screen (see PasswordUpdatedState).
          const state: PasswordUpdatedState = { finishLogout: true };
          void navigate(ROUTES.passwordUpdated, { replace: true, state });
        },
        onError: (error) => notify.error(failureMessage(error)),
      },
    );
  }

  return (
    <section className="panel">
      <h2 id="password-heading" className="panel__title">
        Password
      </h2>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <NewPasswordFields
          {...newPassword.fields}
          passwordLabel="Enter new password"
          confirmationLabel="Re-enter new password"
        />
        <p className="form__row">
          <Link to={ROUTES.forgotPassword}>{WORDS.forgotPassword}</Link>
        </p>
        {current !== '' ? (
          <div className="form__actions">
            <Button variant="secondary" onClick={reset} disabled={changePassword.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={next === '' || newPassword.confirmation === ''}
              loading={changePassword.isPending}
            >
              Update Password
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

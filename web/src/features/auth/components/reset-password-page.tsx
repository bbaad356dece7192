import { INVALID_RESET_LINK_MESSAGE, INVALID_RESET_LINK_TITLE } from '@tend/contracts';
import { LinkIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { NewPasswordFields, useNewPassword } from '@/components/ui/new-password-fields';
import { PageSpinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { ApiError, readErrorMessage } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { sessionKeys } from '@/lib/session';
import { useResetLinkCheck, useResetPassword } from '../api/reset-password';
import { PASSWORDS_DO_NOT_MATCH_TOAST, RESET_FAILED_MESSAGE } from '../messages';
import { AuthCard } from './auth-card';

function InvalidLink() {
  return (
    <AuthCard
      icon={<LinkIcon size={32} aria-hidden="true" />}
      title={INVALID_RESET_LINK_TITLE}
      subtitle={<p>{INVALID_RESET_LINK_MESSAGE}</p>}
    >
      <Link className={buttonClassName({ block: true, size: 'lg' })} to={ROUTES.forgotPassword}>
        Request a new link
      </Link>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const { email = '', token = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const check = useResetLinkCheck(email, token);
  const reset = useResetPassword();
  const newPassword = useNewPassword();
  const { password, confirmation } = newPassword;
  const [linkRejected, setLinkRejected] = useState(false);

  if (check.isPending) return <PageSpinner label="Checking your link" />;
  if (linkRejected || check.isError || !check.data.valid) return <InvalidLink />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    newPassword.attempt();
    if (password !== confirmation) {
      notify.error(PASSWORDS_DO_NOT_MATCH_TOAST);
      return;
    }
    if (newPassword.problems().length > 0) return;
    reset.mutate(
      { email, token, password },
      {
        onSuccess: () => {
          // A reset ends every session, including one in this browser.
          void queryClient
            .invalidateQueries({ queryKey: sessionKeys.all })
            .then(() => navigate(ROUTES.passwordUpdated, { replace: true }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors.includes(INVALID_RESET_LINK_MESSAGE)) setLinkRejected(true);
          else notify.error(readErrorMessage(error, RESET_FAILED_MESSAGE));
        },
      },
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle={
        <p>
          Choose a new password for <EmailAddress address={email} after="." />
        </p>
      }
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <NewPasswordFields
          {...newPassword.fields}
          passwordLabel="Enter new password"
          confirmationLabel="Re-enter new password"
        />
        <div className="form__actions">
          <Link className={buttonClassName({ variant: 'secondary' })} to={ROUTES.logIn}>
            Cancel
          </Link>
          <Button type="submit" disabled={password === '' || confirmation === ''} loading={reset.isPending}>
            Reset Password
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}

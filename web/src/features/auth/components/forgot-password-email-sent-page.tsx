import { MailCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { DevMailboxLink } from '@/components/ui/dev-mailbox-link';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/config';
import { ROUTES } from '@/lib/routes';
import { useForgotPassword } from '../api/forgot-password';
import { FORGOT_PASSWORD_FAILED_MESSAGE, NO_EMAIL_INPUT_MESSAGE } from '../messages';
import { AuthCard } from './auth-card';

function readEmail(state: unknown): string | null {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' && state.email) {
    return state.email;
  }
  return null;
}

/** Needs the address in navigation state (spec); a direct visit shows 'No email input'. */
export function ForgotPasswordEmailSentPage() {
  const location = useLocation();
  const email = readEmail(location.state);
  const notify = useNotify();
  const resend = useForgotPassword();
  const { dev_mailbox: devMailbox } = usePublicConfig();

  if (!email) {
    return (
      // Written for a person, not as a state (issue 27 point 9): the spec's 'No email input' stays as
      // the reason, under a heading that says what to do, with the way back to log in.
      <AuthCard
        title="Which email should we send the link to?"
        subtitle={
          <p>
            {NO_EMAIL_INPUT_MESSAGE}: this page follows the password reset form. Enter your email address there to
            receive a link.
          </p>
        }
        footer={
          <p>
            <Link to={ROUTES.logIn}>Back to log in</Link>
          </p>
        }
      >
        <Link to={ROUTES.forgotPassword} className={buttonClassName({ variant: 'primary', block: true })}>
          Enter your email
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<MailCheck size={36} aria-hidden="true" />}
      title="Check your email"
      subtitle={
        <>
          <p>
            If <EmailAddress address={email} strong /> belongs to a Tend account, we sent it a link to reset your
            password. The link works for one hour.
          </p>
          <p>If you do not see it, check your junk or spam folder.</p>
        </>
      }
      footer={
        <p>
          <Link to={ROUTES.logIn}>Back to log in</Link>
        </p>
      }
    >
      <p className="resend">
        Did not get the email?{' '}
        <Button
          variant="link"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(email, {
              onSuccess: (message) => notify.success(message),
              onError: (error) => notify.error(readErrorMessage(error, FORGOT_PASSWORD_FAILED_MESSAGE)),
            })
          }
        >
          Resend email
        </Button>
      </p>
      <DevMailboxLink enabled={devMailbox} />
    </AuthCard>
  );
}

import {
  WORDS,
  INVALID_VERIFICATION_LINK_MESSAGE,
  VERIFICATION_SENT_MESSAGE,
  type SendEmailVerificationRequest,
  type User,
} from '@tend/contracts';
import { CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { DevMailboxLink } from '@/components/ui/dev-mailbox-link';
import { PageSpinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/config';
import { emailConfirmationPath, ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session';
import { useSendEmailVerification } from '../api/send-email-verification';
import { isVerifiedUser, useVerifyEmail } from '../api/verify-email';
import { useLeaveToLanding } from '../hooks/use-leave-to-landing';
import { EMAIL_UPDATED_MESSAGE, RESEND_VERIFICATION_FAILED_MESSAGE } from '../messages';
import { AuthCard } from './auth-card';

/** How a confirmation link ended; kept in navigation state once the token is out of the URL. */
export type ConfirmationOutcome = 'verified' | 'updated' | 'verified-signed-out';

function readOutcome(state: unknown): ConfirmationOutcome | null {
  if (state && typeof state === 'object' && 'outcome' in state) {
    const { outcome } = state;
    if (outcome === 'verified' || outcome === 'updated' || outcome === 'verified-signed-out') return outcome;
  }
  return null;
}

function resendPayload(user: User | null, email: string): SendEmailVerificationRequest {
  if (!user) return { email };
  if (user.email_verified && user.desired_email) {
    return { user_id: user.id, is_update: true, desired_email: user.desired_email };
  }
  return { user_id: user.id };
}

export function EmailConfirmationPage() {
  const { email = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: user = null } = useSession();
  const verify = useVerifyEmail();
  const resend = useSendEmailVerification();
  const { leave, pending: leaving } = useLeaveToLanding();
  const startedFor = useRef<string | null>(null);
  const { dev_mailbox: devMailbox } = usePublicConfig();

  // A link from the email: POST the token once, then drop it from the address bar.
  useEffect(() => {
    if (!token || startedFor.current === token) return;
    startedFor.current = token;
    const wasVerified = user?.email_verified ?? false;
    verify.mutate(token, {
      onSuccess: (result) => {
        const outcome: ConfirmationOutcome = isVerifiedUser(result)
          ? wasVerified
            ? 'updated'
            : 'verified'
          : 'verified-signed-out';
        const confirmedEmail = isVerifiedUser(result) ? result.email : result.email || email;
        void navigate(emailConfirmationPath(confirmedEmail), { replace: true, state: { outcome } });
      },
    });
    // Only the token matters: the link is used once per page visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  function handleResend() {
    resend.mutate(resendPayload(user, email), {
      onSuccess: () => notify.success(VERIFICATION_SENT_MESSAGE),
      onError: (error) => notify.error(RESEND_VERIFICATION_FAILED_MESSAGE + readErrorMessage(error, '')),
    });
  }

  if (token && (verify.isPending || verify.isIdle)) return <PageSpinner label="Confirming your email address" />;

  const outcome = readOutcome(location.state);
  const isOwnVerifiedAddress = !!user && user.email_verified && user.email.toLowerCase() === email.toLowerCase();

  if (outcome === 'updated' || (!outcome && isOwnVerifiedAddress)) {
    return (
      <AuthCard
        icon={<CircleCheck size={36} aria-hidden="true" />}
        title={EMAIL_UPDATED_MESSAGE}
        subtitle={
          <p>
            Your account now uses <EmailAddress address={email} after="." />
          </p>
        }
      >
        <Link className={buttonClassName({ block: true, size: 'lg' })} to={ROUTES.board}>
          Back to Board
        </Link>
      </AuthCard>
    );
  }

  if (outcome === 'verified' || outcome === 'verified-signed-out') {
    const signedIn = outcome === 'verified' && !!user;
    return (
      <AuthCard
        icon={<CircleCheck size={36} aria-hidden="true" />}
        title="Email address verified!"
        subtitle={
          <p>
            {signedIn ? (
              'Thanks for confirming. Next, choose your plan.'
            ) : (
              <>
                You can now log in with <EmailAddress address={email} after="." />
              </>
            )}
          </p>
        }
      >
        <Link className={buttonClassName({ block: true, size: 'lg' })} to={signedIn ? ROUTES.board : ROUTES.logIn}>
          {signedIn ? 'Continue' : 'Log in'}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<MailCheck size={36} aria-hidden="true" />}
      title="Confirm your email address"
      subtitle={
        <>
          <p>Please confirm your email address to log in.</p>
          <p>
            We sent an email to <EmailAddress address={email} after="." strong /> If you do not see it, check your junk
            or spam folder.
          </p>
        </>
      }
      footer={
        user?.email_verified ? (
          <p>
            <Link to={ROUTES.board}>Back to Board</Link>
          </p>
        ) : user ? (
          <p>
            Wrong address or account?{' '}
            <Button variant="link" onClick={() => void leave()} loading={leaving}>
              {WORDS.logOut}
            </Button>
          </p>
        ) : (
          <p>
            Already confirmed? <Link to={ROUTES.logIn}>Log in</Link>
          </p>
        )
      }
    >
      {verify.isError ? <Alert>{readErrorMessage(verify.error, INVALID_VERIFICATION_LINK_MESSAGE)}</Alert> : null}
      <p className="resend">
        Did not get the email?{' '}
        <Button variant="link" onClick={handleResend} loading={resend.isPending}>
          Resend verification email
        </Button>
      </p>
      <DevMailboxLink enabled={devMailbox} />
    </AuthCard>
  );
}

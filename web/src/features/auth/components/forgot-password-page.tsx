import { WORDS, isValidEmail } from '@tend/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { useForgotPassword } from '../api/forgot-password';
import { FORGOT_PASSWORD_FAILED_MESSAGE } from '../messages';
import { AuthCard } from './auth-card';

export interface EmailSentState {
  email: string;
}

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const valid = isValidEmail(email);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || forgotPassword.isPending) return;
    const address = email.trim().toLowerCase();
    forgotPassword.mutate(address, {
      onSuccess: () =>
        void navigate(ROUTES.forgotPasswordEmailSent, { state: { email: address } satisfies EmailSentState }),
      onError: (error) => notify.error(readErrorMessage(error, FORGOT_PASSWORD_FAILED_MESSAGE)),
    });
  }

  return (
    <AuthCard
      title={WORDS.forgotPassword}
      subtitle="Enter the email address of your account and we will send you a link to reset it."
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="form__actions">
          <Link className={buttonClassName({ variant: 'secondary' })} to={ROUTES.logIn}>
            Cancel
          </Link>
          <Button type="submit" disabled={!valid} loading={forgotPassword.isPending}>
            Send email
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}

import { EMAIL_TAKEN_MESSAGE, INVALID_EMAIL_MESSAGE, isValidEmail, WORDS } from '@tend/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { emailConfirmationPath, ROUTES } from '@/lib/routes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { NewPasswordFields, useNewPassword } from '@/components/ui/new-password-fields';
import { useFreePlanCardLimit } from '@/lib/config';
import { TextField } from '@/components/ui/text-field';
import { readErrorMessages } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';
import { SIGN_UP_FAILED_MESSAGE } from '../messages';
import { AuthCard } from './auth-card';

export function SignUpPage() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();
  const { password } = newPassword;
  const freeCards = useFreePlanCardLimit();

  const allFilled = name !== '' && email !== '' && password !== '' && newPassword.confirmation !== '';
  const emailInvalid = newPassword.attempted && !isValidEmail(email);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!allFilled || signUp.isPending) return;
    newPassword.attempt();
    // The spec's combined check: its messages are not listed (the checklist shows them); it blocks.
    const blocked = newPassword.problems().length > 0 || name.trim() === '' || !isValidEmail(email);
    if (blocked) return;
    signUp.mutate(
      { name, email, password },
      { onSuccess: (user) => void navigate(emailConfirmationPath(user.email), { replace: true }) },
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        freeCards === null
          ? 'Keep your whole network here. No card details needed.'
          : `Start with ${freeCards} free contact cards. No card details needed.`
      }
      footer={
        <p>
          Already have an account? <Link to={ROUTES.logIn}>{WORDS.logIn}</Link>
        </p>
      }
    >
      {signUp.isError ? (
        <Alert>
          <ul className="alert__list">
            {readErrorMessages(signUp.error, SIGN_UP_FAILED_MESSAGE).map((message) =>
              // The address has an account: say where to go from here (issue 27 point 10).
              message === EMAIL_TAKEN_MESSAGE ? (
                <li key={message}>
                  {message}. <Link to={ROUTES.logIn}>{WORDS.logIn}</Link> or{' '}
                  <Link to={ROUTES.forgotPassword}>reset your password</Link>.
                </li>
              ) : (
                <li key={message}>{message}</li>
              ),
            )}
          </ul>
        </Alert>
      ) : null}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          value={email}
          onChange={(e) => setEmail(e.target.value.toLowerCase())}
          error={emailInvalid ? INVALID_EMAIL_MESSAGE : null}
        />
        <NewPasswordFields {...newPassword.fields} passwordLabel="Password" confirmationLabel="Re-enter Password" />
        <Button type="submit" block size="lg" disabled={!allFilled} loading={signUp.isPending}>
          Sign up
        </Button>
      </form>
      <p className="fine-print">
        By signing up you agree to the <Link to={ROUTES.terms}>Terms of Use</Link> and the{' '}
        <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>.
      </p>
    </AuthCard>
  );
}

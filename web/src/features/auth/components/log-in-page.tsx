import { WORDS } from '@tend/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { homePath, nextPathAfterLogIn, ROUTES } from '@/lib/routes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { readErrorMessage } from '@/lib/api-client';
import { useLogIn } from '../api/log-in';
import { LOG_IN_FAILED_MESSAGE } from '../messages';
import { AuthCard } from './auth-card';

export function LogInPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const logIn = useLogIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const canSubmit = email.trim() !== '' && password !== '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || logIn.isPending) return;
    // The route gate sends unverified users to email confirmation and plan-less users to the picker.
    // Back to the extension's connect page when that is what sent the person here.
    // Otherwise where 'Open Tend on' says (the board or Today).
    const next = nextPathAfterLogIn(search);
    logIn.mutate(
      { email, password },
      { onSuccess: (user) => void navigate(next ?? homePath(user), { replace: true }) },
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to tend your network."
      footer={
        <p>
          New to Tend? <Link to={ROUTES.signUp}>Sign up</Link>
        </p>
      }
    >
      {logIn.isError ? <Alert>{readErrorMessage(logIn.error, LOG_IN_FAILED_MESSAGE)}</Alert> : null}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          toggle
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form__row form__row--end">
          <Link to={ROUTES.forgotPassword}>{WORDS.forgotPassword}</Link>
        </div>
        <Button type="submit" block size="lg" disabled={!canSubmit} loading={logIn.isPending}>
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}

import { PASSWORDS_MUST_MATCH_MESSAGE, passwordProblems } from '@tend/contracts';
import { useState } from 'react';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (password: string) => void;
  onConfirmationChange: (confirmation: string) => void;
  /** After a submit attempt: unmet rules turn red and a mismatch says 'Passwords must match.'. */
  attempted: boolean;
  /** The spec's labels differ by screen ('Password' on sign-up, 'Enter new password' elsewhere). */
  passwordLabel: string;
  confirmationLabel: string;
}

/**
 * A new password and its confirmation, the same on sign-up, reset and settings: the password with
 * its show/hide toggle and live checklist (PRODUCT.md §5), the confirmation with 'Passwords must
 * match.' once a submit was attempted. The screen runs `passwordProblems` before it submits.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  attempted,
  passwordLabel,
  confirmationLabel,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={passwordLabel}
        name="new-password"
        autoComplete="new-password"
        toggle
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        hint={<PasswordChecklist password={password} attempted={attempted} />}
      />
      <PasswordField
        label={confirmationLabel}
        name="confirm-new-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.target.value)}
        error={attempted && password !== confirmation ? PASSWORDS_MUST_MATCH_MESSAGE : null}
      />
    </>
  );
}

/** A new password's state, for a screen that shows `NewPasswordFields` with `{...fields}`. */
export interface NewPassword {
  password: string;
  confirmation: string;
  attempted: boolean;
  /** A submit was tried: unmet rules and a mismatch show from now on. */
  attempt(): void;
  /** The spec's combined password and confirmation check (empty: they may be submitted). */
  problems(): string[];
  clear(): void;
  fields: Pick<
    NewPasswordFieldsProps,
    'password' | 'confirmation' | 'onPasswordChange' | 'onConfirmationChange' | 'attempted'
  >;
}

export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [attempted, setAttempted] = useState(false);
  return {
    password,
    confirmation,
    attempted,
    attempt: () => setAttempted(true),
    problems: () => passwordProblems(password, confirmation),
    clear: () => {
      setPassword('');
      setConfirmation('');
      setAttempted(false);
    },
    fields: {
      password,
      confirmation,
      attempted,
      onPasswordChange: setPassword,
      onConfirmationChange: setConfirmation,
    },
  };
}

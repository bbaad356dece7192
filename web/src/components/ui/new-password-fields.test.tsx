import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NewPasswordFields } from './new-password-fields';

function Harness({ attempted }: { attempted: boolean }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return (
    <NewPasswordFields
      password={password}
      confirmation={confirmation}
      onPasswordChange={setPassword}
      onConfirmationChange={setConfirmation}
      attempted={attempted}
      passwordLabel="Enter new password"
      confirmationLabel="Re-enter new password"
    />
  );
}

const states = () =>
  screen.getAllByRole('listitem').map((item) => `${item.querySelector('span')?.textContent}: ${item.dataset['state']}`);

describe('NewPasswordFields', () => {
  it('checks the password live and hides the mismatch until a submit was attempted', async () => {
    const user = userEvent.setup();
    render(<Harness attempted={false} />);
    await user.type(screen.getByLabelText('Enter new password'), 'abcdefgh');
    await user.type(screen.getByLabelText('Re-enter new password'), 'abc');
    expect(states()).toEqual([
      'At least 8 characters: met',
      'One uppercase letter: unmet',
      'One lowercase letter: met',
      'One number: unmet',
    ]);
    expect(screen.queryByText('Passwords must match.')).not.toBeInTheDocument();
  });

  it('after a submit attempt, marks unmet rules and says the passwords must match', async () => {
    const user = userEvent.setup();
    render(<Harness attempted />);
    await user.type(screen.getByLabelText('Enter new password'), 'Tending2Network');
    await user.type(screen.getByLabelText('Re-enter new password'), 'Tending2Netwrk');
    expect(screen.getByText('Passwords must match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Re-enter new password')).toHaveAccessibleDescription(/Passwords must match\./);
    await user.type(screen.getByLabelText('Re-enter new password'), '{Backspace}{Backspace}ork');
    expect(screen.queryByText('Passwords must match.')).not.toBeInTheDocument();
  });

  it('shows and hides the new password with its toggle', async () => {
    const user = userEvent.setup();
    render(<Harness attempted={false} />);
    const input = screen.getByLabelText('Enter new password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });
});

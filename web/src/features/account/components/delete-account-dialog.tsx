import type { User } from '@tend/contracts';
import { WORDS } from '@tend/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/password-field';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { DELETE_ACCOUNT_FAILED_MESSAGE } from '../messages';

interface DeleteAccountDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Delete account?': re-authentication before the destructive change, like an email change. The
 * account goes only with the password; a failure says the server's first reason (PRODUCT.md §8).
 */
export function DeleteAccountDialog({ user, open, onOpenChange }: DeleteAccountDialogProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const deleteAccount = useDeleteAccount();
  const [password, setPassword] = useState('');
  const formId = useId();

  function close(next: boolean) {
    if (deleteAccount.isPending) return;
    if (!next) setPassword('');
    onOpenChange(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '' || deleteAccount.isPending) return;
    deleteAccount.mutate(
      { userId: user.id, password },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: (error) => notify.error(readErrorMessage(error, DELETE_ACCOUNT_FAILED_MESSAGE)),
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={WORDS.deleteAccountTitle}
      description={<p>This permanently deletes your account and everything in it. This cannot be undone.</p>}
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={deleteAccount.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            disabled={password === ''}
            loading={deleteAccount.isPending}
          >
            {WORDS.deleteAccountConfirm}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <PasswordField
          label="Password"
          name="current-password-for-delete"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint="Enter your password to confirm it is you."
        />
      </form>
    </Modal>
  );
}

import { WORDS } from '@tend/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useNotify } from '@/components/ui/toast';
import { useLogout } from '@/lib/session';
import { LOG_OUT_FAILED_MESSAGE } from '../messages';

interface LogOutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function LogOutDialog({ open, onOpenChange }: LogOutDialogProps) {
  const logout = useLogout();
  const navigate = useNavigate();
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  async function handleConfirm() {
    setPending(true);
    try {
      await logout();
      onOpenChange(false);
      void navigate('/', { replace: true });
    } catch {
      notify.error(LOG_OUT_FAILED_MESSAGE);
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={WORDS.logOutTitle}
      description={
        <>
          <p>Great job growing and maintaining your network!</p>
          <p>You deserve a break.</p>
        </>
      }
      confirmLabel={WORDS.logOut}
      onConfirm={() => void handleConfirm()}
      pending={pending}
    />
  );
}

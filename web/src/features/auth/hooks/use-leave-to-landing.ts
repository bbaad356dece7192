import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '@/components/ui/toast';
import { useLogout, useSession } from '@/lib/session';
import { LOG_OUT_FAILED_MESSAGE } from '../messages';

/** Spec: the logo on auth screens logs out (if signed in) and goes to the landing page. */
export function useLeaveToLanding() {
  const { data: user } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  const leave = useCallback(async () => {
    if (!user) {
      void navigate('/');
      return;
    }
    setPending(true);
    try {
      await logout();
      void navigate('/', { replace: true });
    } catch {
      notify.error(LOG_OUT_FAILED_MESSAGE);
    } finally {
      setPending(false);
    }
  }, [user, logout, navigate, notify]);

  return { leave, pending, signedIn: !!user };
}

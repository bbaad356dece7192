import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Wordmark } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { AuthToastDuration } from '@/components/ui/toast';
import { useLeaveToLanding } from '../hooks/use-leave-to-landing';
import '../auth.css';

interface AuthLayoutProps {
  children?: ReactNode;
  /** Wider content area for the plan picker. */
  wide?: boolean;
}

/** Frame of the auth-related screens: logo (logs out and goes home), centred card, 5 s toasts. */
export function AuthLayout({ children, wide = false }: AuthLayoutProps) {
  const { leave, pending, signedIn } = useLeaveToLanding();
  return (
    <AuthToastDuration>
      <div className="auth">
        <header className="auth__header">
          <button
            type="button"
            className="logo-button"
            onClick={() => void leave()}
            disabled={pending}
            aria-label={signedIn ? 'Tend home (logs you out)' : 'Tend home'}
          >
            <Wordmark />
            {pending ? <Spinner size={14} /> : null}
          </button>
        </header>
        <main className={wide ? 'auth__main auth__main--wide' : 'auth__main'}>{children ?? <Outlet />}</main>
      </div>
    </AuthToastDuration>
  );
}

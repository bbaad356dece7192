import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { ROUTES } from '@/lib/routes';
import { finishLogout, type PasswordUpdatedState } from '@/lib/session';
import { PASSWORD_UPDATED_DETAIL, PASSWORD_UPDATED_TITLE } from '../messages';
import { AuthCard } from './auth-card';

export function PasswordUpdatedPage() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const pendingLogout = (location.state as PasswordUpdatedState | null)?.finishLogout === true;
  useEffect(() => {
    // Forgetting the user only once this page is showing keeps the route gate from sending the
    // signed-out user from /settings to the landing page first (a race when the page loads slowly).
    if (pendingLogout) void finishLogout(queryClient);
  }, [pendingLogout, queryClient]);

  return (
    <AuthCard
      icon={<CircleCheck size={36} aria-hidden="true" />}
      title={PASSWORD_UPDATED_TITLE}
      titleDetail={PASSWORD_UPDATED_DETAIL}
    >
      <Link className={buttonClassName({ block: true, size: 'lg' })} to={ROUTES.logIn}>
        Log in
      </Link>
    </AuthCard>
  );
}

import { CloudOff } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Navigate, NavigationType, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { MobileNotice } from '@/components/ui/mobile-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useSession } from '@/lib/session';
import { useFirstScreenCode } from './first-screen-code';
import { decideRouteAccess } from './route-access';

// Only a verified user without a plan sees it: not part of what a visitor downloads.
const PlanSelectionPage = lazy(async () => ({
  default: (await import('@/features/billing/components/plan-selection-page')).PlanSelectionPage,
}));

/** A new screen starts at the top; going back keeps the browser's own scroll restoration. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

function SessionError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="empty-state empty-state--page" role="alert">
      <CloudOff size={36} aria-hidden="true" />
      <h1 className="empty-state__title">Tend cannot be reached right now.</h1>
      <p>Please check your connection and try again.</p>
      <Button onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}

/**
 * Root of every route: waits for `GET /api/session` and for the first screen's code the preload
 * started (a spinner, never a flash of the wrong screen), then applies `decideRouteAccess`.
 */
export function RouteGate() {
  const location = useLocation();
  const session = useSession();
  const firstScreenCode = useFirstScreenCode();

  let content;
  if (session.isPending || !firstScreenCode) {
    content = <PageSpinner label="Loading Tend" />;
  } else if (session.isError && session.data === undefined) {
    content = <SessionError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  } else {
    const decision = decideRouteAccess(session.data ?? null, location.pathname, location.search);
    if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
    content =
      decision.kind === 'plan-selection' ? (
        <AuthLayout wide>
          <PlanSelectionPage />
        </AuthLayout>
      ) : (
        <Outlet />
      );
  }

  return (
    <>
      <MobileNotice />
      <Suspense fallback={<PageSpinner label="Loading Tend" />}>{content}</Suspense>
      <ScrollToTopOnNavigate />
    </>
  );
}

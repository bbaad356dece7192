import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { EmailConfirmationPage } from '../features/auth/components/email-confirmation-page';
import { ForgotPasswordEmailSentPage } from '../features/auth/components/forgot-password-email-sent-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LogInPage } from '../features/auth/components/log-in-page';
import { PasswordUpdatedPage } from '../features/auth/components/password-updated-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { SignUpPage } from '../features/auth/components/sign-up-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { LegalPage } from '../features/landing/components/legal-page';
import { ROUTES } from '../lib/routes';
import { BoardLayout } from './layouts/board-layout';
import { SettingsLayout } from './layouts/settings-layout';
import { RouteGate } from './route-gate';

// The signed-in screens load on demand (the board carries drag and drop and image cropping).
const boardScreen = async () => ({ Component: (await import('./layouts/board-screen')).BoardScreen });
const settingsPage = async () => ({
  Component: (await import('../features/settings/components/settings-page')).SettingsPage,
});
const accountPage = async () => ({
  Component: (await import('../features/billing/components/account-page')).AccountPage,
});
const planUpdatedPage = async () => ({
  Component: (await import('../features/billing/components/plan-updated-page')).PlanUpdatedPage,
});

/**
 * Every screen of the SPA. Who may see which path is decided by `decideRouteAccess` in the gate;
 * the catch-all below is never rendered because the gate redirects unknown paths first.
 */
export const routes: RouteObject[] = [
  {
    element: <RouteGate />,
    // Shown while a lazily loaded screen is fetched for the first URL of the visit.
    hydrateFallbackElement: <PageSpinner label="Loading Tend" />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/terms', element: <LegalPage /> },
      { path: '/privacy-policy', element: <LegalPage /> },
      {
        element: <AuthLayout />,
        children: [
          { path: '/signup', element: <SignUpPage /> },
          { path: '/login', element: <LogInPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/forgot-password-email-sent', element: <ForgotPasswordEmailSentPage /> },
          { path: '/reset-password/:email/:token', element: <ResetPasswordPage /> },
          { path: '/password-updated', element: <PasswordUpdatedPage /> },
          { path: '/email-confirmation/:email', element: <EmailConfirmationPage /> },
        ],
      },
      {
        element: <BoardLayout />,
        children: [
          {
            // One board for all four addresses: each only opens a modal over it.
            lazy: boardScreen,
            children: [
              { path: ROUTES.board, element: null },
              { path: `${ROUTES.board}/:contactId`, element: null },
              { path: ROUTES.addContact, element: null },
              { path: ROUTES.limitReached, element: null },
            ],
          },
        ],
      },
      {
        element: <SettingsLayout />,
        children: [
          { path: '/settings', lazy: settingsPage },
          { path: '/account', lazy: accountPage },
          { path: '/plan-updated/:status', lazy: planUpdatedPage },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

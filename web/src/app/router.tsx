import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { EmailConfirmationPage } from '@/features/auth/components/email-confirmation-page';
import { ForgotPasswordEmailSentPage } from '@/features/auth/components/forgot-password-email-sent-page';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { LogInPage } from '@/features/auth/components/log-in-page';
import { PasswordUpdatedPage } from '@/features/auth/components/password-updated-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { SignUpPage } from '@/features/auth/components/sign-up-page';
import { ROUTES } from '@/lib/routes';
import { lazyScreen, moduleLoader } from './lazy-screen';
import { RouteGate } from './route-gate';

// Everything behind sign-in loads on demand: the landing page and the auth screens carry none of
// the board (drag and drop, virtual lists, cropping) nor the top bar's menus and dialogs. A layout
// and the screens inside it are fetched together, so opening one costs one round trip, not two.
// Each group loads once (`moduleLoader`): the first screen's preload and the route share it.
export const boardModules = moduleLoader(() =>
  Promise.all([import('./layouts/board-layout'), import('./layouts/board-screen')]),
);
export const settingsModules = moduleLoader(() =>
  Promise.all([
    import('./layouts/settings-layout'),
    import('@/features/settings/components/settings-page'),
    import('./layouts/account-screen'),
    import('@/features/billing/components/plan-updated-page'),
  ]),
);

export const importModules = moduleLoader(() => import('./layouts/import-screen'));
export const networkModules = moduleLoader(() =>
  Promise.all([import('./layouts/settings-layout'), import('./layouts/network-screen')]),
);
export const todayModules = moduleLoader(() =>
  Promise.all([import('./layouts/settings-layout'), import('@/features/today/components/today-page')]),
);

// Visitors get the landing page prerendered (landing.html); the app shows it after a logout.
const LandingPage = lazyScreen(
  moduleLoader(() => import('@/features/landing/components/landing-page')),
  (module) => module.LandingPage,
);
const UnsubscribePage = lazyScreen(
  moduleLoader(() => import('@/features/notifications/components/unsubscribe-page')),
  (module) => module.UnsubscribePage,
);
const EmailActionPage = lazyScreen(
  moduleLoader(() => import('@/features/notifications/components/email-action-page')),
  (module) => module.EmailActionPage,
);
const LegalPage = lazyScreen(
  moduleLoader(() => import('@/features/landing/components/legal-page')),
  (module) => module.LegalPage,
);
const DemoPage = lazyScreen(
  moduleLoader(() => import('@/features/landing/components/demo-page')),
  (module) => module.DemoPage,
);
const BoardLayout = lazyScreen(boardModules, ([layout]) => layout.BoardLayout);
const BoardScreen = lazyScreen(boardModules, ([, screen]) => screen.BoardScreen);
export const extensionModules = moduleLoader(() =>
  Promise.all([
    import('./layouts/settings-layout'),
    import('@/features/extension/components/extension-install-page'),
    import('@/features/extension/components/extension-connect-page'),
  ]),
);
const ExtensionInstallPage = lazyScreen(extensionModules, ([, install]) => install.ExtensionInstallPage);
const ExtensionConnectPage = lazyScreen(extensionModules, ([, , connect]) => connect.ExtensionConnectPage);
const SettingsLayout = lazyScreen(settingsModules, ([layout]) => layout.SettingsLayout);
const SettingsPage = lazyScreen(settingsModules, ([, settings]) => settings.SettingsPage);
const AccountScreen = lazyScreen(settingsModules, ([, , account]) => account.AccountScreen);
const PlanUpdatedPage = lazyScreen(settingsModules, ([, , , planUpdated]) => planUpdated.PlanUpdatedPage);
const ImportScreen = lazyScreen(importModules, (module) => module.ImportScreen);
const TodayPage = lazyScreen(todayModules, ([, today]) => today.TodayPage);
const NetworkScreen = lazyScreen(networkModules, ([, network]) => network.NetworkScreen);

/**
 * Every screen of the SPA. Who may see which path is decided by `decideRouteAccess` in the gate;
 * the catch-all below is never rendered because the gate redirects unknown paths first.
 */
export const routes: RouteObject[] = [
  {
    element: <RouteGate />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/terms', element: <LegalPage /> },
      { path: '/privacy-policy', element: <LegalPage /> },
      { path: ROUTES.demo, element: <DemoPage /> },
      { path: ROUTES.unsubscribe, element: <UnsubscribePage /> },
      { path: ROUTES.emailAction, element: <EmailActionPage /> },
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
            element: <BoardScreen />,
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
          { path: ROUTES.today, element: <TodayPage /> },
          {
            // One network for both addresses (a person's dialog opens over it): the search stays.
            element: <NetworkScreen />,
            children: [
              { path: ROUTES.network, element: null },
              { path: `${ROUTES.network}/:contactId`, element: null },
            ],
          },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/account', element: <AccountScreen /> },
          { path: '/plan-updated/:status', element: <PlanUpdatedPage /> },
          { path: ROUTES.import, element: <ImportScreen /> },
          { path: ROUTES.extension, element: <ExtensionInstallPage /> },
          { path: ROUTES.extensionConnect, element: <ExtensionConnectPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The route table rendered by the browser router (`app.tsx`). */
export function AppRoutes() {
  return useRoutes(routes);
}

import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The declarative `BrowserRouter`: the data router (`createBrowserRouter`) would add 16 KiB gzipped
 * of loaders, actions and fetchers to every page, the landing page included, for features the app
 * does not use (see docs/PERFORMANCE.md).
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

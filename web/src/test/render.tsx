import type { User } from '@tend/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';
import { sessionKeys } from '@/lib/session';

/** Renders the current location so tests can assert where a screen navigated. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-search={location.search} data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

interface RenderOptions {
  /** Where the screen is mounted, e.g. '/login'. */
  path: string;
  /** The initial URL (defaults to `path`). */
  url?: string;
  state?: unknown;
  /** Pre-seeds the session query: a user, null (signed out) or undefined (not loaded). */
  user?: User | null;
}

/** Renders one screen inside a memory router and a fresh query client; other paths show a probe. */
export function renderScreen(element: ReactElement, { path, url, state, user }: RenderOptions) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(sessionKeys.all, user);
  const routes: RouteObject[] = [
    {
      path,
      element: (
        <>
          {element}
          <LocationProbe />
        </>
      ),
    },
    { path: '*', element: <LocationProbe /> },
  ];
  const [pathname = '/', search] = (url ?? path).split('?');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state }],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders a whole route table (the app's own) at `url`. */
export function renderRoutes(routes: RouteObject[], url: string, user?: User | null) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(sessionKeys.all, user);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

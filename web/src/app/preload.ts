import type { QueryClient } from '@tanstack/react-query';
import { contactsQueryOptions } from '@/features/board/api/get-contacts';
import { tiersQueryOptions } from '@/features/board/api/get-tiers';
import { todayQueryOptions } from '@/features/today/api/get-today';
import { sessionQueryOptions } from '@/lib/session';
import { classifyPath } from './route-access';
import { boardModules, importModules, settingsModules, todayModules } from './router';

/**
 * Starts what the first address of a visit needs, all at once: the session, and for a signed-in
 * screen its code (and the board's columns and cards), instead of one after the other (session,
 * then the screen's code, then its data). A visitor who turns out to be signed out gets 401s for
 * the data, which nothing shows; the route gate decides as always.
 */
export function preloadFirstScreen(pathname: string, queryClient: QueryClient): void {
  void queryClient.prefetchQuery(sessionQueryOptions);
  const { kind } = classifyPath(pathname);
  if (kind === 'board') {
    void boardModules().catch(() => undefined);
    void queryClient.prefetchQuery(tiersQueryOptions);
    void queryClient.prefetchQuery(contactsQueryOptions);
  } else if (kind === 'settings' || kind === 'account' || kind === 'plan-updated') {
    void settingsModules().catch(() => undefined);
  } else if (kind === 'today') {
    void todayModules().catch(() => undefined);
    void queryClient.prefetchQuery(todayQueryOptions);
  } else if (kind === 'import') {
    // The import screen sits in the settings layout and offers the board's columns.
    void settingsModules().catch(() => undefined);
    void importModules().catch(() => undefined);
    void queryClient.prefetchQuery(tiersQueryOptions);
  }
}

import type { QueryClient } from '@tanstack/react-query';
import { contactsQueryOptions } from '@/features/board/api/get-contacts';
import { tiersQueryOptions } from '@/features/board/api/get-tiers';
import { contactInteractionsQueryOptions } from '@/features/contact/api/get-interactions';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { todayQueryOptions } from '@/features/today/api/get-today';
import { publicConfigQuery } from '@/lib/config';
import { sessionQueryOptions } from '@/lib/session';
import { holdFirstScreenUntil } from './first-screen-code';
import { contactCardModules } from './layouts/contact-dialogs';
import { classifyPath } from './route-access';
import { boardModules, importModules, settingsModules, todayModules } from './router';

/**
 * Starts what the first address of a visit needs, all at once: the session, and for a signed-in
 * screen its code (for the board also its columns and cards, the top bar's notifications and the
 * server's settings; at /kanban/{id} the card's code and interactions), instead of one after the
 * other (session, then the screen's code, then its data). A visitor who turns out to be signed out
 * gets 401s for the data, which nothing shows; the route gate decides as always.
 */
export function preloadFirstScreen(pathname: string, queryClient: QueryClient): void {
  void queryClient.prefetchQuery(sessionQueryOptions);
  const { kind } = classifyPath(pathname);
  if (kind === 'board') {
    holdFirstScreenUntil(boardModules());
    void queryClient.prefetchQuery(tiersQueryOptions);
    void queryClient.prefetchQuery(contactsQueryOptions);
    // The top bar's: asked for when the board's layout mounted, after the session and the code.
    void queryClient.prefetchQuery(notificationsQueryOptions);
    void queryClient.prefetchQuery(publicConfigQuery);
    // At /kanban/{id} the card opens over the board, with a spinner of its own while its code
    // loads (the gate does not wait for it); its interactions are asked for with the board.
    const contactId = /^\/kanban\/(\d+)\/?$/.exec(pathname)?.[1];
    if (contactId) {
      void contactCardModules().catch(() => undefined);
      void queryClient.prefetchQuery(contactInteractionsQueryOptions(Number(contactId)));
    }
  } else if (kind === 'settings' || kind === 'account' || kind === 'plan-updated') {
    holdFirstScreenUntil(settingsModules());
  } else if (kind === 'today') {
    holdFirstScreenUntil(todayModules());
    void queryClient.prefetchQuery(todayQueryOptions);
    void queryClient.prefetchQuery(notificationsQueryOptions);
    void queryClient.prefetchQuery(publicConfigQuery);
  } else if (kind === 'import') {
    // The import screen sits in the settings layout and offers the board's columns.
    holdFirstScreenUntil(Promise.all([settingsModules(), importModules()]));
    void queryClient.prefetchQuery(tiersQueryOptions);
  }
}

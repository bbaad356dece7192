import type { SessionResponse, User } from '@tend/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from './api-client';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

export const sessionKeys = {
  all: ['session'] as const,
};

function isUser(value: SessionResponse | undefined | null): value is User {
  return !!value && typeof value === 'object' && 'id' in value && typeof value.id === 'number';
}

/** Keeps the local-storage copy of the session user in step (spec: "session user in local storage"). */
function persistUser(user: User | null): void {
  writeStorage(STORAGE_KEYS.currentUser, user ? JSON.stringify(user) : null);
}

/** The last signed-in user seen by this browser, if any (a cache; the server session decides). */
export function readStoredUser(): User | null {
  const raw = readStorage(STORAGE_KEYS.currentUser);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as SessionResponse;
    return isUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** `GET /api/session`: the user, or null when signed out. Also stores the CSRF token (api client). */
export async function fetchSession(): Promise<User | null> {
  const body = await api<SessionResponse>('/api/session');
  const user = isUser(body) ? body : null;
  persistUser(user);
  return user;
}

/**
 * Stale at once, so coming back to the tab asks the server again (a logout in another tab shows).
 * Not on mount: the gate asks once per visit, and the top bar, the board and the bell mount their
 * readers right after its answer; each of them asked again, a second `/api/session` on every first
 * load of the board (docs/PERFORMANCE.md, issue 28).
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: fetchSession,
  staleTime: 0,
  refetchOnMount: false,
  refetchOnWindowFocus: true,
});

/** The session query: `data` is the user, null when signed out, undefined while loading. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * The signed-in user; only call below the route gate, which guarantees one. While a screen is
 * being left after logout or account deletion it keeps the last user instead of throwing.
 */
export function useCurrentUser(): User {
  const { data } = useSession();
  const [lastUser, setLastUser] = useState<User | null>(data ?? null);
  if (data && data !== lastUser) setLastUser(data);
  const user = data ?? lastUser;
  if (!user) throw new Error('useCurrentUser called without a signed-in user.');
  return user;
}

/** Stores the user returned by any call that answers with the user (login, sign-up, PATCH ...). */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  persistUser(user);
  queryClient.setQueryData(sessionKeys.all, user);
}

/** Forgets everything about the signed-in user: cached queries, stored user. */
export function clearSession(queryClient: QueryClient): void {
  setSessionUser(queryClient, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
}

/** `DELETE /api/session` only; callers that navigate first then call `finishLogout`. */
export function endSession(): Promise<void> {
  return api<void>('/api/session', { method: 'DELETE' });
}

/** Clears local state after the server session ended and picks up a fresh signed-out CSRF token. */
export async function finishLogout(queryClient: QueryClient): Promise<void> {
  clearSession(queryClient);
  try {
    setSessionUser(queryClient, await fetchSession());
  } catch {
    // The next non-GET call fetches a token itself.
  }
}

/**
 * Navigation state for /password-updated after a password change: that page calls
 * `finishLogout` once it is on screen.
 */
export interface PasswordUpdatedState {
  finishLogout?: boolean;
}

/** `DELETE /api/session`, then `finishLogout`. */
export async function logout(queryClient: QueryClient): Promise<void> {
  await endSession();
  await finishLogout(queryClient);
}

export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => logout(queryClient), [queryClient]);
}

/** The browser's IANA zone, sent at sign-up and login ("today" is the user's local date). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

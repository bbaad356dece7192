import type { User } from '@tend/contracts';

/** Paths of the SPA (PRODUCT.md §2), shared by the router, the route gate and every screen. */
export const ROUTES = {
  landing: '/',
  terms: '/terms',
  privacyPolicy: '/privacy-policy',
  /** The page that plays the demo video (the landing page shows its poster). */
  demo: '/demo',
  signUp: '/signup',
  logIn: '/login',
  forgotPassword: '/forgot-password',
  forgotPasswordEmailSent: '/forgot-password-email-sent',
  passwordUpdated: '/password-updated',
  board: '/kanban',
  /** Who to contact today (issue 24). */
  today: '/today',
  /** Everyone not on the board (issue 26). */
  network: '/network',
  addContact: '/add-contact',
  limitReached: '/limit-reached',
  settings: '/settings',
  account: '/account',
  /** A reminder email's unsubscribe link (`?token=`): public, signed in or not. */
  unsubscribe: '/unsubscribe',
  /** A reminder digest's Done or Snooze 1 week link (`?token=`): public; asks before it acts. */
  emailAction: '/email-action',
  import: '/import',
  /** The in-app install page of the Chrome extension (when no store page is configured). */
  extension: '/extension',
  /** Opened by the extension: approve, and the page hands it a token. */
  extensionConnect: '/extension/connect',
} as const;

/** Where a signed-in visit starts: 'Open Tend on' in Settings (the board unless the user chose Today). */
export function homePath(user: Pick<User, 'open_on'>): string {
  return user.open_on === 'today' ? ROUTES.today : ROUTES.board;
}

/** Encodes one path segment but keeps '@' readable (it is allowed in a path). */
function segment(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

export function emailConfirmationPath(email: string): string {
  return `/email-confirmation/${segment(email)}`;
}

export function resetPasswordPath(email: string, token: string): string {
  return `/reset-password/${segment(email)}/${segment(token)}`;
}

export function boardContactPath(contactId: number | string): string {
  return `${ROUTES.board}/${segment(String(contactId))}`;
}

/** A person of the network with their dialog open. */
export function networkContactPath(contactId: number | string): string {
  return `${ROUTES.network}/${segment(String(contactId))}`;
}

export function planUpdatedPath(status: string): string {
  return `/plan-updated/${segment(status)}`;
}

/** A contact's card opened on its 'Follow-up message' tab (where a notification leads). */
export function contactFollowUpPath(contactId: number | string): string {
  return `${boardContactPath(contactId)}?tab=follow-up`;
}

/** The import screen at one import (its review, progress or summary survives a reload). */
export function importPath(importId: string): string {
  return `${ROUTES.import}?id=${encodeURIComponent(importId)}`;
}

/** The board narrowed to the cards one import added. */
export function boardImportPath(importId: string): string {
  return `${ROUTES.board}?import=${encodeURIComponent(importId)}`;
}

/**
 * Log-in that comes back to the extension's connect page: the extension opens it for a person who
 * may be signed out, and approving is the reason they came.
 */
export function logInPathReturningTo(path: string): string {
  return `${ROUTES.logIn}?next=${encodeURIComponent(path)}`;
}

/**
 * Where a log-in goes back to (`?next=`): only the extension's connect page, on this site, with its
 * query. Anything else (another path, another site) is ignored, so the link cannot send a person
 * elsewhere.
 */
export function nextPathAfterLogIn(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//')) return null;
  const base = 'https://tend.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  return url.origin === base && url.pathname === ROUTES.extensionConnect ? `${url.pathname}${url.search}` : null;
}

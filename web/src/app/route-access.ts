import type { User } from '@tend/contracts';
import { emailConfirmationPath, homePath, logInPathReturningTo, nextPathAfterLogIn, ROUTES } from '@/lib/routes';

/**
 * What the router should do for a path, decided from the session user alone (PRODUCT.md §2).
 * - `allow`: render the matched route.
 * - `redirect`: replace the location with `to`.
 * - `plan-selection`: a verified user without a plan sees the plan picker at this path.
 */
export type RouteDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'plan-selection' };

type PathKind =
  | 'landing'
  | 'legal'
  | 'sign-up'
  | 'log-in'
  | 'forgot-password'
  | 'forgot-password-email-sent'
  | 'reset-password'
  | 'password-updated'
  | 'email-confirmation'
  | 'board'
  | 'today'
  | 'network'
  | 'settings'
  | 'account'
  | 'plan-updated'
  | 'unsubscribe'
  | 'email-action'
  | 'import'
  | 'extension-install'
  | 'extension-connect'
  | 'unknown';

interface ClassifiedPath {
  kind: PathKind;
  /** The decoded email of /email-confirmation/{email}. */
  email?: string;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Classifies a pathname; a single trailing slash is ignored ("/login/" is "/login"). */
export function classifyPath(pathname: string): ClassifiedPath {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const path = trimmed === '' ? '/' : trimmed;
  const segments = path.split('/').slice(1);
  const [first, ...rest] = segments;

  switch (path) {
    case ROUTES.landing:
      return { kind: 'landing' };
    // The demo video's page is public like the legal pages, for anyone who may see them.
    case ROUTES.terms:
    case ROUTES.privacyPolicy:
    case ROUTES.demo:
      return { kind: 'legal' };
    case ROUTES.signUp:
      return { kind: 'sign-up' };
    case ROUTES.logIn:
      return { kind: 'log-in' };
    case ROUTES.forgotPassword:
      return { kind: 'forgot-password' };
    case ROUTES.forgotPasswordEmailSent:
      return { kind: 'forgot-password-email-sent' };
    case ROUTES.passwordUpdated:
      return { kind: 'password-updated' };
    case ROUTES.board:
    case ROUTES.addContact:
    case ROUTES.limitReached:
      // The board with its add-contact or limit modal open.
      return { kind: 'board' };
    case ROUTES.today:
      return { kind: 'today' };
    case ROUTES.network:
      return { kind: 'network' };
    case ROUTES.settings:
      return { kind: 'settings' };
    case ROUTES.account:
      return { kind: 'account' };
    case ROUTES.unsubscribe:
      return { kind: 'unsubscribe' };
    case ROUTES.emailAction:
      return { kind: 'email-action' };
    case ROUTES.import:
      return { kind: 'import' };
    case ROUTES.extension:
      return { kind: 'extension-install' };
    case ROUTES.extensionConnect:
      return { kind: 'extension-connect' };
  }

  if (first === 'kanban' && rest.length === 1 && rest[0]) return { kind: 'board' };
  if (first === 'network' && rest.length === 1 && rest[0]) return { kind: 'network' };
  if (first === 'reset-password' && rest.length === 2 && rest[0] && rest[1]) return { kind: 'reset-password' };
  if (first === 'plan-updated' && rest.length === 1 && rest[0]) return { kind: 'plan-updated' };
  if (first === 'email-confirmation' && rest.length === 1 && rest[0]) {
    return { kind: 'email-confirmation', email: safeDecode(rest[0]) };
  }
  return { kind: 'unknown' };
}

const SIGNED_OUT_ALLOWED: ReadonlySet<PathKind> = new Set<PathKind>([
  'landing',
  'legal',
  'sign-up',
  'log-in',
  'forgot-password',
  'forgot-password-email-sent',
  'reset-password',
  'password-updated',
  'email-confirmation',
]);

const SIGNED_IN_ALLOWED: ReadonlySet<PathKind> = new Set<PathKind>([
  'board',
  'today',
  'network',
  'import',
  'settings',
  'account',
  'plan-updated',
  'extension-install',
  'extension-connect',
  'password-updated',
  'email-confirmation',
  'reset-password',
  'forgot-password',
  'forgot-password-email-sent',
  // Deviation from the spec's signed-in table: the legal pages stay readable when signed in
  // (the plan picker and the footer link to them).
  'legal',
]);

const ALLOW: RouteDecision = { kind: 'allow' };

function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Decides what to do with `pathname` for `user` (null when signed out). `search` is the query
 * string: an email-confirmation link carries `?token=`, and an unverified user following a
 * link for another pending address must still reach it.
 */
export function decideRouteAccess(user: User | null, pathname: string, search = ''): RouteDecision {
  const path = classifyPath(pathname);

  // A reminder email's unsubscribe link works for anyone who holds it: signed out, signed in (as
  // anyone), verified or not; the token says whose reminders stop.
  if (path.kind === 'unsubscribe') return ALLOW;
  // So do a digest's Done and Snooze links: the signed token says whose follow-up it is.
  if (path.kind === 'email-action') return ALLOW;

  if (!user) {
    // The extension's connect page: log in first, then come back to approve.
    if (path.kind === 'extension-connect')
      return { kind: 'redirect', to: logInPathReturningTo(`${pathname}${search}`) };
    return SIGNED_OUT_ALLOWED.has(path.kind) ? ALLOW : { kind: 'redirect', to: ROUTES.landing };
  }

  if (!user.email_verified) {
    const own = emailConfirmationPath(user.email);
    if (path.kind !== 'email-confirmation') return { kind: 'redirect', to: own };
    const hasToken = new URLSearchParams(search).has('token');
    if (hasToken || sameEmail(path.email, user.email) || sameEmail(path.email, user.desired_email)) return ALLOW;
    return { kind: 'redirect', to: own };
  }

  // Unknown paths, "/", "/signup" and "/login" go to the board, or to Today when 'Open Tend on' says
  // so; without a plan the board is replaced by the plan picker (the spec's "plan selection for the
  // catch-all path").
  const next = path.kind === 'log-in' ? nextPathAfterLogIn(search) : null;
  if (next) return { kind: 'redirect', to: next };
  if (!SIGNED_IN_ALLOWED.has(path.kind)) return { kind: 'redirect', to: homePath(user) };
  // The import fills the board and Today lists its cards, so they wait for the plan like the board does;
  // the network's Add to board fills it too.
  if (
    user.plan === null &&
    (path.kind === 'board' || path.kind === 'import' || path.kind === 'today' || path.kind === 'network')
  ) {
    return { kind: 'plan-selection' };
  }
  return ALLOW;
}

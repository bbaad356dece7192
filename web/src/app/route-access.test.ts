import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { classifyPath, decideRouteAccess, type RouteDecision } from './route-access';
import { nextPathAfterLogIn } from '@/lib/routes';

const allow: RouteDecision = { kind: 'allow' };
const toLanding: RouteDecision = { kind: 'redirect', to: '/' };
const toBoard: RouteDecision = { kind: 'redirect', to: '/kanban' };
const planSelection: RouteDecision = { kind: 'plan-selection' };

describe('classifyPath', () => {
  it.each([
    ['/', 'landing'],
    ['/terms', 'legal'],
    ['/privacy-policy', 'legal'],
    ['/demo', 'legal'],
    ['/signup', 'sign-up'],
    ['/login/', 'log-in'],
    ['/forgot-password', 'forgot-password'],
    ['/forgot-password-email-sent', 'forgot-password-email-sent'],
    ['/reset-password/a@b.com/tok123', 'reset-password'],
    ['/password-updated', 'password-updated'],
    ['/email-confirmation/a@b.com', 'email-confirmation'],
    ['/kanban', 'board'],
    ['/kanban/42', 'board'],
    ['/add-contact', 'board'],
    ['/limit-reached', 'board'],
    ['/settings', 'settings'],
    ['/account', 'account'],
    ['/plan-updated/success', 'plan-updated'],
    ['/import', 'import'],
    ['/extension', 'extension-install'],
    ['/extension/connect', 'extension-connect'],
  ])('%s is %s', (path, kind) => {
    expect(classifyPath(path).kind).toBe(kind);
  });

  it.each([
    '/forgot-password/extra',
    '/forgot-password-email-sent/x',
    '/reset-password/only-email',
    '/reset-password/a/b/c',
    '/kanban/1/2',
    '/email-confirmation',
    '/email-confirmation/a/b',
    '/plan-updated',
    '/nope',
    '/signupx',
  ])('%s is unknown (exact matching)', (path) => {
    expect(classifyPath(path).kind).toBe('unknown');
  });

  it('decodes the email of the confirmation path', () => {
    expect(classifyPath('/email-confirmation/ada%2Bx%40example.com').email).toBe('ada+x@example.com');
  });

  it('keeps a malformed escape as it is instead of throwing', () => {
    expect(classifyPath('/email-confirmation/%E0%A4%A').email).toBe('%E0%A4%A');
  });
});

describe('decideRouteAccess: signed out', () => {
  it.each([
    '/',
    '/terms',
    '/privacy-policy',
    '/demo',
    '/signup',
    '/login',
    '/forgot-password',
    '/forgot-password-email-sent',
    '/reset-password/ada@example.com/abc',
    '/password-updated',
    '/email-confirmation/ada@example.com',
  ])('allows %s', (path) => {
    expect(decideRouteAccess(null, path)).toEqual(allow);
  });

  it.each([
    '/kanban',
    '/kanban/12',
    '/add-contact',
    '/limit-reached',
    '/settings',
    '/account',
    '/plan-updated/success',
    '/extension',
    '/anything',
    '/forgot-password/x',
  ])('redirects %s to the landing page', (path) => {
    expect(decideRouteAccess(null, path)).toEqual(toLanding);
  });
});

describe('decideRouteAccess: signed in, verified, with a plan', () => {
  const user = makeUser({ plan: 'free' });

  it.each([
    '/kanban',
    '/kanban/12',
    '/add-contact',
    '/limit-reached',
    '/settings',
    '/account',
    '/plan-updated/success',
    '/plan-updated/cancel',
    '/import',
    '/extension',
    '/extension/connect',
    '/password-updated',
    '/email-confirmation/ada@example.com',
    '/reset-password/ada@example.com/abc',
    '/forgot-password',
    '/forgot-password-email-sent',
    '/terms',
    '/privacy-policy',
    '/demo',
  ])('allows %s', (path) => {
    expect(decideRouteAccess(user, path)).toEqual(allow);
  });

  it.each(['/signup', '/login', '/', '/unknown', '/kanban/1/2', '/forgot-password/x'])(
    'redirects %s to the board',
    (path) => {
      expect(decideRouteAccess(user, path)).toEqual(toBoard);
    },
  );

  it('treats premium like free for routing', () => {
    expect(decideRouteAccess(makeUser({ plan: 'premium' }), '/kanban')).toEqual(allow);
  });
});

describe('decideRouteAccess: unverified user', () => {
  const user = makeUser({ email: 'new@example.com', email_verified: false, plan: null });
  const toConfirmation: RouteDecision = { kind: 'redirect', to: '/email-confirmation/new@example.com' };

  it.each([
    '/',
    '/kanban',
    '/kanban/3',
    '/settings',
    '/account',
    '/login',
    '/signup',
    '/terms',
    '/password-updated',
    '/x',
  ])('redirects %s to the email confirmation of their address', (path) => {
    expect(decideRouteAccess(user, path)).toEqual(toConfirmation);
  });

  it('allows the confirmation screen of their own address, in any case or encoding', () => {
    expect(decideRouteAccess(user, '/email-confirmation/new@example.com')).toEqual(allow);
    expect(decideRouteAccess(user, '/email-confirmation/NEW%40example.com')).toEqual(allow);
  });

  it('redirects the confirmation screen of another address to their own', () => {
    expect(decideRouteAccess(user, '/email-confirmation/other@example.com')).toEqual(toConfirmation);
  });

  it('lets a confirmation link with a token through so it can be used', () => {
    expect(decideRouteAccess(user, '/email-confirmation/other@example.com', '?token=abc')).toEqual(allow);
  });

  it('encodes unusual characters of the address in the redirect', () => {
    const odd = makeUser({ email: 'a+b@example.com', email_verified: false });
    expect(decideRouteAccess(odd, '/kanban')).toEqual({
      kind: 'redirect',
      to: '/email-confirmation/a%2Bb@example.com',
    });
  });

  it('takes precedence over a missing plan', () => {
    expect(decideRouteAccess(user, '/kanban')).not.toEqual(planSelection);
  });
});

describe('decideRouteAccess: verified user without a plan', () => {
  const user = makeUser({ plan: null });

  it('shows the plan picker on the board', () => {
    expect(decideRouteAccess(user, '/kanban')).toEqual(planSelection);
    expect(decideRouteAccess(user, '/kanban/5')).toEqual(planSelection);
    expect(decideRouteAccess(user, '/add-contact')).toEqual(planSelection);
    expect(decideRouteAccess(user, '/limit-reached')).toEqual(planSelection);
    // The import fills the board: it waits for the plan too.
    expect(decideRouteAccess(user, '/import')).toEqual(planSelection);
  });

  it.each(['/', '/login', '/signup', '/whatever'])(
    'sends the catch-all path %s to the board (the plan picker)',
    (path) => {
      expect(decideRouteAccess(user, path)).toEqual(toBoard);
    },
  );

  it.each([
    '/settings',
    '/account',
    '/plan-updated/success',
    '/email-confirmation/ada@example.com',
    '/password-updated',
  ])('still allows %s', (path) => {
    expect(decideRouteAccess(user, path)).toEqual(allow);
  });
});

describe('decideRouteAccess: the extension connect page', () => {
  const search = '?extension_id=abcdefghijklmnopabcdefghijklmnop';
  const next = `/login?next=${encodeURIComponent(`/extension/connect${search}`)}`;

  it('sends a signed-out visitor to log in, then back to approve', () => {
    expect(decideRouteAccess(null, '/extension/connect', search)).toEqual({ kind: 'redirect', to: next });
    expect(decideRouteAccess(makeUser({ plan: 'free' }), '/login', next.slice('/login'.length))).toEqual({
      kind: 'redirect',
      to: `/extension/connect${search}`,
    });
  });

  it.each([
    '?next=/kanban',
    '?next=//evil.example/extension/connect',
    '?next=https://evil.example/extension/connect',
    '?next=/extension/connectx',
    '',
  ])('ignores any other next (%s): the board as always', (query) => {
    expect(nextPathAfterLogIn(query)).toBeNull();
    expect(decideRouteAccess(makeUser({ plan: 'free' }), '/login', query)).toEqual({ kind: 'redirect', to: '/kanban' });
  });
});

describe("decideRouteAccess: 'Open Tend on' (issue 24)", () => {
  const onToday = makeUser({ open_on: 'today' });

  it('classifies /today and lets a signed-in user with a plan see it', () => {
    expect(classifyPath('/today').kind).toBe('today');
    expect(decideRouteAccess(makeUser(), '/today')).toEqual(allow);
  });

  it.each(['/', '/login', '/signup', '/nowhere'])(
    'sends %s to Today when the user chose it, else to the board',
    (path) => {
      expect(decideRouteAccess(onToday, path)).toEqual({ kind: 'redirect', to: '/today' });
      expect(decideRouteAccess(makeUser(), path)).toEqual(toBoard);
    },
  );

  it('keeps the board reachable, and shows the plan picker on Today without a plan', () => {
    expect(decideRouteAccess(onToday, '/kanban')).toEqual(allow);
    expect(decideRouteAccess(makeUser({ plan: null }), '/today')).toEqual(planSelection);
  });

  it('sends a signed-out visitor from Today to the landing page', () => {
    expect(decideRouteAccess(null, '/today')).toEqual(toLanding);
  });
});

describe('decideRouteAccess: the network (issue 26)', () => {
  it('classifies /network and /network/{id}, shown to a signed-in user with a plan', () => {
    expect(classifyPath('/network').kind).toBe('network');
    expect(classifyPath('/network/42').kind).toBe('network');
    expect(classifyPath('/network/42/more').kind).toBe('unknown');
    expect(decideRouteAccess(makeUser(), '/network')).toEqual(allow);
    expect(decideRouteAccess(makeUser(), '/network/42')).toEqual(allow);
  });

  it('shows the plan picker without a plan, and sends a signed-out visitor to the landing page', () => {
    expect(decideRouteAccess(makeUser({ plan: null }), '/network')).toEqual(planSelection);
    expect(decideRouteAccess(null, '/network/42')).toEqual(toLanding);
  });
});

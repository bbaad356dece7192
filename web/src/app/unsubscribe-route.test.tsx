import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { decideRouteAccess } from './route-access';
import { routes } from './router';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

const URL = '/api/reminders/unsubscribe?token=abc.def';

describe('route access to /unsubscribe', () => {
  it('lets everyone holding the link in: signed out, unverified, without a plan, signed in', () => {
    const allow = { kind: 'allow' };
    expect(decideRouteAccess(null, '/unsubscribe', '?token=x')).toEqual(allow);
    expect(decideRouteAccess(makeUser({ email_verified: false }), '/unsubscribe', '?token=x')).toEqual(allow);
    expect(decideRouteAccess(makeUser({ plan: null }), '/unsubscribe', '?token=x')).toEqual(allow);
    expect(decideRouteAccess(makeUser(), '/unsubscribe/', '?token=x')).toEqual(allow);
  });
});

describe('UnsubscribePage (/unsubscribe?token=)', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('works signed out: explains, posts only on the confirm button, then says it is done', async () => {
    const http = mockFetch({
      'GET /api/session': { body: {} },
      [`POST ${URL}`]: { body: { message: 'You will not get follow-up reminder emails any more.' } },
    });
    renderRoutes(routes, '/unsubscribe?token=abc.def', null);
    expect(await screen.findByRole('heading', { name: 'Stop follow-up reminder emails?' })).toBeInTheDocument();
    // A mail scanner that opens the link changes nothing.
    expect(http.callsTo('POST', URL)).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText('You will not get follow-up reminder emails any more.')).toBeInTheDocument();
    expect(http.callsTo('POST', URL)).toHaveLength(1);
  });

  it("shows the API's message for a bad link, signed in too", async () => {
    mockFetch({
      'GET /api/session': { body: makeUser() },
      [`POST ${URL}`]: {
        status: 400,
        body: { errors: ['This unsubscribe link is not valid. Turn reminders off in Settings.'] },
      },
    });
    renderRoutes(routes, '/unsubscribe?token=abc.def', makeUser());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid. Turn reminders off in Settings.',
    );
    expect(screen.getByRole('heading', { name: 'Stop follow-up reminder emails?' })).toBeInTheDocument();
  });
});

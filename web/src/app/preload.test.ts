import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';
import { defaultTiers, makeUser } from '@/test/fixtures';
import { preloadFirstScreen } from './preload';

const routes = {
  'GET /api/session': { body: makeUser() },
  'GET /api/tiers': { body: defaultTiers() },
  'GET /api/contacts': { body: [] },
};

describe('preloadFirstScreen', () => {
  it("asks for the session and the board's columns and cards at once when the visit starts on the board", async () => {
    const http = mockFetch(routes);
    const queryClient = createQueryClient();
    preloadFirstScreen('/kanban/12', queryClient);
    // All three leave together, before any of them has answered.
    expect(http.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/session',
      'GET /api/tiers',
      'GET /api/contacts',
    ]);
    await waitFor(() => expect(queryClient.getQueryData(['contacts', 'list'])).toEqual([]));
  });

  it('asks only for the session elsewhere', () => {
    const http = mockFetch(routes);
    for (const path of ['/', '/login', '/settings']) preloadFirstScreen(path, createQueryClient());
    expect(http.calls.map((call) => call.url)).toEqual(['/api/session', '/api/session', '/api/session']);
  });
});

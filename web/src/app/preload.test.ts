import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';
import { defaultTiers, makeUser } from '@/test/fixtures';
import { useFirstScreenCode } from './first-screen-code';
import { preloadFirstScreen } from './preload';

const routes = {
  'GET /api/session': { body: makeUser() },
  'GET /api/tiers': { body: defaultTiers() },
  'GET /api/contacts': { body: [] },
  'GET /api/notifications': { body: [] },
  'GET /api/config': { body: {} },
  'GET /api/interactions?contact_id=12': { body: [] },
};

describe('preloadFirstScreen', () => {
  it("asks for the session and the board's columns and cards at once when the visit starts on the board", async () => {
    const http = mockFetch(routes);
    const queryClient = createQueryClient();
    preloadFirstScreen('/kanban/12', queryClient);
    // All leave together, before any of them has answered (at /kanban/12, the card's interactions too).
    expect(http.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/session',
      'GET /api/tiers',
      'GET /api/contacts',
      'GET /api/notifications',
      'GET /api/config',
      'GET /api/interactions?contact_id=12',
    ]);
    await waitFor(() => expect(queryClient.getQueryData(['contacts', 'list'])).toEqual([]));
  });

  it('asks only for the session elsewhere', () => {
    const http = mockFetch(routes);
    for (const path of ['/', '/login', '/settings']) preloadFirstScreen(path, createQueryClient());
    expect(http.calls.map((call) => call.url)).toEqual(['/api/session', '/api/session', '/api/session']);
  });

  it("holds the route gate until the board's code is in, so the board never suspends on its first render", async () => {
    mockFetch(routes);
    preloadFirstScreen('/kanban', createQueryClient());
    const { result } = renderHook(() => useFirstScreenCode());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true), { timeout: 10_000 });
  });
});

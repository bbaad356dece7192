import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { COMPACT_TOP_BAR_QUERY, TopBar } from './top-bar';

/** jsdom has no ResizeObserver; Radix measures the tooltip with one. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** A window as wide as `compact` says: below 1280 px, or from 1280 px up. */
function stubWidth({ compact }: { compact: boolean }) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === COMPACT_TOP_BAR_QUERY && compact,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderTopBar() {
  const user = makeUser();
  mockFetch({
    'GET /api/session': { body: user },
    'GET /api/notifications': { body: [] },
  });
  renderScreen(<TopBar />, { path: '/kanban', user });
  return document.querySelector<HTMLElement>('.top-bar')!;
}

const LINKS = ['Board', 'Today', 'Network', 'Get Chrome Extension'];

describe('TopBar', () => {
  beforeEach(() => vi.stubGlobal('ResizeObserver', NoopResizeObserver));

  it('shows the words of Board, Today, Network and Get Chrome Extension from 1280 px', () => {
    stubWidth({ compact: false });
    const bar = renderTopBar();
    for (const name of LINKS) {
      const link = within(bar).getByRole('link', { name });
      expect(link).toHaveTextContent(name);
      expect(link.querySelector('.visually-hidden')).toBeNull();
    }
  });

  it('below 1280 px shows their icons only, keeping their names, with the words in a tooltip on focus', async () => {
    stubWidth({ compact: true });
    const bar = renderTopBar();
    for (const name of LINKS) {
      const link = within(bar).getByRole('link', { name });
      expect(link.querySelector('.visually-hidden')).toHaveTextContent(name);
    }

    const user = userEvent.setup();
    within(bar).getByRole('link', { name: 'Tend board' }).focus();
    await user.tab();
    expect(within(bar).getByRole('link', { name: 'Board' })).toHaveFocus();
    await user.tab();
    expect(within(bar).getByRole('link', { name: 'Today' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Today');
  });
});

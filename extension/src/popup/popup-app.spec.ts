import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { within } from '@testing-library/dom';
import { freePlanLimitMessage } from '@tend/contracts';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTendApi } from '../api/tend-api';
import { readProfile, type LinkedInProfile } from '../linkedin/read-profile';
import { bytesToDataUrl } from '../shared/photo-bytes';
import { SettingsStore } from '../shared/settings';
import { fakeTend, matchOf } from '../test/fake-tend';
import { memoryArea } from '../test/memory-area';
import type { ActiveTab, PageAccess, PhotoOutcome } from './page-access';
import { PROFILE_SHOWN_MARK, startPopup } from './popup-app';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const ADA_URL = 'https://www.linkedin.com/in/ada-lovelace/?originalSubdomain=uk';
const ADA = 'https://www.linkedin.com/in/ada-lovelace';
const PLAN_FULL = { status: 403, body: { errors: [freePlanLimitMessage(25)] } };
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PHOTO: PhotoOutcome = {
  photo: { dataUrl: bytesToDataUrl(JPEG, 'image/jpeg'), type: 'image/jpeg', bytes: JPEG.length },
  via: 'fetch',
};

function fixtureProfile(fixture: string, url: string): LinkedInProfile | null {
  const html = readFileSync(join(import.meta.dirname, '..', 'linkedin', 'fixtures', fixture), 'utf8');
  return readProfile(new DOMParser().parseFromString(html, 'text/html'), url);
}

interface PageOptions {
  url?: string | null;
  profile?: LinkedInProfile | null | 'throws';
  photo?: PhotoOutcome | Promise<PhotoOutcome>;
}

function fakePage({ url = ADA_URL, profile, photo = PHOTO }: PageOptions = {}) {
  const calls = { readProfile: 0, readPhoto: [] as string[] };
  const page: PageAccess = {
    activeTab: () => Promise.resolve(url === null ? null : ({ id: 7, windowId: 1, url } satisfies ActiveTab)),
    readProfile: () => {
      calls.readProfile++;
      if (profile === 'throws') return Promise.reject(new Error('Cannot access contents of the page.'));
      return Promise.resolve(profile === undefined ? fixtureProfile('logged-in-2024-full.html', url ?? '') : profile);
    },
    readPhoto: (_tab, photoUrl) => {
      calls.readPhoto.push(photoUrl);
      return Promise.resolve(photo);
    },
  };
  return { page, calls };
}

let root: HTMLElement;

beforeEach(() => {
  document.body.innerHTML = '<main id="app"></main>';
  root = document.getElementById('app') as HTMLElement;
  performance.clearMarks();
});

afterEach(() => {
  document.body.innerHTML = '';
});

async function openPopup(
  options: PageOptions & {
    server?: ReturnType<typeof fakeTend>;
    stored?: Record<string, unknown>;
    connected?: boolean;
    area?: ReturnType<typeof memoryArea>;
  } = {},
) {
  const server = options.server ?? fakeTend();
  const area =
    options.area ??
    memoryArea({
      ...(options.connected === false ? {} : { token: server.state.token }),
      ...options.stored,
    });
  const { page, calls } = fakePage(options);
  const openOptions = vi.fn();
  await startPopup({
    root,
    extensionId: EXTENSION_ID,
    settings: new SettingsStore(area, 'http://localhost:3000'),
    page,
    createApi: (origin, token) => createTendApi({ origin, token, fetch: server.fetch }),
    openOptions,
    photoWaitMs: 200,
    today: () => '2026-06-01',
  });
  const screen = within(root);
  return { server, area, calls, screen, openOptions, user: userEvent.setup() };
}

const currentView = () => root.querySelector('[data-view]')?.getAttribute('data-view');

async function viewBecomes(name: string): Promise<void> {
  await vi.waitFor(() => expect(currentView()).toBe(name));
}

/** The form with tiers loaded and the board checked. */
async function readyForm(screen: ReturnType<typeof within>): Promise<void> {
  await viewBecomes('form');
  await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save to Tend' })).toBeEnabled());
  await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
}

describe('the popup on a page that is not a LinkedIn profile', () => {
  it('says what it does and links to the board', async () => {
    const { screen, calls, server } = await openPopup({ url: 'https://www.linkedin.com/feed/' });
    expect(currentView()).toBe('not-profile');
    expect(screen.getByRole('heading', { name: 'Save people from LinkedIn' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Open your board' })).toHaveAttribute(
      'href',
      'http://localhost:3000/kanban',
    );
    expect(screen.queryByRole('link', { name: 'Connect to Tend' })).toBeNull();
    expect(calls.readProfile).toBe(0);
    expect(server.requests).toEqual([]);
  });

  it('offers to connect as well when the browser is not connected', async () => {
    const { screen } = await openPopup({ url: 'https://example.com/', connected: false });
    expect(screen.getByRole('link', { name: 'Connect to Tend' })).toHaveAttribute(
      'href',
      `http://localhost:3000/extension/connect?extension_id=${EXTENSION_ID}`,
    );
  });

  it('treats a tab without an address (a browser page) the same way', async () => {
    await openPopup({ url: null });
    expect(currentView()).toBe('not-profile');
  });

  it('uses the app origin chosen in the options', async () => {
    const { screen } = await openPopup({
      url: 'https://example.com/',
      stored: { appOrigin: 'https://tend.example.com' },
    });
    expect(screen.getByRole('link', { name: 'Open your board' })).toHaveAttribute(
      'href',
      'https://tend.example.com/kanban',
    );
  });
});

describe('the popup when not connected', () => {
  it('asks to connect, without reading the page or calling the API', async () => {
    const { screen, calls, server } = await openPopup({ connected: false });
    expect(currentView()).toBe('not-connected');
    expect(screen.getByRole('link', { name: 'Connect to Tend' })).toHaveAttribute(
      'href',
      `http://localhost:3000/extension/connect?extension_id=${EXTENSION_ID}`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.readProfile).toBe(0);
    expect(server.requests).toEqual([]);
  });

  it('forgets a revoked token (401) and asks to connect again', async () => {
    const server = fakeTend();
    const { area, screen } = await openPopup({ server, stored: { token: 'revoked-000000000000000000' } });
    await viewBecomes('not-connected');
    expect(screen.getByRole('alert').textContent).toMatch(/revoked or has expired/);
    expect(area.data.has('token')).toBe(false);
  });
});

describe('saving with what just happened and when to follow up', () => {
  it('offers the column’s cadence first, and saves a note and a date with the card in one request', async () => {
    const { screen, user, server } = await openPopup();
    await readyForm(screen);
    const followUp = screen.getByLabelText('Follow up');
    await user.selectOptions(screen.getByLabelText('Column'), 'Potential Referrals');
    expect(
      within(followUp)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['By column: in 14 days', 'In 1 week', 'In 2 weeks', 'In 1 month', 'On a date…']);
    await user.selectOptions(screen.getByLabelText('Column'), 'New');
    expect(within(followUp).getAllByRole('option')[0]).toHaveTextContent('By column: none');

    await user.type(screen.getByLabelText('Note'), 'Asked about the analyst role.');
    await user.selectOptions(followUp, 'On a date…');
    const date = screen.getByLabelText('Follow-up date');
    expect(date).toBeVisible();
    expect(date).toHaveAttribute('min', '2026-06-01');
    // "On a date" without a date is not sent.
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose the follow-up date, or another follow-up.');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(date, '2026-06-10');
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('saved');
    const form = server.requests.find((r) => r.method === 'POST')?.form;
    expect(form?.get('contact[first_interaction][notes]')).toBe('Asked about the analyst role.');
    expect(form?.get('contact[next_follow_up_on]')).toBe('2026-06-10');
    expect(screen.getByText('Next follow-up: In 9 days (Wed 10 Jun)')).toBeInTheDocument();
  });

  it('turns the quick choices into dates, and sends nothing for “By column” or an empty note', async () => {
    const cases: [string, string | null][] = [
      ['In 1 week', '2026-06-08'],
      ['In 2 weeks', '2026-06-15'],
      ['In 1 month', '2026-07-01'],
      ['By column: in 14 days', null],
    ];
    for (const [choice, sent] of cases) {
      const { screen, user, server } = await openPopup({ stored: { lastTierId: 14 } });
      await readyForm(screen);
      await user.selectOptions(screen.getByLabelText('Follow up'), choice);
      await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
      await viewBecomes('saved');
      const form = server.requests.find((r) => r.method === 'POST')?.form;
      expect(form?.get('contact[next_follow_up_on]') ?? null, choice).toBe(sent);
      expect(form?.has('contact[first_interaction][notes]')).toBe(false);
      document.body.innerHTML = '<main id="app"></main>';
      root = document.getElementById('app') as HTMLElement;
    }
  });
});

describe('a profile already on the board', () => {
  it('shows its column, last contact and next follow-up, overdue in words, without the save form', async () => {
    const server = fakeTend();
    server.state.onBoard.set(
      ADA,
      matchOf(5, 'Ada Lovelace', { last_contacted_on: '2026-05-01', next_follow_up_on: '2026-05-29' }),
    );
    const { screen } = await openPopup({ server });
    await viewBecomes('on-board');
    expect(performance.getEntriesByName(PROFILE_SHOWN_MARK, 'mark')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'On your board' })).toHaveFocus();
    const standing = [...root.querySelectorAll('.standing__row')].map((row) => row.textContent);
    expect(standing).toEqual([
      'ColumnPotential Referrals',
      'Last contactFri 1 May',
      'Next follow-up3 days overdue (Fri 29 May)',
    ]);
    expect(screen.getByRole('link', { name: 'Open in Tend' })).toHaveAttribute(
      'href',
      'http://localhost:3000/kanban/5',
    );
    expect(screen.queryByRole('button', { name: 'Save to Tend' })).toBeNull();
  });

  it('logs a message with its note in one click (what Done does), and shows the reset follow-up', async () => {
    const server = fakeTend();
    server.state.onBoard.set(ADA, matchOf(5, 'Ada Lovelace', { next_follow_up_on: '2026-05-29' }));
    const { screen, user } = await openPopup({ server });
    await viewBecomes('on-board');
    expect(screen.getByText('Never')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'Sent my CV.');
    await user.click(screen.getByRole('button', { name: 'Log that I messaged them' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Logged. Next follow-up: In 14 days (Mon 15 Jun).'),
    );
    const done = server.requests.find((r) => r.url.pathname === '/api/contacts/5/done');
    expect(done?.json).toEqual({ note: 'Sent my CV.' });
    expect(done?.headers['Authorization']).toBe(`Bearer ${server.state.token}`);
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect([...root.querySelectorAll('.standing__row')].map((row) => row.textContent)).toEqual([
      'ColumnPotential Referrals',
      'Last contactMon 1 Jun',
      'Next follow-upIn 14 days (Mon 15 Jun)',
    ]);
  });

  it('snoozes for the chosen time', async () => {
    const server = fakeTend();
    server.state.onBoard.set(ADA, matchOf(5, 'Ada Lovelace', { next_follow_up_on: '2026-06-01' }));
    const { screen, user } = await openPopup({ server });
    await viewBecomes('on-board');
    expect(root.querySelector('.standing__overdue')).toBeNull();
    expect(screen.getByText('Due today')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Snooze for'), 'In 2 weeks');
    await user.click(screen.getByRole('button', { name: 'Snooze' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Snoozed. Next follow-up: In 14 days (Mon 15 Jun).'),
    );
    expect(server.requests.find((r) => r.url.pathname === '/api/contacts/5/snooze')?.json).toEqual({
      until: '2026-06-15',
    });
  });

  it('switches from the form when the answer comes after the page was read', async () => {
    const server = fakeTend();
    server.state.onBoard.set(ADA, matchOf(5, 'Ada Lovelace'));
    const slow = server.fetch;
    server.fetch = (input, init) =>
      (input instanceof URL ? input.href : typeof input === 'string' ? input : input.url).includes('by-linkedin')
        ? new Promise((resolve) => setTimeout(() => resolve(slow(input, init)), 400))
        : slow(input, init);
    await openPopup({ server });
    expect(currentView()).toBe('form');
    await viewBecomes('on-board');
  });
});

describe('the network', () => {
  it('saves to the network when the free board is full, with the note, and says so with the upgrade link', async () => {
    const { screen, user, server } = await openPopup({ server: fakeTend({ freeCardsLeft: 0 }) });
    await readyForm(screen);
    await user.type(screen.getByLabelText('Note'), 'Met at the conference.');
    await user.selectOptions(screen.getByLabelText('Follow up'), 'In 1 week');
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('saved-to-network');
    expect(screen.getByRole('heading', { name: 'Saved to your network' })).toHaveFocus();
    expect(screen.getByText(/Your free board is full, so Ada Lovelace is in your network/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      'http://localhost:3000/account',
    );
    expect(screen.getByRole('link', { name: 'Open in Tend' })).toHaveAttribute(
      'href',
      'http://localhost:3000/network/77',
    );
    const posts = server.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/contacts');
    expect(posts).toHaveLength(2);
    const network = posts[1]?.form;
    expect(network?.get('contact[on_board]')).toBe('false');
    expect(network?.has('contact[tier_id]')).toBe(false);
    expect(network?.has('contact[next_follow_up_on]')).toBe(false);
    expect(network?.get('contact[first_interaction][notes]')).toBe('Met at the conference.');
    expect(network?.get('contact[photo]')).toBeInstanceOf(File);
  });

  it('offers to put someone from the network on the board, into a column, then shows their standing', async () => {
    const server = fakeTend();
    server.state.onBoard.set(
      ADA,
      matchOf(5, 'Ada Lovelace', { on_board: false, tier_id: null, tier_name: null, last_contacted_on: '2026-05-20' }),
    );
    const { screen, user } = await openPopup({ server });
    await viewBecomes('in-network');
    expect(screen.getByRole('heading', { name: 'In your network' })).toHaveFocus();
    expect(screen.getByText('Wed 20 May')).toBeInTheDocument();
    const put = screen.getByRole('button', { name: 'Put on the board' });
    await vi.waitFor(() => expect(put).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Column'), 'Potential Referrals');
    await user.click(put);
    await viewBecomes('on-board');
    expect(server.requests.find((r) => r.url.pathname === '/api/contacts/bulk')?.json).toEqual({
      ids: [5],
      action: 'to_board',
      tier_id: 14,
    });
    expect([...root.querySelectorAll('.standing__row')].map((row) => row.textContent)).toEqual([
      'ColumnPotential Referrals',
      'Last contactWed 20 May',
      'Next follow-upIn 14 days (Mon 15 Jun)',
    ]);
  });

  it('says why when the board has no room for them', async () => {
    const server = fakeTend({ freeCardsLeft: 0 });
    server.state.onBoard.set(ADA, matchOf(5, 'Ada Lovelace', { on_board: false, tier_id: null, tier_name: null }));
    const { screen, user } = await openPopup({ server });
    await viewBecomes('in-network');
    const put = screen.getByRole('button', { name: 'Put on the board' });
    await vi.waitFor(() => expect(put).toBeEnabled());
    await user.click(put);
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Your board is full \(free plan\)/));
    expect(currentView()).toBe('in-network');
  });
});

describe('one word for a column (issue 29 point 5)', () => {
  it('says “column” on every screen that names one, never “tier”', async () => {
    const texts: string[] = [];
    const form = await openPopup();
    await readyForm(form.screen);
    texts.push(root.textContent ?? '');
    for (const card of [matchOf(5, 'Ada Lovelace'), matchOf(5, 'Ada Lovelace', { on_board: false, tier_id: null })]) {
      const server = fakeTend();
      server.state.onBoard.set(ADA, card);
      await openPopup({ server });
      await viewBecomes(card.on_board ? 'on-board' : 'in-network');
      texts.push(root.textContent ?? '');
    }
    for (const text of texts) expect(text).not.toMatch(/\btiers?\b/i);
    // The form, the saved profile's standing and the network's column select each say it.
    expect(texts.map((text) => text.includes('Column'))).toEqual([true, true, true]);
  });
});

describe('the columns, cached for a minute', () => {
  it('reads the columns once a minute at most, and draws the complete form at once from the copy', async () => {
    const server = fakeTend();
    const area = memoryArea({ token: server.state.token });
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      await readyForm((await openPopup({ server, area })).screen);
      const tierReads = () => server.requests.filter((r) => r.url.pathname === '/api/tiers').length;
      expect(tierReads()).toBe(1);
      now.mockReturnValue(1_000_000 + 59_000);
      await openPopup({ server, area });
      // Drawn complete: the columns are in the form with the profile.
      expect(within(root).getByLabelText('Column')).toHaveValue('11');
      expect(tierReads()).toBe(1);
      now.mockReturnValue(1_000_000 + 61_000);
      await readyForm((await openPopup({ server, area })).screen);
      expect(tierReads()).toBe(2);
    } finally {
      now.mockRestore();
    }
  });
});

describe('the popup on a LinkedIn profile', () => {
  it('shows the profile read from the page, editable, with the photo and the tiers', async () => {
    const { screen, calls, server } = await openPopup({ stored: { lastTierId: 13 } });
    expect(currentView()).toBe('form');
    expect(performance.getEntriesByName(PROFILE_SHOWN_MARK, 'mark')).toHaveLength(1);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveValue(
      'Mathematician · First computer programmer · Writing notes on the Analytical Engine',
    );
    expect(screen.getByLabelText('Company')).toHaveValue('Analytical Engines Ltd');
    expect(screen.getByLabelText('LinkedIn URL')).toHaveValue(ADA);
    await readyForm(screen);
    const tier = screen.getByLabelText('Column');
    expect(
      within(tier)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['New', 'Colleagues', 'Friends', 'Potential Referrals']);
    expect(tier).toHaveValue('13'); // the last choice
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute('src', PHOTO.photo?.dataUrl);
    expect(screen.getByLabelText('Include the photo')).toBeChecked();
    expect(calls.readPhoto).toEqual([
      'https://media.licdn.com/dms/image/v2/C4E03AQGo1BKtDUWfsA/profile-displayphoto-shrink_200_200/profile-displayphoto-shrink_200_200/0/1516231450447?e=1735776000&v=beta&t=adaphoto',
    ]);
    expect(server.requests.map((r) => `${r.method} ${r.url.pathname}`).sort()).toEqual([
      'GET /api/contacts/by-linkedin',
      'GET /api/tiers',
    ]);
  });

  it('saves the card with the photo, remembers the tier, and offers to open it in Tend', async () => {
    const { screen, server, user, area } = await openPopup();
    await readyForm(screen);
    expect(screen.getByLabelText('Column')).toHaveValue('11'); // first tier when nothing is remembered
    await user.selectOptions(screen.getByLabelText('Column'), 'Friends');
    await vi.waitFor(() => expect(area.data.get('lastTierId')).toBe(13));
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Analyst');
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));

    await viewBecomes('saved');
    expect(screen.getByRole('heading', { name: 'Saved to Tend' })).toHaveFocus();
    expect(screen.getByText('Ada Lovelace is on your board in Friends.')).toBeInTheDocument();
    expect(screen.queryByText(/without the photo/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open in Tend' })).toHaveAttribute(
      'href',
      'http://localhost:3000/kanban/77',
    );

    const post = server.requests.find((r) => r.method === 'POST');
    const form = post?.form;
    expect(form?.get('contact[name]')).toBe('Ada Lovelace');
    expect(form?.get('contact[title]')).toBe('Analyst');
    expect(form?.get('contact[company]')).toBe('Analytical Engines Ltd');
    expect(form?.get('contact[linked_in]')).toBe(ADA);
    expect(form?.get('contact[tier_id]')).toBe('13');
    const photo = form?.get('contact[photo]') as File;
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(JPEG);
    expect(area.data.get('lastTierId')).toBe(13);
  });

  it('saves with the keyboard alone: Enter in a field submits', async () => {
    const { screen, user } = await openPopup();
    await readyForm(screen);
    await user.keyboard('{Enter}');
    await viewBecomes('saved');
  });

  it('turns a 409 on save (saved meanwhile, elsewhere) into where the person stands', async () => {
    const server = fakeTend();
    const { screen, user } = await openPopup({ server });
    await readyForm(screen);
    server.state.onBoard.set(ADA, matchOf(9, 'Ada Lovelace'));
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('on-board');
    expect(screen.getByRole('link', { name: 'Open in Tend' })).toHaveAttribute(
      'href',
      'http://localhost:3000/kanban/9',
    );
  });

  it('offers to open the card when a 409 names one the lookup does not find', async () => {
    const server = fakeTend({ createAnswer: { status: 409, body: { errors: ['Already.'], contact_id: 9 } } });
    const { screen, user } = await openPopup({ server });
    await readyForm(screen);
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('duplicate');
    expect(screen.getByRole('link', { name: 'Open in Tend' })).toHaveAttribute(
      'href',
      'http://localhost:3000/kanban/9',
    );
  });

  it('links to the account page to upgrade when neither the board nor the network takes the person', async () => {
    const { screen, user } = await openPopup({ server: fakeTend({ createAnswer: PLAN_FULL }) });
    await readyForm(screen);
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('plan-full');
    expect(screen.getByRole('heading', { name: 'Your free plan is full' })).toHaveFocus();
    expect(screen.getByText(/The free plan holds 25 contacts/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      'http://localhost:3000/account',
    );
  });

  it('says upgrading is not available when the server has no billing', async () => {
    const { screen, user } = await openPopup({ server: fakeTend({ createAnswer: PLAN_FULL, billingEnabled: false }) });
    await readyForm(screen);
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('plan-full');
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull();
    expect(screen.getByText(/billing is not configured/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your board' })).toHaveAttribute(
      'href',
      'http://localhost:3000/kanban',
    );
  });

  it('says when Tend cannot be reached, and tries again on request', async () => {
    const server = fakeTend({ down: true });
    const { screen, user, openOptions } = await openPopup({ server });
    await viewBecomes('unreachable');
    expect(screen.getByText(/Tend at http:\/\/localhost:3000 didn’t answer/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open options' }));
    expect(openOptions).toHaveBeenCalledOnce();
    server.state.down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await readyForm(screen);
  });

  it('keeps the form and the edits when saving cannot reach Tend', async () => {
    const server = fakeTend();
    const { screen, user } = await openPopup({ server });
    await readyForm(screen);
    await user.type(screen.getByLabelText('Company'), ' (UK)');
    server.state.down = true;
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Can’t reach Tend at http://localhost:3000. Try again.'),
    );
    expect(currentView()).toBe('form');
    expect(screen.getByLabelText('Company')).toHaveValue('Analytical Engines Ltd (UK)');
    expect(screen.getByRole('button', { name: 'Save to Tend' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save to Tend' })).toHaveFocus();
    server.state.down = false;
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('saved');
  });

  it('lists the server’s validation errors and keeps the form', async () => {
    const server = fakeTend({
      createAnswer: { status: 400, body: { errors: ['Title must be at most 120 characters.', 'Invalid URL'] } },
    });
    const { screen, user } = await openPopup({ server });
    await readyForm(screen);
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('alert'))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Title must be at most 120 characters.', 'Invalid URL']),
    );
    expect(currentView()).toBe('form');
  });

  it('refuses a LinkedIn URL that is not a profile before calling the API', async () => {
    const { screen, user, server } = await openPopup();
    await readyForm(screen);
    await user.clear(screen.getByLabelText('LinkedIn URL'));
    await user.type(screen.getByLabelText('LinkedIn URL'), 'https://www.linkedin.com/company/acme/');
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Invalid URL/);
    expect(screen.getByLabelText('LinkedIn URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('LinkedIn URL')).toHaveFocus();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('saves the canonical form of an edited LinkedIn URL', async () => {
    const { screen, user, server } = await openPopup();
    await readyForm(screen);
    await user.clear(screen.getByLabelText('LinkedIn URL'));
    await user.type(screen.getByLabelText('LinkedIn URL'), 'uk.linkedin.com/in/Ada-King/?trk=x');
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('saved');
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.form?.get('contact[linked_in]')).toBe('https://www.linkedin.com/in/ada-king');
  });

  it('needs a name: Save stays disabled until one is typed', async () => {
    const profile = { ...(fixtureProfile('logged-in-2024-full.html', ADA_URL) as LinkedInProfile), name: '' };
    const { screen, user } = await openPopup({ profile });
    await viewBecomes('form');
    expect(screen.getByRole('alert').textContent).toBe('The name could not be read from the page: type it in.');
    await vi.waitFor(() => expect(screen.getByLabelText('Column')).toHaveValue('11'));
    expect(screen.getByRole('button', { name: 'Save to Tend' })).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    expect(screen.getByRole('button', { name: 'Save to Tend' })).toBeEnabled();
  });

  it('cuts a headline longer than the API takes, and says so with an ellipsis', async () => {
    const url = 'https://www.linkedin.com/in/maxi-wolfeschlegel/';
    const { screen } = await openPopup({ url, profile: fixtureProfile('logged-in-2022-long-name.html', url) });
    const title = screen.getByLabelText<HTMLInputElement>('Title');
    expect(title.value).toHaveLength(120);
    expect(title.value.endsWith('…')).toBe(true);
    expect(title).toHaveAttribute('maxlength', '120');
  });

  it('saves without the photo, and says so, when its bytes cannot be read', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { screen, user, server } = await openPopup({
      photo: { photo: null, reason: 'fetch: TypeError; canvas: SecurityError' },
    });
    await readyForm(screen);
    await vi.waitFor(() =>
      expect(
        screen.getByText('The photo can’t be read from this page: the card will be saved without it.'),
      ).toBeVisible(),
    );
    expect(info).toHaveBeenCalledWith('Tend: no photo bytes:', 'fetch: TypeError; canvas: SecurityError');
    expect(screen.queryByRole('checkbox', { name: 'Include the photo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('saved');
    expect(screen.getByText('Saved without the photo: it couldn’t be read from the page.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')?.form?.has('contact[photo]')).toBe(false);
  });

  it('leaves the photo out when the user unticks it, without a warning', async () => {
    const { screen, user, server } = await openPopup();
    await readyForm(screen);
    await user.click(await screen.findByLabelText('Include the photo'));
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('saved');
    expect(screen.queryByText(/without the photo/)).toBeNull();
    expect(server.requests.find((r) => r.method === 'POST')?.form?.has('contact[photo]')).toBe(false);
  });

  it('shows the form before the photo arrives, and Save waits only a moment for it', async () => {
    const never = new Promise<PhotoOutcome>(() => undefined);
    const { screen, user, server } = await openPopup({ photo: never });
    await readyForm(screen);
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('saved');
    expect(screen.getByText(/Saved without the photo/)).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')?.form?.has('contact[photo]')).toBe(false);
  });

  it('does not ask for a photo when the profile has none', async () => {
    const url = 'https://www.linkedin.com/in/grace-hopper-1906/';
    const { screen, calls, user } = await openPopup({
      url,
      profile: fixtureProfile('logged-in-2024-no-photo.html', url),
    });
    await readyForm(screen);
    expect(calls.readPhoto).toEqual([]);
    expect(screen.queryByText(/photo can’t be read/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save to Tend' }));
    await viewBecomes('saved');
    expect(screen.queryByText(/without the photo/)).toBeNull();
  });

  it('says so when the page cannot be read', async () => {
    const { screen } = await openPopup({ profile: 'throws' });
    expect(currentView()).toBe('read-failed');
    expect(screen.getByRole('heading', { name: 'Couldn’t read this page' })).toHaveFocus();
  });
});

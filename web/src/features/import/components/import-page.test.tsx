import type { Import } from '@tend/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { defaultTiers, makeContact, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { hasWork, progressOf, sameMapping } from '../utils/import-file';
import { ImportPage, type ImportPageProps } from './import-page';

// Several steps render in turn (and a poll waits 500 ms): a busy machine needs more than 1 s.
configure({ asyncUtilTimeout: 3000 });

const ID = '0b7f3c52-8f3e-4a8e-9a57-3f1d2c4b5a61';
const me = makeUser();
const session = { body: me, headers: { 'X-CSRF-Token': 't' } };

function makeImport(overrides: Partial<Import> = {}): Import {
  return {
    id: ID,
    state: 'preview',
    format: 'linkedin',
    file_name: 'Connections.csv',
    tier_id: 1,
    on_duplicate: 'skip',
    total: 9,
    new: 7,
    duplicates: 0,
    unreadable: 2,
    fits: 7,
    card_limit: null,
    errors: [
      { row: 8, message: 'Name cannot be empty.' },
      { row: 9, message: 'Invalid email address.' },
    ],
    columns: null,
    mapping: null,
    processed: 0,
    to_process: 7,
    imported: 0,
    to_network: 0,
    updated: 0,
    skipped: 0,
    over_limit: 0,
    limit_reached: false,
    stopped_at_row: null,
    message: null,
    contact_ids: null,
    created_at: '2026-01-01T00:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

function renderImport(props: Partial<ImportPageProps> = {}, url = '/import') {
  const onFinished = vi.fn();
  const onUpgrade = vi.fn();
  const result = renderScreen(
    <ImportPage
      tiers={defaultTiers()}
      tiersError={null}
      onRetryTiers={() => undefined}
      upgrade={{ onUpgrade, upgrading: false, unavailable: null }}
      room={null}
      onFinished={onFinished}
      {...props}
    />,
    { path: '/import', url, user: me },
  );
  return { ...result, onFinished, onUpgrade };
}

/** What `POST /api/imports` answers: the file is being read, nothing is counted yet. */
function reading(overrides: Partial<Import> = {}): Import {
  return makeImport({
    state: 'reading',
    total: 0,
    new: 0,
    unreadable: 0,
    fits: 0,
    errors: [],
    to_process: 0,
    contact_ids: null,
    ...overrides,
  });
}

function connections(): File {
  return new File(['First Name,Last Name\nAda,Lovelace\n'], 'Connections.csv', { type: 'text/csv' });
}

async function chooseAndPreview(user: ReturnType<typeof userEvent.setup>, file = connections()) {
  // The picker's name follows the chosen file ("Connections.csv, 2 KB, Choose another file").
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input.');
  await user.upload(input, file);
  await user.click(screen.getByRole('button', { name: 'Preview import' }));
}

describe('import utilities', () => {
  it('measures progress over the rows the run goes through', () => {
    expect(progressOf({ processed: 250, to_process: 1000 })).toEqual({ value: 250, max: 1000, percent: 25 });
    expect(progressOf({ processed: 0, to_process: 0 })).toEqual({ value: 0, max: 0, percent: 100 });
    expect(progressOf({ processed: 12, to_process: 10 })).toEqual({ value: 10, max: 10, percent: 100 });
  });

  // Issue 26: nobody new is left out any more (who does not fit on the board goes into the network).
  it('has work when someone is new (board or network), or when duplicates are to be updated', () => {
    expect(hasWork({ new: 3, duplicates: 0, on_duplicate: 'skip' })).toBe(true);
    expect(hasWork({ new: 3, duplicates: 2, on_duplicate: 'skip' })).toBe(true);
    expect(hasWork({ new: 0, duplicates: 2, on_duplicate: 'skip' })).toBe(false);
    expect(hasWork({ new: 0, duplicates: 2, on_duplicate: 'update' })).toBe(true);
  });

  it('compares mappings by content', () => {
    expect(sameMapping({ name: 'Who', email: 'Mail' }, { email: 'Mail', name: 'Who' })).toBe(true);
    expect(sameMapping({ name: 'Who' }, { name: 'Who', email: 'Mail' })).toBe(false);
    expect(sameMapping({}, null)).toBe(true);
  });
});

describe('ImportPage', () => {
  it('previews a file, imports it with a progress bar, and ends with the summary and the filtered board link', async () => {
    const http = mockFetch({
      'GET /api/session': session,
      // The upload is answered at once, while the server reads the file; the preview follows.
      'POST /api/imports': { status: 201, body: reading() },
      [`POST /api/imports/${ID}/start`]: { status: 202, body: makeImport({ state: 'running' }) },
      [`GET /api/imports/${ID}`]: [
        { body: reading() },
        { body: makeImport() },
        { body: makeImport({ state: 'running', processed: 3, imported: 3 }) },
        { body: makeImport({ state: 'done', processed: 7, imported: 7 }) },
      ],
    });
    const user = userEvent.setup();
    const { onFinished, router } = renderImport();

    expect(screen.getByLabelText('Add new people to column')).toHaveValue('1');
    await chooseAndPreview(user);
    expect(await screen.findByText('Reading your file… A large file takes a few seconds.')).toBeInTheDocument();

    const [upload] = http.callsTo('POST', '/api/imports');
    const form = upload?.body as FormData;
    expect(form.get('tier_id')).toBe('1');
    expect(form.get('on_duplicate')).toBe('skip');
    expect((form.get('file') as File).name).toBe('Connections.csv');
    expect(form.get('mapping')).toBeNull();

    // The review: focus on its heading, the counts, every unreadable row with its reason.
    const heading = await screen.findByRole('heading', { name: 'Review the import' });
    expect(heading).toHaveFocus();
    expect(router.state.location.search).toBe(`?id=${ID}`);
    const stats = screen.getByRole('list', { name: 'What the import will do' });
    expect(within(stats).getByText('Added to New')).toBeInTheDocument();
    const problems = screen.getByRole('region', { name: '2 rows cannot be read' });
    expect(problems).toHaveTextContent('Row 8 Name cannot be empty.');
    expect(problems).toHaveTextContent('Row 9 Invalid email address.');

    expect(screen.getByText('7 people: all can go on your board')).toBeInTheDocument();
    expect(screen.getByLabelText('Column')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Import 7 people' }));
    expect(http.callsTo('POST', `/api/imports/${ID}/start`)[0]?.body).toEqual({ tier_id: 1 });
    const bar = await screen.findByRole('progressbar', { name: 'Importing Connections.csv' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '7');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '3'), { timeout: 3000 });
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 7 rows, 43%');

    const done = await screen.findByRole('heading', { name: 'Import complete' }, { timeout: 3000 });
    expect(done).toHaveFocus();
    expect(screen.getByRole('link', { name: 'See the 7 people on your board' })).toHaveAttribute(
      'href',
      `/kanban?import=${ID}`,
    );
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished.mock.calls[0]?.[0]).toMatchObject({ state: 'done', imported: 7 });
  });

  it("shows the API's reason for a file it cannot read or refuses, and refuses a file over 10 MB before sending it", async () => {
    const http = mockFetch({
      'GET /api/session': session,
      'POST /api/imports': [
        { status: 201, body: reading() },
        {
          status: 429,
          body: { errors: ['You have uploaded many files in a short time. Please wait a minute and try again.'] },
        },
      ],
      // The server read it and could not import it: the import ended before any preview.
      [`GET /api/imports/${ID}`]: {
        body: reading({
          state: 'failed',
          message: 'This file is not a CSV, a vCard (.vcf) or a LinkedIn data export (.zip).',
        }),
      },
    });
    const user = userEvent.setup();
    const { router } = renderImport();
    await chooseAndPreview(user, new File(['x'], 'photo.csv', { type: 'text/csv' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file is not a CSV, a vCard (.vcf) or a LinkedIn data export (.zip).');
    expect(screen.getByRole('heading', { name: 'Choose a file' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    // A refused file cannot be previewed again (issue 27 point 2); choosing a file again can.
    expect(screen.getByRole('button', { name: 'Preview import' })).toBeDisabled();
    await chooseAndPreview(user, new File(['x'], 'photo.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You have uploaded many files in a short time.'),
    );
    // A passing refusal leaves the file to try again.
    expect(screen.getByRole('button', { name: 'Preview import' })).toBeEnabled();

    const huge = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await chooseAndPreview(user, huge);
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 10 MB.');
    expect(http.callsTo('POST', '/api/imports')).toHaveLength(2);
  });

  it('shows a file still being read when opened by its address, then its review', async () => {
    mockFetch({
      'GET /api/session': session,
      [`GET /api/imports/${ID}`]: [{ body: reading() }, { body: makeImport() }],
    });
    renderImport({}, `/import?id=${ID}`);
    expect(await screen.findByText('Reading Connections.csv')).toBeInTheDocument();
    expect(screen.getByText('Reading your file… A large file takes a few seconds.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Review the import' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('on the free plan, says how many go on the board and that all go into the network, and offers the upgrade', async () => {
    const http = mockFetch({
      'GET /api/session': session,
      'POST /api/imports': {
        status: 201,
        body: makeImport({ new: 40, fits: 18, card_limit: 25, unreadable: 0, errors: [] }),
      },
    });
    const user = userEvent.setup();
    const { onUpgrade } = renderImport();
    await chooseAndPreview(user);
    expect(
      await screen.findByText('40 people: 18 can go on your board now (free plan), all 40 into your network'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: 'On your board: the first 18, the other 22 into your network' }),
    ).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    // Nobody is left out: all 40 are imported, and "Network only" puts them all into the network.
    await user.click(screen.getByRole('radio', { name: /^Network only/ }));
    expect(screen.queryByLabelText('Column')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 40 people' }));
    await waitFor(() => expect(http.callsTo('POST', `/api/imports/${ID}/start`)).toHaveLength(1));
    expect(http.callsTo('POST', `/api/imports/${ID}/start`)[0]?.body).toEqual({ tier_id: null });
  });

  it('matches a generic CSV’s columns before the review and sends the mapping', async () => {
    const csv = makeImport({
      format: 'csv',
      file_name: 'people.csv',
      columns: ['Who', 'Where', 'Mail'],
      mapping: {},
      new: 0,
      unreadable: 1,
    });
    const mapped = makeImport({
      id: '1c9e0a1d-2b3c-4d5e-8f70-112233445566',
      format: 'csv',
      file_name: 'people.csv',
      columns: ['Who', 'Where', 'Mail'],
      mapping: { name: 'Who', email: 'Mail' },
      new: 1,
      unreadable: 0,
      errors: [],
    });
    const http = mockFetch({
      'GET /api/session': session,
      'POST /api/imports': [
        { status: 201, body: csv },
        { status: 201, body: mapped },
      ],
    });
    const user = userEvent.setup();
    renderImport();
    await chooseAndPreview(user, new File(['Who,Where,Mail\n'], 'people.csv', { type: 'text/csv' }));

    expect(await screen.findByRole('heading', { name: 'Match the columns' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Match a column to Name');
    await user.selectOptions(screen.getByLabelText('Name'), 'Who');
    await user.selectOptions(screen.getByLabelText('Email'), 'Mail');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Review the import' })).toBeInTheDocument();
    const second = http.callsTo('POST', '/api/imports')[1]?.body as FormData;
    expect(JSON.parse(second.get('mapping') as string)).toEqual({ name: 'Who', email: 'Mail' });
    expect(screen.getByRole('region', { name: 'Columns used' })).toHaveTextContent('Email ← from Mail');
    expect(screen.getByRole('button', { name: 'Import 1 person' })).toBeEnabled();
  });

  it('cancels a running import and says how it ended', async () => {
    const http = mockFetch({
      'GET /api/session': session,
      [`GET /api/imports/${ID}`]: { body: makeImport({ state: 'running', processed: 0 }) },
      [`POST /api/imports/${ID}/cancel`]: {
        body: makeImport({ state: 'cancelled', message: 'Canceled: nothing was imported.' }),
      },
    });
    const user = userEvent.setup();
    renderImport({}, `/import?id=${ID}`);
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await user.click(screen.getByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByRole('heading', { name: 'Import canceled' })).toBeInTheDocument();
    expect(screen.getByText('Canceled: nothing was imported.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your board' })).toHaveAttribute('href', '/kanban');
    expect(http.callsTo('POST', `/api/imports/${ID}/cancel`)).toHaveLength(1);
  });

  it('says so when the import in the address is gone', async () => {
    mockFetch({
      'GET /api/session': session,
      [`GET /api/imports/${ID}`]: { status: 404, body: { errors: ['Import not found.'] } },
    });
    const user = userEvent.setup();
    const { router } = renderImport({}, `/import?id=${ID}`);
    expect(await screen.findByText(/This import is no longer available/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose a file' }));
    expect(await screen.findByRole('heading', { name: 'Choose a file' })).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('after a run that put people into the network, triages them: filters, the free cards counter, Put N on the board, then the summary', async () => {
    const inNetwork = (id: number, name: string, company: string, title: string) =>
      makeContact({ id, name, company, title, on_board: false, tier_id: null, column_order: null });
    const ada = inNetwork(21, 'Ada Lovelace', 'Analytical Engines', 'Analyst');
    const grace = inNetwork(22, 'Grace Hopper', 'US Navy', 'Rear Admiral');
    const alan = inNetwork(23, 'Alan Turing', 'Bletchley Park', 'Mathematician');
    const base = `/api/network?import_id=${ID}&sort=name_asc&limit=200`;
    const done = makeImport({ state: 'done', new: 30, fits: 2, card_limit: 25, processed: 30, imported: 30 });
    const http = mockFetch({
      'GET /api/session': session,
      [`GET /api/imports/${ID}`]: { body: { ...done, tier_id: 1, to_network: 28 } },
      [`GET ${base}`]: [
        { body: { items: [ada, alan, grace], next_cursor: null, total: 3 } },
        { body: { items: [alan, grace], next_cursor: null, total: 2 } },
      ],
      [`GET /api/network?company=navy&import_id=${ID}&sort=name_asc&limit=200`]: {
        body: { items: [grace], next_cursor: null, total: 1 },
      },
      'POST /api/contacts/bulk': { body: { contacts: [{ ...ada, on_board: true, tier_id: 2, column_order: 0 }] } },
    });
    const user = userEvent.setup();
    renderImport({ room: 2 }, `/import?id=${ID}`);

    expect(await screen.findByRole('heading', { name: 'Choose who goes on your board' })).toBeInTheDocument();
    const people = await screen.findByRole('list', { name: 'People from this import in your network' });
    expect(within(people).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByText(/^0 of 2 free cards/)).toBeInTheDocument();

    // The company filter narrows the list on the server; clearing it brings everyone back.
    await user.type(screen.getByRole('searchbox', { name: 'Company' }), 'navy');
    await waitFor(() => expect(within(people).getAllByRole('checkbox')).toHaveLength(1));
    expect(within(people).getByRole('checkbox', { name: /Grace Hopper/ })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Company' }));
    await waitFor(() => expect(within(people).getAllByRole('checkbox')).toHaveLength(3));

    await user.click(within(people).getByRole('checkbox', { name: /Ada Lovelace/ }));
    await user.click(within(people).getByRole('checkbox', { name: /Alan Turing/ }));
    expect(screen.getByText(/^2 of 2 free cards/)).toBeInTheDocument();
    // The board is full with these two: nobody else can be chosen.
    expect(within(people).getByRole('checkbox', { name: /Grace Hopper/ })).toBeDisabled();
    await user.click(within(people).getByRole('checkbox', { name: /Alan Turing/ }));
    expect(within(people).getByRole('checkbox', { name: /Grace Hopper/ })).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('Into column'), 'Colleagues');
    await user.click(screen.getByRole('button', { name: 'Put 1 on the board' }));
    await waitFor(() => expect(http.callsTo('POST', '/api/contacts/bulk')).toHaveLength(1));
    expect(http.callsTo('POST', '/api/contacts/bulk')[0]?.body).toEqual({ ids: [21], action: 'to_board', tier_id: 2 });
    expect(await screen.findByText('1 person put on your board in Colleagues.')).toBeInTheDocument();
    // The list is asked again: Ada has left the network.
    await waitFor(() => expect(within(people).getAllByRole('checkbox')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Import complete' })).toHaveFocus();
  });

  it('Skip leaves everyone in the network and shows the summary', async () => {
    mockFetch({
      'GET /api/session': session,
      [`GET /api/imports/${ID}`]: {
        body: makeImport({ state: 'done', processed: 7, imported: 7, to_network: 7, tier_id: null }),
      },
      [`GET /api/network?import_id=${ID}&sort=name_asc&limit=200`]: {
        body: { items: [], next_cursor: null, total: 0 },
      },
    });
    const user = userEvent.setup();
    renderImport({}, `/import?id=${ID}`);
    expect(await screen.findByRole('heading', { name: 'Choose who goes on your board' })).toBeInTheDocument();
    expect(screen.getByText(/^0 selected/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip: keep them in my network' }));
    expect(await screen.findByRole('heading', { name: 'Import complete' })).toHaveFocus();
  });

  it('remembers the triage across a reload: how many were put on the board, then that it was done', async () => {
    const ada = makeContact({ id: 21, name: 'Ada Lovelace', on_board: false, tier_id: null, column_order: null });
    const alan = makeContact({ id: 23, name: 'Alan Turing', on_board: false, tier_id: null, column_order: null });
    const http = mockFetch({
      'GET /api/session': session,
      [`GET /api/imports/${ID}`]: {
        body: makeImport({ state: 'done', processed: 7, imported: 7, to_network: 7, tier_id: 1 }),
      },
      [`GET /api/network?import_id=${ID}&sort=name_asc&limit=200`]: [
        { body: { items: [ada, alan], next_cursor: null, total: 2 } },
        { body: { items: [alan], next_cursor: null, total: 1 } },
      ],
      'POST /api/contacts/bulk': { body: { contacts: [{ ...ada, on_board: true, tier_id: 1, column_order: 0 }] } },
    });
    const user = userEvent.setup();
    const first = renderImport({}, `/import?id=${ID}`);
    const people = await screen.findByRole('list', { name: 'People from this import in your network' });
    await user.click(within(people).getByRole('checkbox', { name: /Ada Lovelace/ }));
    await user.click(screen.getByRole('button', { name: 'Put 1 on the board' }));
    expect(await screen.findByText('1 person from this import put on your board so far.')).toBeInTheDocument();
    first.unmount();

    // Reloaded mid-triage: the step again, with who is left and what was done so far.
    const second = renderImport({}, `/import?id=${ID}`);
    expect(await screen.findByRole('heading', { name: 'Choose who goes on your board' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Alan Turing/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 person from this import put on your board so far.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Import complete' })).toHaveFocus();
    second.unmount();

    // Reloaded after Done: the summary, not the step again.
    renderImport({}, `/import?id=${ID}`);
    expect(await screen.findByRole('heading', { name: 'Import complete' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose who goes on your board' })).not.toBeInTheDocument();
    expect(http.callsTo('POST', '/api/contacts/bulk')).toHaveLength(1);
  });

  it('starts the triage afresh for another import, and when what is kept is unreadable', async () => {
    window.localStorage.setItem(`tend.import-triage.${ID}`, 'not json');
    window.localStorage.setItem('tend.import-triage.another-import', JSON.stringify({ put: 3, closed: true }));
    mockFetch({
      'GET /api/session': session,
      [`GET /api/imports/${ID}`]: {
        body: makeImport({ state: 'done', processed: 7, imported: 7, to_network: 7, tier_id: null }),
      },
      [`GET /api/network?import_id=${ID}&sort=name_asc&limit=200`]: {
        body: { items: [], next_cursor: null, total: 0 },
      },
    });
    renderImport({}, `/import?id=${ID}`);
    expect(await screen.findByRole('heading', { name: 'Choose who goes on your board' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip: keep them in my network' })).toBeInTheDocument();
  });
});

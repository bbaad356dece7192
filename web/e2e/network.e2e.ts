import type { NetworkPage as NetworkPageData } from '@tend/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, toast, waitForBoard } from './helpers/auth';
import { asUser, boardApi, cardById, cardButton, checkScreenWithoutToasts, column } from './helpers/board';
import { hidden, useBrowser, visible, waitForPath } from './helpers/browser';
import { checkScreen } from './helpers/screen';

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Dorothy', 'Mary', 'Edsger', 'Barbara', 'Donald', 'Frances'];
const LAST = [
  'Abbott',
  'Baker',
  'Carter',
  'Dalton',
  'Ellis',
  'Foster',
  'Garner',
  'Hughes',
  'Irwin',
  'Jensen',
  'Keller',
  'Lawson',
  'Moreno',
  'Nolan',
  'Osborne',
  'Porter',
  'Quinn',
  'Reyes',
  'Sutton',
  'Turner',
  'Underwood',
  'Vaughn',
  'Walsh',
  'Young',
  'Zimmer',
  'Archer',
  'Bishop',
  'Chandler',
  'Dawson',
  'Easton',
];
const COMPANIES = ['Acme', 'Umbrella', 'Stark Industries', 'Wayne Enterprises', 'Hooli', 'Pied Piper', 'Soylent'];

/** The twelve people at Globex the journey puts on the board (the first twelve rows of the file). */
const GLOBEX = 12;
/** The one person at Initech, found later in the network by typing the company. */
const HEDY = 'Hedy Lamarr';

/** A LinkedIn Connections.csv of 300 people, as LinkedIn writes it (notes, blank line, header). */
function connections300(): { name: string; mimeType: string; buffer: Buffer } {
  const rows = Array.from({ length: 300 }, (_, i) => {
    const [first, last] = i === 150 ? ['Hedy', 'Lamarr'] : [FIRST[i % FIRST.length], LAST[Math.floor(i / 10)]];
    const company = i < GLOBEX ? 'Globex Corporation' : i === 150 ? 'Initech' : COMPANIES[i % COMPANIES.length];
    const day = String((i % 28) + 1).padStart(2, '0');
    const url = `https://www.linkedin.com/in/${first}-${last}-${i}`.toLowerCase();
    return `${first},${last},${url},,${company},Engineer,${day} Mar 2023`;
  });
  const csv = [
    'Notes:',
    '"When exporting your connection data, you may notice that some of the email addresses are missing."',
    '',
    'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
    ...rows,
  ].join('\n');
  return { name: 'Connections.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
}

/** The names the network list draws now (its windowed rows, top to bottom). */
function networkRowNames(page: Page): Promise<string[]> {
  return page.locator('.network-row__name').allInnerTexts();
}

async function openNetworkFromTopBar(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Network', exact: true }).click();
  await waitForPath(page, '/network');
  await visible(page.getByRole('heading', { level: 1, name: 'Network' }));
}

describe('journey: the network beside the board (issue 26)', () => {
  const browser = useBrowser();

  it('imports 300 connections on the free plan, triages 12 onto the board, then finds one more by company and adds them', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'network-import');

    await page.goto('/import');
    await visible(page.getByRole('heading', { level: 2, name: 'Choose a file' }));
    await page.locator('input[type="file"]').setInputFiles(connections300());
    await page.getByRole('button', { name: 'Preview import' }).click();

    // The preview's split: nobody is lost on the free plan any more.
    await visible(page.getByRole('heading', { level: 2, name: 'Review the import' }));
    await visible(page.getByText('300 people: 25 can go on your board now (free plan), all 300 into your network'));
    const board = page.getByRole('radio', { name: 'On your board: the first 25, the other 275 into your network' });
    expect(await board.isChecked()).toBe(true);
    await checkScreen(page, 'import-preview-split');
    // Network only: the board stays as it is, the triage decides who goes on it.
    await page.getByRole('radio', { name: /^Network only/ }).check();
    await hidden(page.getByLabel('Column', { exact: true }));
    await page.getByRole('button', { name: 'Import 300 people' }).click();

    // The triage step: everyone from the file is in the network; pick the Globex people.
    await visible(page.getByRole('heading', { level: 2, name: 'Choose who goes on your board' }));
    const people = page.getByRole('list', { name: 'People from this import in your network' });
    await visible(people);
    await visible(page.getByText(/^0 of 25 free cards · 300 people in your network from this import$/));
    await page.getByRole('searchbox', { name: 'Company' }).fill('globex');
    await expect.poll(() => people.getByRole('checkbox').count(), { timeout: 10_000 }).toBe(GLOBEX);
    for (const box of await people.getByRole('checkbox').all()) await box.check();
    await visible(page.getByText(/^12 of 25 free cards/));
    // The picture shows the step from its heading (checking the last box scrolled the page down).
    await page.getByRole('heading', { level: 2, name: 'Choose who goes on your board' }).scrollIntoViewIfNeeded();
    await people.evaluate((list) => list.scrollTo(0, 0));
    await checkScreen(page, 'import-triage');
    await page.getByLabel('Into column').selectOption({ label: 'New' });
    await page.getByRole('button', { name: 'Put 12 on the board' }).click();
    await toast(page, '12 people put on your board in New.');
    await expect.poll(() => people.getByRole('checkbox').count()).toBe(0);
    await visible(page.getByText('Nobody from this import matches these filters.'));
    // A reload resumes the triage: the 12 are not offered again, and what was done so far is said.
    await page.reload();
    await visible(page.getByRole('heading', { level: 2, name: 'Choose who goes on your board' }));
    await visible(page.getByText(/· 288 people in your network from this import$/));
    await visible(page.getByText('12 people from this import put on your board so far.'));
    await page.getByRole('button', { name: 'Done' }).click();
    await visible(page.getByRole('heading', { level: 2, name: 'Import complete' }));
    // Once done, the import's address shows its summary, not the step again.
    await page.reload();
    await visible(page.getByRole('heading', { level: 2, name: 'Import complete' }));

    const api = await boardApi(page);
    const onBoard = await api.contacts();
    expect(onBoard).toHaveLength(GLOBEX);
    expect(new Set(onBoard.map((contact) => contact.company))).toEqual(new Set(['Globex Corporation']));

    // The network, from the top bar: the other 288, searchable as you type.
    await openNetworkFromTopBar(page);
    await visible(page.getByText('288 people', { exact: true }));
    expect((await networkRowNames(page)).length).toBeGreaterThan(5);
    await checkScreen(page, 'network');

    // A link to someone further down than the list's first page opens their dialog all the same (they
    // are read alone); a link to nobody in the network says so and comes back to the network.
    const [oldest] = (await asUser<NetworkPageData>(page, 'GET', '/api/network?sort=connected_asc&limit=1')).items;
    if (!oldest) throw new Error('the network is empty');
    expect(await networkRowNames(page)).not.toContain(oldest.name);
    await page.goto(`/network/${oldest.id}`);
    const far = await visible(page.getByRole('dialog', { name: oldest.name }));
    await page.keyboard.press('Escape');
    await hidden(far);
    await waitForPath(page, '/network');
    await page.goto('/network/2147483000');
    await toast(page, 'That person is not in your network.');
    await waitForPath(page, '/network');
    await visible(page.getByText('288 people', { exact: true }));

    const search = page.getByRole('searchbox', { name: 'Search your network' });
    await search.pressSequentially('initech');
    await expect.poll(() => networkRowNames(page)).toEqual([HEDY]);
    await visible(page.getByText('1 person', { exact: true }));
    await checkScreen(page, 'network-searched');

    await page.getByRole('checkbox', { name: `Select ${HEDY}` }).check();
    await page.getByRole('button', { name: 'Add to board' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add to board' }));
    await visible(dialog.getByText('All 1 fit on your board (free plan).'));
    await checkScreen(page, 'network-add-to-board');
    await dialog.getByRole('button', { name: 'Add 1 person' }).click();
    await toast(page, '1 person added to New.');
    await hidden(dialog);
    await visible(page.getByText(/Nobody in your network matches/));

    await page.getByRole('link', { name: 'Tend board' }).click();
    await waitForBoard(page);
    await visible(column(page, 'New').getByRole('button', { name: new RegExp(`^${HEDY}`) }));
    expect(await api.contacts()).toHaveLength(GLOBEX + 1);
  });

  it('moves a card to the network and back, its notes intact', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'network-move');
    const api = await boardApi(page);
    const ada = await api.createContact({ name: 'Ada Lovelace', title: 'Analyst', company: 'Analytical Engines' });
    await asUser(page, 'POST', '/api/interactions', {
      contact_id: ada.id,
      date_contacted: new Date().toISOString().slice(0, 10),
      contact_method: 'Email',
      notes: 'Talked about the Analytical Engine and Bernoulli numbers.',
    });
    await page.reload();
    await waitForBoard(page);

    // The card's menu: Move to network, confirmed.
    await cardById(page, ada.id).getByRole('button', { name: 'Move Ada Lovelace to...' }).click();
    await page.getByRole('menuitem', { name: 'Move to network' }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Move to network?' }));
    await visible(
      confirm.getByText('Move Ada Lovelace to your network? The card leaves the board; notes and timeline stay.'),
    );
    await checkScreen(page, 'move-to-network-dialog');
    await confirm.getByRole('button', { name: 'Move to network' }).click();
    await toast(page, 'Ada Lovelace is in your network now.');
    await hidden(cardById(page, ada.id));
    expect(await api.contacts()).toHaveLength(0);

    // In the network: her dialog, its tabs, her note.
    await openNetworkFromTopBar(page);
    await page.getByRole('button', { name: /^Ada Lovelace/ }).click();
    await waitForPath(page, `/network/${ada.id}`);
    const card = await visible(page.getByRole('dialog', { name: 'Ada Lovelace' }));
    await card.getByRole('tab', { name: 'Interaction notes' }).click();
    await visible(card.getByText('Talked about the Analytical Engine and Bernoulli numbers.'));
    await card.getByRole('tab', { name: 'Contact information' }).click();
    expect(await card.getByRole('button', { name: /^Column:/ }).count()).toBe(0);
    await checkScreenWithoutToasts(page, 'network-contact');

    // Put on the board: back in New.
    await card.getByRole('button', { name: 'Put on the board' }).click();
    await page.getByRole('menuitem', { name: 'New' }).click();
    await toast(page, 'Ada Lovelace is on your board in New.');
    await hidden(card);
    await waitForPath(page, '/network');
    await visible(page.getByText('Your network is empty: import your LinkedIn connections'));

    await page.getByRole('link', { name: 'Tend board' }).click();
    await waitForBoard(page);
    await cardButton(page, { name: 'Ada Lovelace', title: 'Analyst', company: 'Analytical Engines' }).click();
    const back = await visible(page.getByRole('dialog', { name: 'Ada Lovelace' }));
    await back.getByRole('tab', { name: 'Interaction notes' }).click();
    await visible(back.getByText('Talked about the Analytical Engine and Bernoulli numbers.'));
  });

  it('the limit modal moves people to the network instead of deleting them, and the board has room again', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'network-limit');
    const api = await boardApi(page);
    await api.createContacts(Array.from({ length: 25 }, (_, i) => ({ name: `Person ${i + 1}` })));
    await page.goto('/add-contact');
    const limit = await visible(page.getByRole('dialog', { name: 'The free plan holds 25 contacts' }));
    await limit.getByRole('button', { name: 'Move people to your network' }).click();

    const picker = await visible(page.getByRole('dialog', { name: 'Make room on your board' }));
    await visible(picker.getByRole('checkbox', { name: /^Person 1$/ }));
    await checkScreen(page, 'limit-make-room');
    await picker.getByRole('checkbox', { name: /^Person 1$/ }).check();
    await picker.getByRole('checkbox', { name: /^Person 2$/ }).check();
    await picker.getByRole('button', { name: 'Move to network: 2 people' }).click();
    await toast(page, '2 people moved to your network.');
    await hidden(picker);
    await hidden(limit);
    await waitForPath(page, '/kanban');
    expect(await api.contacts()).toHaveLength(23);

    // Room again: a new card is accepted; the two are in the network.
    expect((await api.tryCreateContact({ name: 'Person 26' })).status).toBe(201);
    await openNetworkFromTopBar(page);
    await visible(page.getByText('2 people', { exact: true }));
    expect((await networkRowNames(page)).sort()).toEqual(['Person 1', 'Person 2']);
  });
});

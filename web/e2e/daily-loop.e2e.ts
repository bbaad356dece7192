import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers/app';
import { createAccount, toast } from './helpers/auth';
import { asUser, boardApi, cardById, checkScreenWithoutToasts, column } from './helpers/board';
import { hidden, useBrowser, visible, waitForPath } from './helpers/browser';
import { checkScreen } from './helpers/screen';

// Issue 24, the daily loop: a column's cadence makes people due, their cards say so, /today lists
// them with Draft, Done and Snooze, the bell offers Done and Snooze too, and "I sent it" in the
// Follow-up tab logs the message and sets the next date. Set-up goes through the API; every step
// that is checked goes through the screen.

const DAY_MS = 86_400_000;

/** The calendar day in `timeZone`, `offset` days from today (`YYYY-MM-DD`). */
function dayIn(timeZone: string, offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** "Dec 11", as the app writes a short date. */
function shortDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

interface Person {
  id: number;
  name: string;
}

/** The signed-in user's time zone: "today" for every date here is the user's. */
async function userZone(page: Page): Promise<string> {
  return (await asUser<{ time_zone: string }>(page, 'GET', '/api/session')).time_zone;
}

/** A card with one interaction `daysAgo` days before the user's today. */
async function personContacted(
  page: Page,
  zone: string,
  person: { name: string; title: string; company: string; tier_id: number; linked_in?: string },
  daysAgo: number,
  notes: string,
): Promise<Person> {
  const created = await asUser<Person>(page, 'POST', '/api/contacts', person);
  await asUser(page, 'POST', '/api/interactions', {
    contact_id: created.id,
    date_contacted: dayIn(zone, -daysAgo),
    contact_method: 'Email',
    notes,
  });
  return created;
}

/** The follow-up chip and last-contact text of a card on the board ('' when it shows none). */
async function cardStatus(page: Page, contactId: number): Promise<string> {
  const status = cardById(page, contactId).locator('.contact-card__status');
  if ((await status.count()) === 0) return '';
  return (await status.locator('[aria-hidden="true"]').allInnerTexts()).join(' | ');
}

/** The names listed in one section of /today, top to bottom. */
function sectionNames(page: Page, title: string): Promise<string[]> {
  return page
    .getByRole('region', { name: new RegExp(`^${title} \\(`) })
    .locator('.today-row__name')
    .allInnerTexts();
}

async function openTodayFromTopBar(page: Page, due: number): Promise<void> {
  const link = page.getByRole('link', { name: `Today ${due} due`, exact: true });
  await link.click();
  await waitForPath(page, '/today');
  await visible(page.getByRole('heading', { level: 1, name: 'Today' }));
}

function snoozeMenuOf(page: Page, name: string): Locator {
  return page.getByRole('menu', { name: `Snooze ${name}`, exact: true });
}

describe('the daily loop', () => {
  const browser = useBrowser();

  it('a cadence set in a column menu makes people due: chips, the Due filter, /today, Done and Snooze', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'daily-loop');
    const zone = await userZone(page);
    const api = await boardApi(page);
    const colleagues = await api.tierId('Colleagues');
    const grace = await personContacted(
      page,
      zone,
      { name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy', tier_id: colleagues },
      20,
      'Coffee at the COBOL meetup.\nShe suggested the compiler team.',
    );
    const alan = await personContacted(
      page,
      zone,
      { name: 'Alan Turing', title: 'Mathematician', company: 'NPL', tier_id: colleagues },
      17,
      'Talked about the ACE.',
    );
    const ada = await api.createContact({ name: 'Ada Lovelace', title: 'Analyst', company: 'Analytical Engines' });
    await page.reload();
    await visible(cardById(page, grace.id));

    // Colleagues came with 60 days: nobody is due yet, the cards show only their last contact.
    await expect.poll(() => cardStatus(page, grace.id)).toBe('Last: 20 d ago');
    expect(await cardStatus(page, ada.id)).toBe('');

    // The cadence menu says and sets the cadence.
    const menuButton = column(page, 'Colleagues').getByRole('button', {
      name: 'Follow-up cadence of Colleagues: every 60 days',
    });
    await menuButton.click();
    const menu = await visible(page.getByRole('menu', { name: 'Follow-up cadence of Colleagues' }));
    await visible(menu.getByText('Follow up every 60 days'));
    expect(await menu.getByRole('menuitemradio', { name: 'Every 60 days' }).getAttribute('aria-checked')).toBe('true');
    await checkScreen(page, 'cadence-menu');
    await menu.getByRole('menuitemradio', { name: 'Every 14 days' }).click();
    await toast(page, 'Colleagues: follow up every 14 days.');

    // 20 and 17 days since the last contact, every 14 days: 6 and 3 days overdue.
    await expect.poll(() => cardStatus(page, grace.id)).toBe('Overdue 6 d | Last: 20 d ago');
    await expect.poll(() => cardStatus(page, alan.id)).toBe('Overdue 3 d | Last: 17 d ago');
    expect(await cardStatus(page, ada.id)).toBe('');
    await visible(column(page, 'Colleagues').getByText('2 due', { exact: true }));
    await checkScreenWithoutToasts(page, 'board-chips');

    // The Due filter: only the people due, said above the columns, with a way back.
    await page.getByRole('button', { name: 'Due', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Due', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await visible(page.getByRole('status').filter({ hasText: '2 of 3 shown, due and overdue only' }));
    await hidden(cardById(page, ada.id));
    await visible(column(page, 'New').getByText('No matches in this column.'));
    await visible(column(page, 'New').getByText('The filter hides its 1 card.'));
    await checkScreen(page, 'board-due-filter');
    await page.getByRole('button', { name: 'Show all cards' }).click();
    await visible(cardById(page, ada.id));
    expect(await page.getByRole('button', { name: 'Due', exact: true }).getAttribute('aria-pressed')).toBe('false');

    // The top bar's Today link counts the people due; /today lists them, oldest first.
    await openTodayFromTopBar(page, 2);
    await expect.poll(() => sectionNames(page, 'Overdue')).toEqual(['Grace Hopper', 'Alan Turing']);
    const graceRow = page.getByRole('listitem', { name: 'Grace Hopper' });
    await visible(graceRow.getByText('Overdue 6 d'));
    await visible(graceRow.getByText('Colleagues', { exact: true }));
    await visible(graceRow.getByText('Last contact 20 days ago'));
    await visible(graceRow.getByText('Coffee at the COBOL meetup.'));
    await visible(page.getByText('0 of 3'));
    expect(await graceRow.getByRole('link', { name: 'Draft a follow-up to Grace Hopper' }).getAttribute('href')).toBe(
      `/kanban/${grace.id}?tab=follow-up`,
    );
    await checkScreen(page, 'today');

    // Done: one click, the person leaves the list, the goal line counts it, and the card's chip goes.
    await page.getByRole('button', { name: 'Done: Alan Turing' }).click();
    await toast(page, 'Done: a follow-up with Alan Turing is logged for today.');
    await expect.poll(() => sectionNames(page, 'Overdue')).toEqual(['Grace Hopper']);
    await visible(page.getByText('1 of 3'));

    // Snooze 1 week: Grace moves to Upcoming.
    await page.getByRole('button', { name: 'Snooze Grace Hopper' }).click();
    const snooze = await visible(snoozeMenuOf(page, 'Grace Hopper'));
    await checkScreen(page, 'today-snooze-menu');
    await snooze.getByRole('menuitem', { name: 'Snooze Grace Hopper 1 week' }).click();
    await toast(page, `Snoozed Grace Hopper until ${shortDay(dayIn(zone, 7))}.`);
    await expect.poll(() => sectionNames(page, 'Upcoming')).toEqual(['Grace Hopper']);
    await hidden(page.getByRole('region', { name: /^Overdue/ }));
    await visible(page.getByRole('listitem', { name: 'Grace Hopper' }).getByText('In 7 d', { exact: true }));

    // Back on the board: Alan's chip is gone (next in 14 days), Grace's says when.
    await page.goto('/kanban');
    await expect.poll(() => cardStatus(page, alan.id)).toBe('Last: today');
    await expect.poll(() => cardStatus(page, grace.id)).toBe('In 7 d | Last: 20 d ago');

    // Snooze to a date past the week: the list is empty and says what to do.
    await page.goto('/today');
    await page.getByRole('button', { name: 'Snooze Grace Hopper' }).click();
    await (
      await visible(snoozeMenuOf(page, 'Grace Hopper'))
    )
      .getByRole('menuitem', { name: 'Snooze Grace Hopper until a date' })
      .click();
    const dateDialog = await visible(page.getByRole('dialog', { name: 'Snooze until a date' }));
    await dateDialog.getByLabel('Snooze until').fill(dayIn(zone, 30));
    await checkScreen(page, 'snooze-date-dialog');
    await dateDialog.getByRole('button', { name: 'Snooze', exact: true }).click();
    await hidden(dateDialog);
    await visible(page.getByRole('heading', { name: 'No one to contact this week' }));
    await visible(page.getByText('Set a cadence on a column'));
    await checkScreenWithoutToasts(page, 'today-empty');
    // The whole loop on one account (eight screens and menus scanned): about 35 s on a quiet machine,
    // near a minute when the machine is shared.
  }, 120_000);

  it('the bell lists who is due with Done and Snooze; "I sent it" logs the message and shows the next date', async () => {
    const page = await browser.openPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await createAccount(page, 'daily-loop-bell');
    const zone = await userZone(page);
    const api = await boardApi(page);
    // Potential Referrals come with a 14-day cadence on a new account.
    const referrals = await api.tierId('Potential Referrals');
    const grace = await personContacted(
      page,
      zone,
      {
        name: 'Grace Hopper',
        title: 'Rear Admiral',
        company: 'US Navy',
        tier_id: referrals,
        linked_in: 'https://www.linkedin.com/in/grace-hopper',
      },
      20,
      'Coffee at the COBOL meetup.',
    );
    const katherine = await personContacted(
      page,
      zone,
      { name: 'Katherine Johnson', title: 'Mathematician', company: 'NASA', tier_id: referrals },
      14,
      'Orbital mechanics.',
    );
    await page.reload();
    await visible(cardById(page, grace.id));

    // The bell: dates as words, Done and Snooze on each row.
    await page.getByRole('button', { name: /^Notifications, 2 unread$/ }).click();
    const bell = await visible(page.getByRole('menu', { name: 'Notifications' }));
    const graceRow = bell.getByRole('group', { name: 'Grace Hopper' });
    await visible(graceRow.getByText('6 days overdue'));
    await visible(bell.getByRole('group', { name: 'Katherine Johnson' }).getByText('Today', { exact: true }));
    await visible(graceRow.getByRole('menuitem', { name: 'Done: Grace Hopper' }));
    await checkScreen(page, 'bell-actions');
    await bell.getByRole('menuitem', { name: 'Snooze Katherine Johnson' }).hover();
    const snooze = await visible(snoozeMenuOf(page, 'Katherine Johnson'));
    await checkScreen(page, 'bell-snooze-menu');
    await snooze.getByRole('menuitem', { name: 'Snooze Katherine Johnson 2 days' }).click();
    await toast(page, `Snoozed Katherine Johnson until ${shortDay(dayIn(zone, 2))}.`);
    await expect.poll(() => cardStatus(page, katherine.id)).toBe('In 2 d | Last: 14 d ago');

    // Opening an item lands on the Follow-up tab.
    await page.getByRole('button', { name: /^Notifications, 1 unread$/ }).click();
    await page
      .getByRole('menu', { name: 'Notifications' })
      .getByRole('menuitem', { name: /Follow up with Grace Hopper/ })
      .click();
    await waitForPath(page, `/kanban/${grace.id}`);
    const card = await visible(page.getByRole('dialog', { name: 'Grace Hopper', exact: true }));
    const panel = await visible(card.getByRole('tabpanel', { name: 'Follow-up message' }));

    // Open LinkedIn copies the draft and opens the profile in a new tab; then "I sent it".
    const draft = 'Hi Grace, how is the compiler team? Coffee next week?';
    await panel.getByRole('textbox', { name: 'Follow-up message' }).fill(draft);
    const linkedIn = panel.getByRole('link', { name: /^Open LinkedIn/ });
    expect(await linkedIn.getAttribute('href')).toBe('https://www.linkedin.com/in/grace-hopper');
    expect(await linkedIn.getAttribute('target')).toBe('_blank');
    const opened = page.context().waitForEvent('page');
    await linkedIn.click();
    const profileTab = await opened;
    await profileTab.close();
    await toast(page, 'Draft copied: paste it into your LinkedIn message.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(draft);
    const logged = page.waitForResponse((response) => response.url().endsWith(`/api/contacts/${grace.id}/done`));
    await panel.getByRole('button', { name: 'I sent it' }).click();
    const answer = await logged;
    expect(answer.request().postDataJSON()).toEqual({ method: 'LinkedIn message', note: draft });
    await visible(panel.getByText(`Next follow-up: ${shortDay(dayIn(zone, 14))}`));
    await checkScreenWithoutToasts(page, 'contact-card-i-sent-it');

    // Contacted, the card's next date can be moved from the header without logging anything.
    const headerDate = card.locator('.contact-modal__follow-up');
    expect(await headerDate.innerText()).toContain(`Next follow-up: ${shortDay(dayIn(zone, 14))}`);
    await card.getByRole('button', { name: 'Reschedule follow-up' }).click();
    const picker = await visible(page.getByRole('dialog', { name: 'Reschedule follow-up' }));
    expect(await picker.getByLabel('Follow up on').inputValue()).toBe(dayIn(zone, 14));
    await checkScreen(page, 'contact-card-reschedule');
    await picker.getByLabel('Follow up on').fill(dayIn(zone, 30));
    await picker.getByRole('button', { name: 'Reschedule' }).click();
    await toast(page, `Follow-up with Grace Hopper scheduled for ${shortDay(dayIn(zone, 30))}.`);
    await hidden(picker);
    await expect.poll(() => headerDate.innerText()).toContain(`Next follow-up: ${shortDay(dayIn(zone, 30))}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reschedule follow-up');

    // The interaction is logged with the draft as its note, on the timeline and in the notes tab.
    expect(await panel.getByRole('textbox', { name: 'Follow-up message' }).inputValue()).toBe('');
    await card.getByRole('tab', { name: 'Interaction notes' }).click();
    await visible(card.getByRole('tabpanel', { name: 'Interaction notes' }).getByText(draft));
    await card.getByRole('button', { name: 'Close' }).click();
    await hidden(card);

    // Nobody is due any more: the bell says what to do.
    await expect.poll(() => cardStatus(page, grace.id)).toBe('Last: today');
    const bellButton = page.locator('button.top-bar__bell');
    await expect.poll(() => bellButton.getAttribute('aria-label')).toBe('Notifications, 0 unread');
    await bellButton.click();
    await visible(page.getByRole('menu', { name: 'Notifications' }).getByText(/No one is due today\./));
  });

  it("'Open Tend on: Today' in Settings: the app opens on Today; the daily goal shows there", async () => {
    const page = await browser.openPage();
    await createAccount(page, 'daily-loop-settings');
    await page.goto('/settings');
    const section = await visible(page.getByRole('region', { name: 'Daily follow-ups' }));
    expect(await section.getByRole('radio', { name: 'Board' }).isChecked()).toBe(true);
    await section.getByRole('radio', { name: 'Today' }).check();
    await toast(page, 'Your daily follow-up settings are saved.');
    await section.getByRole('combobox', { name: 'Daily goal' }).selectOption('5');
    await expect.poll(() => section.getByRole('combobox', { name: 'Daily goal' }).inputValue()).toBe('5');
    await checkScreenWithoutToasts(page, 'settings-daily-loop');
    await page.goto('/');
    await waitForPath(page, '/today');
    await visible(page.getByText('0 of 5'));
  });
});

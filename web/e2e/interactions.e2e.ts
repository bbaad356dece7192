import type { Page } from 'playwright-core';
import { addDays } from '@tend/contracts';
import { describe, expect, inject, it } from 'vitest';
import { runNode } from './helpers/app-process';
import { baseUrl } from './helpers/app';
import { createAccount, openAccountMenuItem, toast } from './helpers/auth';
import { boardApi, checkScreenWithoutToasts } from './helpers/board';
import { accessibleNames, currentPath, hidden, useBrowser, visible, waitForPath } from './helpers/browser';
import { linkTo, waitForMail } from './helpers/mail';
import { checkScreen } from './helpers/screen';

/** The calendar date in an IANA zone (`YYYY-MM-DD`), as the API computes "today". */
function dateIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function hourIn(timeZone: string, at = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));
}

/**
 * A zone where it is 08:00 or later now (reminders go out from 08:00 local), so the journey does
 * not depend on the hour it runs at. Etc/GMT-N is UTC+N.
 */
function zonePastEight(): string {
  for (let offset = 0; offset <= 14; offset++) {
    const zone = offset === 0 ? 'UTC' : `Etc/GMT-${offset}`;
    if (hourIn(zone) >= 8) return zone;
  }
  return 'Etc/GMT+12';
}

/** "November 26, 2026" for a `YYYY-MM-DD`. */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** The API as the page's user, for set-up the screen is not under test for. */
async function api(page: Page) {
  const request = page.context().request;
  const session = await request.get(`${baseUrl()}/api/session`);
  const user = (await session.json()) as { id: number };
  const headers = { 'X-CSRF-Token': session.headers()['x-csrf-token'] ?? '', Accept: 'application/json' };
  const send = async <T>(method: 'POST' | 'PATCH', path: string, data: unknown): Promise<T> => {
    const response = await request.fetch(`${baseUrl()}${path}`, { method, headers, data });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { userId: user.id, send };
}

/** `npm run task -- <name>` beside the journeys' app (its database, its outbox). */
async function runTask(name: string): Promise<string> {
  const run = await runNode(['api/dist/cli/task.js', name], inject('appEnv'), inject('appDir'));
  if (run.code !== 0) throw new Error(`npm run task -- ${name} exited ${run.code}:\n${run.output}`);
  return run.output;
}

describe('journey: interaction notes, timeline, notifications and reminder emails', () => {
  const browser = useBrowser();

  it('logs an interaction due today, shows it on the timeline and the bell, and the bell opens the Follow-up tab', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'interactions');
    const zone = zonePastEight();
    const { userId, send } = await api(page);
    await send('PATCH', `/api/users/${userId}`, { time_zone: zone });
    const today = dateIn(zone);
    const board = await boardApi(page);
    const ada = await board.createContact({ name: 'Ada Lovelace', title: 'Analyst', company: 'Analytical Engines' });
    // Two earlier interactions, so the list and the timeline have an order to show.
    await send('POST', '/api/interactions', {
      contact_id: ada.id,
      date_contacted: '2026-01-12',
      contact_method: 'LinkedIn message',
      notes: 'Asked about the Difference Engine drawings; she offered to send notes.',
      next_contact_date: null,
    });
    await send('POST', '/api/interactions', {
      contact_id: ada.id,
      date_contacted: '2026-03-04',
      contact_method: 'Phone call',
      notes: 'Talked through the Bernoulli numbers table. Follow up with the translation.',
      next_contact_date: null,
    });

    // Someone else to follow up with next week: the bell lists them under Upcoming, unread only when due.
    const grace = await board.createContact({ name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy' });
    const nextWeek = dateIn(zone, new Date(Date.now() + 7 * 86_400_000));
    await send('POST', '/api/interactions', {
      contact_id: grace.id,
      date_contacted: '2026-02-20',
      contact_method: 'Email',
      notes: 'Sent the COBOL questions.',
      next_contact_date: nextWeek,
    });

    await page.goto(`/kanban/${ada.id}`);
    const card = await visible(page.getByRole('dialog', { name: 'Ada Lovelace', exact: true }));
    // The bell sits behind the open card (hidden from the accessibility tree while the card is modal).
    const bellButton = page.locator('.top-bar__bell');
    await expect.poll(() => bellButton.getAttribute('aria-label')).toBe('Notifications, 0 unread');
    await card.getByRole('tab', { name: 'Interaction notes' }).click();
    const panel = await visible(card.getByRole('tabpanel', { name: 'Interaction notes' }));
    const form = panel.getByRole('form', { name: 'New interaction' });

    // The new card starts open, dated today by the method used last (issue 24: logging is quick);
    // dates are bounded by today.
    const save = form.getByRole('button', { name: 'Save' });
    expect(await form.getByLabel('Date contacted').inputValue()).toBe(today);
    await expect.poll(() => form.getByLabel('Contact method').inputValue()).toBe('Phone call');
    expect(await save.isEnabled()).toBe(true);
    expect(await form.getByLabel('Date contacted').getAttribute('max')).toBe(today);
    expect(await form.getByLabel('Next contact date').getAttribute('min')).toBe(today);
    await form.getByLabel('Date contacted').fill(today);
    await form.getByLabel('Contact method').selectOption('Virtual call');
    const notes = 'Coffee over video: she is hiring for the engine team. Send my portfolio.';
    await form.getByLabel('Notes').fill(notes);
    await visible(form.getByText(`${notes.length}/1000 characters`));
    await form.getByLabel('Next contact date').fill(today);
    expect(await save.isEnabled()).toBe(true);
    await checkScreen(page, 'contact-card-interaction-notes-new');
    await save.click();
    await toast(page, 'Interaction saved.');

    // Newest first in the tab, oldest first on the timeline, each with its long date.
    const toggles = panel.locator('.interaction__toggle');
    await expect.poll(() => toggles.allInnerTexts()).toHaveLength(4);
    const titles = await panel.locator('.interaction__toggle .interaction__title').allInnerTexts();
    expect(titles.map((title) => title.replace(/\s+/g, ' ').trim())).toEqual([
      'New interaction',
      `Virtual call ${longDate(today)}`,
      'Phone call March 4, 2026',
      'LinkedIn message January 12, 2026',
    ]);
    const timeline = card.getByRole('complementary', { name: 'Timeline' });
    const events = await timeline.locator('.timeline__event').allInnerTexts();
    const eventTexts = events.map((event) => event.replace(/\s+/g, ' ').trim());
    // The card has no connection date: the first event is dated by the earlier of its creation (today)
    // and its oldest interaction (issue 24: never a first connection after an interaction).
    expect(eventTexts).toEqual([
      'First connected with Ada Lovelace January 12, 2026',
      'LinkedIn message January 12, 2026',
      'Phone call March 4, 2026',
      `Virtual call ${longDate(today)}`,
    ]);
    await checkScreenWithoutToasts(page, 'contact-card-interaction-notes');
    await screenshotTimeline(page);

    // The bell counts it at once.
    await expect.poll(() => bellButton.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(await bellButton.locator('.top-bar__badge').innerText()).toBe('1');

    // The discard guard: leaving the tab with unsaved notes asks first.
    await toggles.nth(1).click();
    const edited = panel.getByRole('form', { name: `Interaction of ${longDate(today)}` });
    await edited.getByLabel('Notes').fill('Changed my mind about this note.');
    await card.getByRole('tab', { name: 'Contact information' }).click();
    let discard = await visible(page.getByRole('dialog', { name: 'Discard Interaction Notes?' }));
    await checkScreen(page, 'discard-interaction-notes');
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await hidden(discard);
    await visible(card.getByRole('tab', { name: 'Interaction notes', selected: true }));
    expect(await edited.getByLabel('Notes').inputValue()).toBe('Changed my mind about this note.');
    await card.getByRole('button', { name: 'Close', exact: true }).click();
    discard = await visible(page.getByRole('dialog', { name: 'Discard Interaction Notes?' }));
    await discard.getByRole('button', { name: 'Discard Interaction' }).click();
    await hidden(card);
    await waitForPath(page, '/kanban');

    // The reminder digest.
    const output = await runTask('reminders');
    expect(output).toContain('"task":"reminders"');
    const mail = await waitForMail(account.email, 'Follow up with Ada Lovelace today');
    expect(mail.text).toContain('Ada Lovelace');
    expect(mail.text).toContain('Due today · Last contact');
    expect(mail.text).toContain(`Open: ${baseUrl()}/kanban/${ada.id}?tab=follow-up`);
    const unsubscribeLink = linkTo(mail, '/unsubscribe?token=');
    const doneLink = /^ {2}Done: (\S+)$/m.exec(mail.text)?.[1] ?? '';
    const snoozeLink = /^ {2}Snooze 1 week: (\S+)$/m.exec(mail.text)?.[1] ?? '';

    // The bell: the people due (issue 24: Grace, due next week, is not), dates as words; opening one
    // lands on the contact's Follow-up message tab.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const menu = await visible(page.getByRole('menu'));
    await visible(menu.getByText('Due (1)', { exact: true }));
    expect(await menu.getByRole('menuitem', { name: /Follow up with Grace Hopper/ }).count()).toBe(0);
    const item = menu.getByRole('menuitem', { name: /Follow up with Ada Lovelace/ });
    await visible(item.getByText('Today', { exact: true }));
    await checkScreen(page, 'notifications-menu');
    await item.click();
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/kanban/${ada.id}?tab=follow-up`);
    const reopened = await visible(page.getByRole('dialog', { name: 'Ada Lovelace', exact: true }));
    await visible(reopened.getByRole('tab', { name: 'Follow-up message', selected: true }));
    await expect.poll(() => bellButton.getAttribute('aria-label')).toBe('Notifications, 0 unread');
    await reopened.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(reopened);

    // The reminder email as a mail client shows it.
    const viewer = await browser.openPage();
    await viewer.setContent(mail.html);
    await visible(viewer.getByText('Ada Lovelace').first());
    await checkScreen(viewer, 'reminder-email');

    // Settings: the switch is on; off and on again, kept across a reload.
    await openAccountMenuItem(page, 'Settings');
    await waitForPath(page, '/settings');
    const reminders = await visible(page.getByRole('switch', { name: 'Email me follow-up reminders' }));
    expect(await reminders.isChecked()).toBe(true);
    await reminders.scrollIntoViewIfNeeded();
    await checkScreen(page, 'settings-reminder-emails');
    await reminders.click();
    await toast(page, 'Follow-up reminder emails are off.');
    await page.reload();
    expect(await page.getByRole('switch', { name: 'Email me follow-up reminders' }).isChecked()).toBe(false);
    await page.getByRole('switch', { name: 'Email me follow-up reminders' }).click();
    await toast(page, 'Follow-up reminder emails are on.');
    // The digest's schedule: weekly on a weekday, from an hour of the user's own day.
    await page.getByLabel('How often').selectOption('weekly');
    await toast(page, 'Reminder schedule saved.');
    // Each choice is saved as it is made (the select waits, disabled, for the answer).
    for (const [label, value] of [
      ['On', '4'],
      ['From', '7'],
    ] as const) {
      const select = page.getByLabel(label, { exact: true });
      await expect.poll(() => select.isEnabled()).toBe(true);
      await select.selectOption(value);
      await expect.poll(() => select.isEnabled()).toBe(true);
    }
    await page.reload();
    expect(await page.getByLabel('On', { exact: true }).inputValue()).toBe('4');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('7');
    await page.getByLabel('From', { exact: true }).scrollIntoViewIfNeeded();
    await checkScreen(page, 'settings-reminder-schedule');
    await page.getByLabel('How often').selectOption('daily');
    await expect.poll(() => page.getByLabel('On', { exact: true }).count()).toBe(0);

    // The email's unsubscribe link, signed out: it asks, then it is done.
    const visitor = await browser.openPage();
    await visitor.goto(unsubscribeLink);
    await visible(visitor.getByRole('heading', { name: 'Stop follow-up reminder emails?' }));
    expect(currentPath(visitor)).toBe('/unsubscribe');
    await checkScreen(visitor, 'unsubscribe');
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visible(visitor.getByRole('heading', { name: 'You are unsubscribed' }));
    await visible(visitor.getByText('You will not get follow-up reminder emails any more.'));
    await checkScreen(visitor, 'unsubscribe-done');
    await page.reload();
    expect(await page.getByRole('switch', { name: 'Email me follow-up reminders' }).isChecked()).toBe(false);

    // A link that is not valid shows the API's reason.
    await visitor.goto('/unsubscribe?token=not-a-token');
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visible(
      visitor
        .getByRole('alert')
        .filter({ hasText: 'This unsubscribe link is not valid. Turn reminders off in Settings.' }),
    );

    // The digest's Done link, signed out: opening it changes nothing; the page's button does.
    await visitor.goto(doneLink);
    expect(currentPath(visitor)).toBe('/email-action');
    const ask = await visible(visitor.getByRole('heading', { name: 'Mark Ada Lovelace as done?' }));
    await checkScreen(visitor, 'email-action-done');
    const before = await board.contacts();
    expect(before.find((contact) => contact.id === ada.id)?.next_follow_up_on).toBe(today);
    await visitor.getByRole('button', { name: 'Mark as done' }).click();
    await hidden(ask);
    await visible(visitor.getByText('Ada Lovelace is marked as done.'));
    await checkScreen(visitor, 'email-action-done-result');
    const after = await board.contacts();
    expect(after.find((contact) => contact.id === ada.id)?.last_contacted_on).toBe(today);
    // Ada's Snooze link was for the follow-up just handled: it says so and changes nothing.
    await visitor.goto(snoozeLink);
    await visible(visitor.getByRole('heading', { name: 'This link cannot be used' }));
    await visible(visitor.getByText(/has changed since the email was sent/));
    await checkScreen(visitor, 'email-action-changed');
  });

  it('puts every note of a long history in the accessibility tree, not only the ones in view', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'interactions-history');
    const { send } = await api(page);
    const board = await boardApi(page);
    const contact = await board.createContact({ name: 'Katherine Johnson', title: 'Mathematician', company: 'NASA' });
    const count = 40;
    for (let note = 1; note <= count; note++) {
      await send('POST', '/api/interactions', {
        contact_id: contact.id,
        date_contacted: `2026-01-${String((note % 28) + 1).padStart(2, '0')}`,
        contact_method: 'Email',
        notes: `History note ${note}.`,
        next_contact_date: null,
      });
    }
    await page.goto(`/kanban/${contact.id}`);
    const card = await visible(page.getByRole('dialog', { name: 'Katherine Johnson', exact: true }));
    await card.getByRole('tab', { name: 'Interaction notes' }).click();
    const panel = await visible(card.getByRole('tabpanel', { name: 'Interaction notes' }));
    // The tab draws the newest 12 and the new-note card; the rest come on request.
    await panel.getByRole('button', { name: `Show ${count - 12} older interactions` }).click();
    await expect.poll(() => panel.locator('.interaction__toggle').count()).toBe(count + 1);
    // Most of them are far below the panel's view; a screen reader still lists every one.
    const notes = (await accessibleNames(page, 'button')).filter((name) => /History note \d+\./.test(name));
    expect(notes).toHaveLength(count);
  });

  it('sends one digest listing the overdue first, then those due today, then the coming week', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'digest');
    const zone = zonePastEight();
    const { userId, send } = await api(page);
    await send('PATCH', `/api/users/${userId}`, { time_zone: zone });
    const today = dateIn(zone);
    const board = await boardApi(page);
    const [ada, grace, alan] = await board.createContacts([
      { name: 'Ada Lovelace', title: 'Analyst', company: 'Analytical Engines' },
      { name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy' },
      { name: 'Alan Turing', title: 'Researcher', company: 'Bletchley Park' },
    ]);
    // Ada was due five days ago (her column's cadence of 25 days since her last contact, 30 days
    // ago), Grace is due today and Alan in three days (the dates they were given).
    await send('PATCH', `/api/tiers/${ada?.tier_id}`, { cadence_days: 25 });
    const plan = [
      { contact: ada, contacted: -30, next: null, notes: 'Coffee over video: she is hiring. Send my portfolio.' },
      { contact: grace, contacted: -14, next: 0, notes: 'Sent the COBOL questions.' },
      { contact: alan, contacted: -60, next: 3, notes: 'Asked for an introduction to the codebreaking team.' },
    ];
    for (const { contact, contacted, next, notes } of plan) {
      await send('POST', '/api/interactions', {
        contact_id: contact?.id,
        date_contacted: addDays(today, contacted),
        contact_method: 'Email',
        notes,
        next_contact_date: next === null ? null : addDays(today, next),
      });
    }

    await runTask('reminders');
    const mail = await waitForMail(account.email, '2 people to follow up with today');
    const order = ['Ada Lovelace', '5 days overdue', 'Grace Hopper', 'Due today', 'Coming up this week', 'Alan Turing'];
    const positions = order.map((text) => mail.text.toLowerCase().indexOf(text.toLowerCase()));
    expect(
      positions.every((at) => at >= 0),
      mail.text,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const viewer = await browser.openPage();
    await viewer.setContent(mail.html);
    await visible(viewer.getByText('Alan Turing').first());
    await checkScreen(viewer, 'reminder-email-digest');
  });
});

/** The timeline panel on its own: what the right-hand side of the card shows. */
async function screenshotTimeline(page: Page): Promise<void> {
  if (process.env['SCREENSHOTS'] !== '1') return;
  const { SCREENSHOT_DIR } = await import('./helpers/screenshot');
  await page
    .getByRole('complementary', { name: 'Timeline' })
    .screenshot({ path: `${SCREENSHOT_DIR}/contact-card-timeline.png`, animations: 'disabled' });
}

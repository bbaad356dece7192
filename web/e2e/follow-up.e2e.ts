import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers/app';
import { createAccount, toast } from './helpers/auth';
import { boardApi, checkScreenWithoutToasts } from './helpers/board';
import { hidden, useBrowser, visible, waitForPath } from './helpers/browser';

const GRACE = { name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy', email: 'grace.hopper@example.com' };
const NOTES = {
  older: 'Coffee at the COBOL meetup: she suggested I look at the compiler team.',
  newer: 'Video call about the compiler team; she offered to introduce me to their manager & asked for my CV.',
};

/** A calendar day `daysAgo` before today (UTC; the user's zone is London, so never in the future). */
function dayBefore(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** `POST` as the page's user (its cookies and the session's CSRF token), for quick set-up only. */
async function postAsUser<T>(page: Page, path: string, data: unknown): Promise<T> {
  const request = page.context().request;
  const session = await request.get(`${baseUrl()}/api/session`);
  const csrf = session.headers()['x-csrf-token'] ?? '';
  const response = await request.post(`${baseUrl()}${path}`, { data, headers: { 'X-CSRF-Token': csrf } });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

interface ClickRecord {
  href: string | null;
  prevented: boolean;
}

/**
 * Records every link click on the page: its `href` and whether the app stopped the browser from
 * following it. The listener sits on `window`, after the app's own handlers, and then keeps the
 * browser from handing the `mailto:` to a mail program (there is none in the test machine).
 */
async function recordLinkClicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const clicks: ClickRecord[] = [];
    (window as unknown as { linkClicks: ClickRecord[] }).linkClicks = clicks;
    window.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest('a');
      if (!link) return;
      clicks.push({ href: link.getAttribute('href'), prevented: event.defaultPrevented });
      event.preventDefault();
    });
  });
}

async function lastLinkClick(page: Page): Promise<ClickRecord | undefined> {
  return page.evaluate(() => (window as unknown as { linkClicks: ClickRecord[] }).linkClicks.at(-1));
}

async function openFollowUpTab(
  page: Page,
  contactId: number,
  name: string,
): Promise<{ card: Locator; panel: Locator }> {
  await page.goto(`/kanban/${contactId}`);
  const card = await visible(page.getByRole('dialog', { name, exact: true }));
  await card.getByRole('tab', { name: 'Follow-up message' }).click();
  const panel = await visible(card.getByRole('tabpanel', { name: 'Follow-up message' }));
  return { card, panel };
}

describe('follow-up message tab', () => {
  const browser = useBrowser();

  it('generates a draft from the notes, edits it, copies it and opens it as an email', async () => {
    const page = await browser.openPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await createAccount(page, 'follow-up');
    const api = await boardApi(page);
    const grace = await postAsUser<{ id: number }>(page, '/api/contacts', {
      ...GRACE,
      tier_id: await api.tierId('Potential Referrals'),
    });
    const older = await postAsUser<{ id: number }>(page, '/api/interactions', {
      contact_id: grace.id,
      date_contacted: dayBefore(20),
      contact_method: 'Other (add in notes)',
      notes: NOTES.older,
    });
    const newer = await postAsUser<{ id: number }>(page, '/api/interactions', {
      contact_id: grace.id,
      date_contacted: dayBefore(3),
      contact_method: 'Virtual call',
      notes: NOTES.newer,
    });
    expect(newer.id).not.toBe(older.id);

    const { card, panel } = await openFollowUpTab(page, grace.id, GRACE.name);
    const editor = panel.getByRole('textbox', { name: 'Follow-up message' });
    expect(await editor.inputValue()).toBe('');
    await visible(panel.getByText('0/1000', { exact: true }));

    // Generate (the offline template: no provider is configured), with a tone and a purpose.
    await panel.getByRole('radio', { name: 'Brief' }).check();
    await panel.getByRole('combobox', { name: 'Purpose' }).selectOption({ label: 'Ask for a referral' });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/geminis/'));
    await panel.getByRole('button', { name: 'Generate', exact: true }).click();
    const answer = await answered;
    expect(answer.request().postDataJSON()).toEqual({ id: grace.id, tone: 'brief', purpose: 'referral' });
    await toast(page, 'Your follow-up message is ready!');
    const draft = (await answer.json()) as { response: string; used_interaction_ids: number[] };
    // The template writes from the latest interaction (a model gets every note that fits its budget).
    expect(draft.used_interaction_ids).toEqual([newer.id]);
    await expect.poll(() => editor.inputValue()).toBe(draft.response);
    expect(draft.response).toContain('Grace');
    await visible(panel.getByText(`${draft.response.length}/1000`, { exact: true }));
    await visible(panel.getByRole('button', { name: 'Regenerate', exact: true }));

    // Who wrote it, and the notes it used: by date and method, each expandable.
    const sources = panel.getByRole('complementary', { name: 'How this draft was written' });
    await visible(sources.getByText('Built-in template (no AI model)', { exact: true }));
    await visible(sources.getByText('Notes used (1)', { exact: true }));
    const toggle = sources.getByRole('button', { name: /Virtual call/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await sources.getByText('Other (add in notes)').count()).toBe(0);
    await toggle.click();
    await visible(sources.getByText(NOTES.newer, { exact: true }));
    // The picture shows the pickers, the draft and its source together.
    await panel.evaluate((node) => node.scrollTo(0, 0));
    await checkScreenWithoutToasts(page, 'contact-card-follow-up');

    // Edit: the counter follows, and the edit survives a trip to another tab.
    const edited = `${draft.response}\n\nP.S. Coffee next week? 50% of my week is free & flexible.`;
    await editor.fill(edited);
    await visible(panel.getByText(`${edited.length}/1000`, { exact: true }));
    await card.getByRole('tab', { name: 'Contact information' }).click();
    await card.getByRole('tab', { name: 'Follow-up message' }).click();
    expect(await editor.inputValue()).toBe(edited);

    // Copy the text and the contact's email: both land on the real clipboard.
    await panel.getByRole('button', { name: 'Copy text', exact: true }).click();
    await toast(page, 'Text copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(edited);
    await panel.getByRole('button', { name: 'Copy email', exact: true }).click();
    await toast(page, 'Email copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(GRACE.email);

    // Open as email: the browser follows a mailto: link to Grace, subject 'Following-up', the edited body.
    await recordLinkClicks(page);
    await panel.getByRole('link', { name: 'Open as email' }).click();
    const click = await lastLinkClick(page);
    expect(click?.prevented).toBe(false);
    const mailto = new URL(click?.href ?? '');
    expect(mailto.protocol).toBe('mailto:');
    expect(decodeURIComponent(mailto.pathname)).toBe(GRACE.email);
    expect(mailto.searchParams.get('subject')).toBe('Following-up');
    expect(mailto.searchParams.get('body')).toBe(edited.replace(/\n/g, '\r\n'));

    // An empty body is refused with the spec's message.
    await editor.fill('');
    // It looks unavailable now (aria-disabled, which Playwright will not click), yet a person can
    // still click it and is told why.
    await panel.getByRole('link', { name: 'Open as email' }).click({ force: true });
    await toast(page, 'Recipient email or body empty.');
    expect((await lastLinkClick(page))?.prevented).toBe(true);

    // A note links to its interaction in the Interaction notes tab.
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await sources.getByRole('button', { name: 'Show in Interaction notes' }).click();
    await visible(card.getByRole('tab', { name: 'Interaction notes', selected: true }));
    // ... where that interaction's card is open and has the focus.
    const revealed = card.locator(`[data-interaction-id="${newer.id}"] .interaction__toggle`);
    await expect.poll(() => revealed.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => revealed.evaluate((el) => el === document.activeElement)).toBe(true);

    // Closing the card with an edited draft asks first.
    await card.getByRole('tab', { name: 'Follow-up message' }).click();
    await editor.fill('My own words.');
    await card.getByRole('button', { name: 'Close', exact: true }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Close card without saving?' }));
    await confirm.getByRole('button', { name: 'Close card' }).click();
    await hidden(card);
    await waitForPath(page, '/kanban');
  });

  it("says 'Recipient email or body empty.' for a contact without an email", async () => {
    const page = await browser.openPage();
    await createAccount(page, 'follow-up-no-email');
    const api = await boardApi(page);
    const ada = await api.createContact({ name: 'Ada Byron', company: 'Analytical Engines' });
    const { panel } = await openFollowUpTab(page, ada.id, 'Ada Byron');
    await visible(panel.getByText('No email saved for Ada Byron: add one in Contact information.'));
    expect(await panel.getByRole('button', { name: 'Copy email' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Generate', exact: true }).click();
    await toast(page, 'Your follow-up message is ready!');
    const sources = panel.getByRole('complementary', { name: 'How this draft was written' });
    await visible(sources.getByText('Built-in template (no AI model)', { exact: true }));
    await visible(sources.getByText(/No interaction notes yet/));
    expect(await panel.getByRole('textbox', { name: 'Follow-up message' }).inputValue()).toContain('Ada');

    await recordLinkClicks(page);
    // Without an address it looks unavailable (aria-disabled); a person's click still says why.
    await panel.getByRole('link', { name: 'Open as email' }).click({ force: true });
    await toast(page, 'Recipient email or body empty.');
    expect((await lastLinkClick(page))?.prevented).toBe(true);
  });
});

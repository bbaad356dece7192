import type { Page } from 'playwright-core';
import { freePlanLimitMessage } from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount, toast, waitForBoard } from './helpers/auth';
import { boardApi, column, columnCount, newToast, type NewContact } from './helpers/board';
import { hidden, useBrowser, visible, waitForPath } from './helpers/browser';
import { BILLING_NOT_CONFIGURED } from './helpers/billing';
import { expectNoSeriousAxeViolations } from './helpers/axe';
import { checkScreen } from './helpers/screen';

/** The columns' full names, left to right. */
function columnNames(page: Page): Promise<string[]> {
  return page.locator('section[data-tier-id] h2 .visually-hidden').allInnerTexts();
}

/** Hovers a column's trash icon and returns the tooltip's text. */
async function trashTooltip(page: Page, name: string): Promise<string> {
  // A tooltip still open from an earlier hover or click must close first, or it would be read instead.
  await page.mouse.move(640, 790, { steps: 8 });
  await hidden(page.getByRole('tooltip'));
  await column(page, name)
    .getByRole('button', { name: `Delete column ${name}` })
    .hover();
  const tooltip = await visible(page.getByRole('tooltip'));
  const text = (await tooltip.innerText()).trim();
  // Away in several steps, as a real pointer moves (Radix keeps a tooltip open on a single jump).
  await page.mouse.move(640, 790, { steps: 8 });
  await hidden(tooltip);
  return text;
}

describe('board journeys: columns and the free plan', () => {
  const browser = useBrowser();

  it('adds, renames (Enter and blur) and deletes columns; only empty columns after the first can go', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-columns');
    const api = await boardApi(page);
    await api.createContact({ name: 'Donald Knuth', tier_id: await api.tierId('Colleagues') });
    await page.reload();
    await waitForBoard(page);
    expect(await columnNames(page)).toEqual(['New', 'Colleagues', 'Friends', 'Potential Referrals']);

    // The first column can be neither renamed nor deleted.
    const first = column(page, 'New');
    expect(await first.getByRole('button', { name: /^Rename column/ }).count()).toBe(0);
    expect(await first.getByRole('button', { name: /^Delete column/ }).count()).toBe(0);

    // A column with cards keeps a disabled trash icon that says why.
    const busyTrash = column(page, 'Colleagues').getByRole('button', { name: 'Delete column Colleagues' });
    expect(await busyTrash.getAttribute('aria-disabled')).toBe('true');
    expect(await trashTooltip(page, 'Colleagues')).toBe('Column must be empty to delete');
    // Clicking it anyway (Playwright would wait for it to be enabled) does nothing.
    await busyTrash.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await trashTooltip(page, 'Friends')).toBe('Delete column');

    // One frame (issue 27 point 7): the top bar starts with the logo, and the one '+ Add Column' is
    // the spec's, ending the row of columns.
    await visible(page.locator('.top-bar').getByRole('link', { name: 'Tend board' }));
    expect(await page.getByRole('button', { name: '+ Add Column' }).count()).toBe(1);
    // At 1280 px the four columns do not fit: the right edge is shaded and a button scrolls on.
    const viewport = page.locator('.board__viewport');
    await expect.poll(() => viewport.getAttribute('data-more-after')).toBe('true');
    expect(await viewport.getAttribute('data-more-before')).toBeNull();
    const trailing = page.locator('.board__add-column').getByRole('button', { name: '+ Add Column' });
    expect(await trailing.evaluate((node) => node.getBoundingClientRect().left >= window.innerWidth)).toBe(true);
    expect(await page.getByRole('button', { name: 'Scroll to earlier columns' }).count()).toBe(0);
    await checkScreen(page, 'board-overflow');
    await page.getByRole('button', { name: 'Scroll to more columns' }).click();
    await expect.poll(() => viewport.getAttribute('data-more-before')).toBe('true');
    await visible(page.getByRole('button', { name: 'Scroll to earlier columns' }));
    await expect
      .poll(() => trailing.evaluate((node) => node.getBoundingClientRect().right <= window.innerWidth))
      .toBe(true);

    await trailing.click();
    await toast(page, 'New column created.');
    // Toasts sit below the top bar: the bell stays visible and clickable.
    const topBarBox = await page.locator('.top-bar').boundingBox();
    const topBarBottom = (topBarBox?.y ?? 0) + (topBarBox?.height ?? 0);
    // (Polled: the toast slides in from the top.)
    await expect
      .poll(async () => (await page.locator('.Toastify__toast').first().boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(topBarBottom);
    // A toast is scanned too, held under the pointer (toasts pause on hover). No picture: the
    // screenshot fast-forwards animations, and the toast's timer is one.
    await page.locator('.Toastify__toast').first().hover();
    await expectNoSeriousAxeViolations(page, 'the board with a success toast');
    await page.mouse.move(640, 790, { steps: 4 });
    await visible(column(page, 'New Column'));
    // The new column is scrolled into view, and columns hide on the left.
    await expect.poll(() => viewport.getAttribute('data-more-before')).toBe('true');
    expect(await columnNames(page)).toEqual(['New', 'Colleagues', 'Friends', 'Potential Referrals', 'New Column']);
    expect(await columnCount(page, 'New Column')).toBe('0 contacts');

    // Rename, committed with Enter.
    await column(page, 'New Column').getByRole('button', { name: 'Rename column New Column' }).click();
    const input = page.getByRole('textbox', { name: 'Column name' });
    await expect.poll(() => input.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await input.inputValue()).toBe('New Column');
    await input.fill('Mentors');
    await checkScreen(page, 'column-rename');
    await input.press('Enter');
    await toast(page, 'Column updated successfully.');
    await visible(column(page, 'Mentors'));
    await hidden(input);

    // Rename, committed when the field loses focus. Names are cut at 20 characters on screen, so
    // 'Mentors and Advisors' (20) shows in full.
    await column(page, 'Mentors').getByRole('button', { name: 'Rename column Mentors' }).click();
    await input.fill('Mentors and Advisors');
    await newToast(page, 'Column updated successfully.', () =>
      page.getByRole('heading', { level: 2, name: 'Friends', exact: true }).click(),
    );
    await hidden(input);
    const renamed = await visible(column(page, 'Mentors and Advisors'));
    expect((await renamed.locator('h2 [aria-hidden="true"]').innerText()).trim()).toBe('Mentors and Advisors');

    await page.reload();
    await waitForBoard(page);
    expect(await columnNames(page)).toEqual([
      'New',
      'Colleagues',
      'Friends',
      'Potential Referrals',
      'Mentors and Advisors',
    ]);

    // Deleting an empty column asks first.
    await column(page, 'Mentors and Advisors')
      .getByRole('button', { name: 'Delete column Mentors and Advisors' })
      .click();
    let confirm = await visible(page.getByRole('dialog', { name: 'Delete column?' }));
    await visible(confirm.getByText('Mentors and Advisors', { exact: true }));
    await checkScreen(page, 'delete-column-dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await hidden(confirm);
    await visible(column(page, 'Mentors and Advisors'));
    // The focus goes back to the trash that opened the confirmation, after Cancel and after Escape.
    const trash = column(page, 'Mentors and Advisors').getByRole('button', {
      name: 'Delete column Mentors and Advisors',
    });
    const focused = (locator: typeof trash) => locator.evaluate((node) => node === document.activeElement);
    await expect.poll(() => focused(trash)).toBe(true);
    await page.keyboard.press('Enter');
    confirm = await visible(page.getByRole('dialog', { name: 'Delete column?' }));
    await page.keyboard.press('Escape');
    await hidden(confirm);
    await expect.poll(() => focused(trash)).toBe(true);

    await trash.click();
    confirm = await visible(page.getByRole('dialog', { name: 'Delete column?' }));
    await confirm.getByRole('button', { name: 'Delete column' }).click();
    await toast(page, 'Mentors and Advisors column deleted.');
    await hidden(confirm);
    await hidden(column(page, 'Mentors and Advisors'));
    // Its column gone, the trash with it: the focus is on the board's main region, not on the page.
    await expect.poll(() => focused(page.getByRole('main'))).toBe(true);

    await page.reload();
    await waitForBoard(page);
    expect(await columnNames(page)).toEqual(['New', 'Colleagues', 'Friends', 'Potential Referrals']);
    expect(await columnCount(page, 'Colleagues')).toBe('1 contact');
  });

  it('offers Premium or keeping 25 contacts once a free board holds 25', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-limit');
    const api = await boardApi(page);
    const people: NewContact[] = Array.from({ length: 24 }, (_, index) => ({
      name: `Contact ${String(index + 1).padStart(2, '0')}`,
    }));
    await api.createContacts(people);
    await page.reload();
    await waitForBoard(page);
    expect(await columnCount(page, 'New')).toBe('24 contacts');

    // At 24 the form opens; when the 25th arrives meanwhile (another tab), the server refuses the
    // 26th and the limit modal takes the form's place.
    await column(page, 'New').getByRole('button', { name: '+ Add contact' }).click();
    const add = await visible(page.getByRole('dialog', { name: 'Add contact' }));
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill('One Too Many');
    await api.createContact({ name: 'Contact 25' });
    await add.getByRole('button', { name: 'Next' }).click();
    let limit = await visible(page.getByRole('dialog', { name: 'The free plan holds 25 contacts' }));
    await waitForPath(page, '/limit-reached');
    await hidden(add);
    await limit.getByRole('button', { name: 'Close' }).click();
    await hidden(limit);
    await waitForPath(page, '/kanban');
    await expect.poll(() => columnCount(page, 'New')).toBe('25 contacts');

    // At 25, '+ Add contact' opens the limit modal straight away.
    await column(page, 'Colleagues').getByRole('button', { name: '+ Add contact' }).click();
    limit = await visible(page.getByRole('dialog', { name: 'The free plan holds 25 contacts' }));
    await waitForPath(page, '/limit-reached');
    expect(await page.getByRole('dialog', { name: 'Add contact' }).count()).toBe(0);
    await visible(limit.getByRole('heading', { name: 'Premium' }));
    expect(await limit.innerText()).toMatch(/\$10\s*\/month/);
    await visible(limit.getByText('Unlimited contact cards'));
    // The test app has no Stripe keys: Upgrade is disabled and says why.
    await expect.poll(() => limit.getByRole('button', { name: 'Upgrade' }).isDisabled()).toBe(true);
    await visible(limit.getByText(BILLING_NOT_CONFIGURED));
    await checkScreen(page, 'limit-modal');

    await limit.getByRole('button', { name: 'Maintain 25 contacts' }).click();
    const keep = await visible(page.getByRole('dialog', { name: 'Maintain 25 contacts?' }));
    await checkScreen(page, 'maintain-25-contacts-dialog');
    await keep.getByRole('button', { name: 'Maintain 25 contacts' }).click();
    await toast(page, 'You are on the free plan. Your 25 newest contacts stay on your board.');
    await hidden(keep);
    await hidden(limit);
    await waitForPath(page, '/kanban');

    // Still 25, and the server keeps refusing a 26th.
    expect(await columnCount(page, 'New')).toBe('25 contacts');
    const refused = await api.tryCreateContact({ name: 'Still Too Many' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      errors: [freePlanLimitMessage(25)],
    });
  });
});

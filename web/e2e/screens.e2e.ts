import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, toast, waitForBoard } from './helpers/auth';
import { boardApi, cardButton, column, samplePng } from './helpers/board';
import { baseUrl } from './helpers/app';
import { useBrowser, visible } from './helpers/browser';
import { expectNoSeriousAxeViolations } from './helpers/axe';
import { checkScreen } from './helpers/screen';

// Issue 27: what a review of every screen found, each defect checked where a person sees it. The
// screenshots of these screens are taken by the journeys that own them (board-contacts and others).

/** The dialogs a person can see (a dialog hidden behind another is out of sight). */
function shownDialogs(page: Page): Locator {
  return page.locator('[role="dialog"]:visible');
}

/** Whether two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('The element has no box.');
  return found;
}

describe('issue 27: screens', () => {
  const browser = useBrowser();

  it('shows one dialog at a time: a confirmation opened over a dialog hides the one behind it', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'screens-stacked');

    await column(page, 'New').getByRole('button', { name: '+ Add contact' }).click();
    const add = await visible(page.getByRole('dialog', { name: 'Add contact' }));
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Dennis Ritchie');
    await add.getByRole('button', { name: 'Cancel' }).click();
    const discard = await visible(page.getByRole('dialog', { name: 'Discard contact?' }));

    // One dialog and one Cancel in sight (two stacked dialogs showed two Cancel buttons).
    await expect.poll(() => shownDialogs(page).count()).toBe(1);
    expect(await page.locator('button:visible', { hasText: /^Cancel$/ }).count()).toBe(1);
    expect(await add.isVisible()).toBe(false);
    await expectNoSeriousAxeViolations(page, 'discard-contact over add-contact');

    // Back to the form: it shows again, as it was.
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await visible(add);
    await expect.poll(() => shownDialogs(page).count()).toBe(1);
    expect(await add.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Dennis Ritchie');
  });

  it('keeps toasts off a dialog’s header, and a dialog opening clears the toasts of earlier actions', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'screens-toasts');
    const api = await boardApi(page);
    const katherine = await api.createContact({ name: 'Katherine Johnson', title: 'Mathematician', company: 'NASA' });
    await page.reload();
    await waitForBoard(page);

    // A refused photo: the toast says so beside the crop dialog, over neither its title nor the card's
    // header (the card behind is hidden from assistive technology, hence found by its class).
    await cardButton(page, katherine).click();
    const card = await visible(page.getByRole('dialog', { name: katherine.name, exact: true }));
    await card.getByRole('button', { name: 'Change photo of Katherine Johnson' }).click();
    const crop = await visible(page.getByRole('dialog', { name: 'Update photo' }));
    await crop
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await samplePng(60, 60) });
    await toast(page, 'Choose an image of at least 100 x 100 pixels.');
    const refused = await box(page.locator('.Toastify__toast').filter({ hasText: 'Choose an image' }));
    expect(overlaps(refused, await box(crop.locator('.dialog__header')))).toBe(false);
    expect(overlaps(refused, await box(page.locator('.contact-modal__header')))).toBe(false);
    await expectNoSeriousAxeViolations(page, 'image-crop with a toast');
    await crop.getByRole('button', { name: 'Cancel' }).click();

    // A toast from saving the card does not stay over the delete confirmation opened afterwards.
    await card.getByLabel('Company', { exact: true }).fill('NASA Langley');
    await card.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Contact information saved.');
    await card.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete contact' }).click();
    await visible(page.getByRole('dialog', { name: 'Delete contact?' }));
    await expect.poll(() => page.locator('.Toastify__toast').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'delete-contact-dialog after a save');
  });

  it('shows every field of the contact card above its Save bar, and keeps Delete contact behind a menu', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'screens-card');
    const api = await boardApi(page);
    const grace = await api.createContact({ name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy' });
    const session = await page.context().request.get(`${baseUrl()}/api/session`);
    const logged = await page.context().request.post(`${baseUrl()}/api/interactions`, {
      headers: { 'X-CSRF-Token': session.headers()['x-csrf-token'] ?? '' },
      data: {
        contact_id: grace.id,
        date_contacted: '2026-01-05',
        contact_method: 'Email',
        notes: 'Asked about the compiler talk.',
        next_contact_date: '2099-03-01',
      },
    });
    expect(logged.status()).toBe(201);
    await page.reload();
    await waitForBoard(page);
    await cardButton(page, grace).click();
    const card = await visible(page.getByRole('dialog', { name: grace.name, exact: true }));

    // The Connection description shows whole above the sticky Save bar, without scrolling.
    const description = card.getByLabel('Connection description', { exact: true });
    const bar = card.locator('.contact-form__actions');
    await expect
      .poll(async () => (await box(description)).y + (await box(description)).height)
      .toBeLessThanOrEqual((await box(bar)).y);
    // No red Delete beside Close: it is an item of the More actions menu.
    expect(await card.getByRole('button', { name: 'Delete contact' }).count()).toBe(0);
    await card.getByRole('button', { name: 'More actions' }).click();
    await visible(page.getByRole('menuitem', { name: 'Delete contact' }));
    await checkScreen(page, 'contact-card-more-actions');
    await page.keyboard.press('Escape');

    // The next-contact chip says what its date is (issue 27 point 13).
    await card.getByRole('tab', { name: 'Interaction notes' }).click();
    await visible(card.locator('.interaction__next', { hasText: 'Next contact March 1, 2099' }));

    // An empty draft: Copy text and Open as email look unavailable and say why (issue 27 point 12).
    await card.getByRole('tab', { name: 'Follow-up message' }).click();
    const why = await visible(card.getByText('Generate a draft or write your own to copy it or open it as an email.'));
    expect(await card.getByRole('button', { name: 'Copy text' }).getAttribute('aria-disabled')).toBe('true');
    expect(await card.getByRole('link', { name: 'Open as email' }).getAttribute('aria-disabled')).toBe('true');
    expect(await why.isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'contact-card-follow-up-empty');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, toast, waitForBoard } from './helpers/auth';
import {
  boardApi,
  cardButton,
  cardById,
  column,
  countLabel,
  columnCount,
  expectColumn,
  imageLoaded,
  newToast,
  samplePng,
  checkScreenWithoutToasts,
} from './helpers/board';
import { currentPath, hidden, useBrowser, visible, waitForPath } from './helpers/browser';
import { checkScreen } from './helpers/screen';

/** The id of the board card whose button holds the focus, or null. */
function focusedCardId(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const card = active?.matches('li[data-contact-id] > .contact-card__open') ? active.parentElement : null;
    return card ? Number(card.getAttribute('data-contact-id')) : null;
  });
}

/** Longer than the card shows: name 18, title 23, company 33 characters, then '...'. */
const GRACE = {
  name: 'Grace Brewster Murray Hopper',
  title: 'Rear Admiral and Computer Scientist',
  company: 'United States Navy Reserve Computing Laboratory',
  email: 'Grace.Hopper@Example.com',
  phone: '+1 555 0100',
  description: 'Met at the COBOL design meeting; she handed out nanosecond wires.',
  dateConnected: '2019-05-14',
};

async function reloadBoard(page: Page): Promise<void> {
  await page.reload();
  await waitForBoard(page);
}

/** The contact card modal (a dialog named after the contact). */
async function contactDialog(page: Page, name: string) {
  return visible(page.getByRole('dialog', { name, exact: true }));
}

describe('board journeys: contacts', () => {
  const browser = useBrowser();

  it('adds a contact through + Add contact, edits it on its card, and shows the edits after a reload', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-add');

    await column(page, 'New').getByRole('button', { name: '+ Add contact' }).click();
    await waitForPath(page, '/add-contact');
    const add = await visible(page.getByRole('dialog', { name: 'Add contact' }));
    // The label is '*Name' on screen; the asterisk is hidden from the accessible name.
    const name = add.getByRole('textbox', { name: 'Name', exact: true });
    const linkedIn = add.getByLabel('LinkedIn profile URL', { exact: true });
    const next = add.getByRole('button', { name: 'Next' });

    // The description stands apart from the form (it used to touch the Name label).
    const description = await add.locator('.dialog__description').boundingBox();
    const nameLabel = await add.locator('.field__label').first().boundingBox();
    expect((nameLabel?.y ?? 0) - ((description?.y ?? 0) + (description?.height ?? 0))).toBeGreaterThanOrEqual(16);

    // Name is focused at once; 'Next' waits for a name (blank does not count).
    await expect.poll(() => name.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await name.fill('   ');
    expect(await next.isDisabled()).toBe(true);
    await name.fill(GRACE.name);
    expect(await next.isEnabled()).toBe(true);

    // A LinkedIn address that is not a URL is refused on the click, and nothing is created.
    await linkedIn.fill('not a url');
    await checkScreen(page, 'add-contact');
    await next.click();
    await visible(add.getByText('Invalid URL', { exact: true }));
    expect(await linkedIn.getAttribute('aria-invalid')).toBe('true');
    await waitForPath(page, '/add-contact');

    await linkedIn.fill('linkedin.com/in/grace-hopper');
    await next.click();
    await toast(page, 'Contact added.');
    // The new contact's card modal opens straight away.
    const card = await contactDialog(page, GRACE.name);
    await hidden(add);
    const contactId = Number(/^\/kanban\/(\d+)$/.exec(currentPath(page))?.[1]);
    expect(contactId).toBeGreaterThan(0);
    await visible(card.getByRole('tab', { name: 'Contact information', selected: true }));
    await visible(card.getByRole('tab', { name: 'Interaction notes' }));
    await visible(card.getByRole('tab', { name: 'Follow-up message' }));
    expect(await card.getByLabel('LinkedIn profile URL', { exact: true }).inputValue()).toBe(
      'https://linkedin.com/in/grace-hopper',
    );

    await card.getByLabel('Title', { exact: true }).fill(GRACE.title);
    await card.getByLabel('Company', { exact: true }).fill(GRACE.company);
    await card.getByLabel('Email', { exact: true }).fill(GRACE.email);
    await card.getByLabel('Phone number', { exact: true }).fill(GRACE.phone);
    await card.getByLabel('Connection description', { exact: true }).fill(GRACE.description);
    await card.getByLabel('Date connected', { exact: true }).fill(GRACE.dateConnected);
    await visible(card.getByText('Unsaved changes', { exact: true }));
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Contact information saved.');
    await hidden(card.getByText('Unsaved changes', { exact: true }));
    // The header follows the saved title and company (both shorter than its 50 characters).
    await visible(card.locator('.contact-modal__title').getByText(GRACE.title, { exact: true }));
    await visible(card.locator('.contact-modal__company').getByText(GRACE.company, { exact: true }));
    await visible(card.getByText(`First connected with ${GRACE.name}`));
    await visible(card.getByText('May 14, 2019', { exact: true }));
    await checkScreenWithoutToasts(page, 'contact-card');
    // The other two tabs of the card.
    await card.getByRole('tab', { name: 'Interaction notes' }).click();
    await visible(card.getByRole('tabpanel', { name: 'Interaction notes' }));
    await checkScreen(page, 'contact-card-interaction-notes-empty');
    await card.getByRole('tab', { name: 'Follow-up message' }).click();
    await visible(card.getByRole('tabpanel', { name: 'Follow-up message' }));
    await checkScreen(page, 'contact-card-follow-up-empty');
    await card.getByRole('tab', { name: 'Contact information' }).click();

    await card.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(card);
    await waitForPath(page, '/kanban');

    const expectCard = async () => {
      const shown = await visible(cardById(page, contactId));
      expect((await shown.locator('.contact-card__name').innerText()).trim()).toBe('Grace Brewster Mur...');
      expect((await shown.locator('.contact-card__title').innerText()).trim()).toBe('Rear Admiral and Comput...');
      expect((await shown.locator('.contact-card__company').innerText()).trim()).toBe(
        'United States Navy Reserve Comput...',
      );
      // The full texts stay available: on hover, and as the card's accessible name.
      expect(await shown.locator('.contact-card__name').getAttribute('title')).toBe(GRACE.name);
      await visible(cardButton(shown, GRACE));
      await visible(shown.getByRole('link', { name: `LinkedIn profile of ${GRACE.name} (opens in a new tab)` }));
      expect(await columnCount(page, 'New')).toBe('1 contact');
    };
    await expectCard();
    await reloadBoard(page);
    await expectCard();

    // Everything typed on the card was saved (the email lower-cased).
    await cardButton(page, GRACE).click();
    await waitForPath(page, `/kanban/${contactId}`);
    const reopened = await contactDialog(page, GRACE.name);
    const values = {
      title: await reopened.getByLabel('Title', { exact: true }).inputValue(),
      company: await reopened.getByLabel('Company', { exact: true }).inputValue(),
      email: await reopened.getByLabel('Email', { exact: true }).inputValue(),
      phone: await reopened.getByLabel('Phone number', { exact: true }).inputValue(),
      description: await reopened.getByLabel('Connection description', { exact: true }).inputValue(),
      dateConnected: await reopened.getByLabel('Date connected', { exact: true }).inputValue(),
    };
    expect(values).toEqual({
      title: GRACE.title,
      company: GRACE.company,
      email: GRACE.email.toLowerCase(),
      phone: GRACE.phone,
      description: GRACE.description,
      dateConnected: GRACE.dateConnected,
    });
    await reopened.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(reopened);
  });

  it('discards an unsaved new contact, and deletes contacts from the board and from their card', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-delete');
    const api = await boardApi(page);
    const colleagues = await api.tierId('Colleagues');
    const [ken, linus] = await api.createContacts([
      { name: 'Ken Thompson', title: 'Engineer', company: 'Bell Labs', tier_id: colleagues },
      { name: 'Linus Torvalds', title: 'Maintainer', company: 'Linux Foundation', tier_id: colleagues },
    ]);
    if (!ken || !linus) throw new Error('Set-up failed.');
    await reloadBoard(page);
    await expectColumn(page, 'Colleagues', ['Linus Torvalds', 'Ken Thompson']);

    // Cancel asks first; 'Cancel' there goes back to the form as it was.
    await column(page, 'Colleagues').getByRole('button', { name: '+ Add contact' }).click();
    const add = await visible(page.getByRole('dialog', { name: 'Add contact' }));
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Dennis Ritchie');
    await add.getByLabel('Company', { exact: true }).fill('Bell Labs');
    await add.getByRole('button', { name: 'Cancel' }).click();
    let discard = await visible(page.getByRole('dialog', { name: 'Discard contact?' }));
    await visible(discard.getByText('Any information you input will be lost.', { exact: true }));
    await checkScreen(page, 'discard-contact-dialog');
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await hidden(discard);
    expect(await add.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Dennis Ritchie');

    // Escape asks too; 'Discard contact' closes without creating anything.
    await page.keyboard.press('Escape');
    discard = await visible(page.getByRole('dialog', { name: 'Discard contact?' }));
    await discard.getByRole('button', { name: 'Discard contact' }).click();
    await toast(page, 'Contact discarded.');
    await hidden(add);
    await waitForPath(page, '/kanban');
    await expectColumn(page, 'Colleagues', ['Linus Torvalds', 'Ken Thompson']);
    expect((await api.contacts()).map((contact) => contact.name).sort()).toEqual(['Ken Thompson', 'Linus Torvalds']);

    // From the board card's trash icon: Cancel keeps it, 'Delete contact' removes it.
    await cardById(page, ken.id).getByRole('button', { name: 'Delete Ken Thompson' }).click();
    let confirm = await visible(page.getByRole('dialog', { name: 'Delete contact?' }));
    await visible(confirm.getByText('Ken Thompson', { exact: true }));
    await checkScreen(page, 'delete-contact-dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await hidden(confirm);
    await expectColumn(page, 'Colleagues', ['Linus Torvalds', 'Ken Thompson']);

    await cardById(page, ken.id).getByRole('button', { name: 'Delete Ken Thompson' }).click();
    confirm = await visible(page.getByRole('dialog', { name: 'Delete contact?' }));
    await confirm.getByRole('button', { name: 'Delete contact' }).click();
    await toast(page, 'Contact deleted.');
    await hidden(confirm);
    await expectColumn(page, 'Colleagues', ['Linus Torvalds']);

    // From the contact card's More actions menu: the card closes with it.
    await cardButton(page, linus).click();
    const card = await contactDialog(page, 'Linus Torvalds');
    await card.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete contact' }).click();
    confirm = await visible(page.getByRole('dialog', { name: 'Delete contact?' }));
    // The first 'Contact deleted.' may still be showing.
    await newToast(page, 'Contact deleted.', () => confirm.getByRole('button', { name: 'Delete contact' }).click());
    await hidden(card);
    await waitForPath(page, '/kanban');
    await expectColumn(page, 'Colleagues', []);

    await reloadBoard(page);
    await expectColumn(page, 'Colleagues', []);
    await visible(column(page, 'Colleagues').getByText('No contacts yet.'));
    expect(await api.contacts()).toEqual([]);
  });

  it('uploads, crops and saves a photo that then shows in the card header and on the board', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-photo');
    const api = await boardApi(page);
    const katherine = await api.createContact({ name: 'Katherine Johnson', title: 'Mathematician', company: 'NASA' });
    await reloadBoard(page);
    // No photo yet: the card shows the initials.
    await visible(cardById(page, katherine.id).getByText('KJ', { exact: true }));

    await cardButton(page, katherine).click();
    const card = await contactDialog(page, katherine.name);
    const photoButton = card.getByRole('button', { name: 'Change photo of Katherine Johnson' });
    await photoButton.click();
    const crop = await visible(page.getByRole('dialog', { name: 'Update photo' }));
    const save = crop.getByRole('button', { name: 'Save Image' });
    const fileInput = crop.locator('input[type="file"]');
    // Nothing to save before an image is chosen and a crop selected.
    await visible(crop.getByText('Choose an image', { exact: true }));
    expect(await save.isDisabled()).toBe(true);

    // Too small an image is refused (the crop must be at least 100 x 100).
    await fileInput.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await samplePng(60, 60) });
    await toast(page, 'Choose an image of at least 100 x 100 pixels.');
    expect(await save.isDisabled()).toBe(true);

    await fileInput.setInputFiles({ name: 'katherine.png', mimeType: 'image/png', buffer: await samplePng() });
    await visible(crop.getByRole('img', { name: 'Photo of Katherine Johnson to crop' }));
    const selection = await visible(
      crop.getByRole('group', { name: 'Photo crop area. Use the arrow keys to move it.' }),
    );
    await expect.poll(() => save.isEnabled()).toBe(true);
    // Move the circle a little to the left by dragging it.
    const before = await selection.boundingBox();
    if (!before) throw new Error('The crop selection has no box.');
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 - 30, before.y + before.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await selection.boundingBox())?.x).toBeLessThan(before.x - 10);
    await checkScreen(page, 'image-crop');

    const uploaded = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/contacts/${katherine.id}`),
    );
    await save.click();
    expect((await uploaded).status()).toBe(200);
    await toast(page, 'Photo updated.');
    await hidden(crop);

    const photoSrc = new RegExp(`^/api/contacts/${katherine.id}/photo\\?v=`);
    const headerPhoto = photoButton.locator('img');
    await expect.poll(() => headerPhoto.getAttribute('src')).toMatch(photoSrc);
    await expect.poll(() => imageLoaded(headerPhoto)).toBe(true);

    await card.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(card);
    const boardPhoto = cardById(page, katherine.id).locator('img');
    await expect.poll(() => boardPhoto.getAttribute('src')).toMatch(photoSrc);
    await expect.poll(() => imageLoaded(boardPhoto)).toBe(true);
    expect(await cardById(page, katherine.id).getByText('KJ', { exact: true }).count()).toBe(0);

    await reloadBoard(page);
    await expect.poll(() => imageLoaded(cardById(page, katherine.id).locator('img'))).toBe(true);
    expect(await cardById(page, katherine.id).getByText('Photo expired').count()).toBe(0);
  });

  it('opens a contact from /kanban/{id} and asks before closing it with unsaved changes', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-deep-link');
    const api = await boardApi(page);
    const margaret = await api.createContact({
      name: 'Margaret Hamilton',
      title: 'Director of Software Engineering',
      company: 'MIT Instrumentation Laboratory',
    });

    await page.goto(`/kanban/${margaret.id}`);
    const card = await contactDialog(page, margaret.name);
    await waitForPath(page, `/kanban/${margaret.id}`);
    // The board is loaded behind it (hidden from assistive technology while the modal is open).
    await expect.poll(() => page.locator('section[data-tier-id]').count()).toBe(4);

    const title = card.getByLabel('Title', { exact: true });
    await title.fill('Apollo flight software lead');
    await visible(card.getByText('Unsaved changes', { exact: true }));
    await card.getByRole('button', { name: 'Close', exact: true }).click();
    let guard = await visible(page.getByRole('dialog', { name: 'Close card without saving?' }));
    await checkScreen(page, 'close-card-without-saving');
    // Cancel keeps the card open with the edit.
    await guard.getByRole('button', { name: 'Cancel' }).click();
    await hidden(guard);
    expect(await title.inputValue()).toBe('Apollo flight software lead');

    await card.getByRole('button', { name: 'Close', exact: true }).click();
    guard = await visible(page.getByRole('dialog', { name: 'Close card without saving?' }));
    await guard.getByRole('button', { name: 'Close card' }).click();
    await hidden(card);
    await waitForPath(page, '/kanban');
    // Nothing was saved.
    await visible(cardButton(page, margaret));
    expect(await columnCount(page, 'New')).toBe(countLabel(1));
    expect((await api.contacts())[0]?.title).toBe(margaret.title);
    // Opened from its link, the card gives the focus to its card on the board when it closes, so a
    // keyboard user goes on from where the contact is.
    await expect.poll(() => focusedCardId(page)).toBe(margaret.id);

    // Opened with the keyboard from the board, closed with Escape: the focus is back on the card.
    await cardButton(page, margaret).focus();
    await page.keyboard.press('Enter');
    await contactDialog(page, margaret.name);
    await page.keyboard.press('Escape');
    await waitForPath(page, '/kanban');
    await expect.poll(() => focusedCardId(page)).toBe(margaret.id);

    // A card that is not on the board: a notice, and the board.
    await page.goto('/kanban/999999');
    await toast(page, 'That contact is not on your board.');
    await waitForPath(page, '/kanban');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

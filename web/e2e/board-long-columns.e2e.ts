import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, waitForBoard } from './helpers/auth';
import {
  announced,
  boardApi,
  cardById,
  column,
  columnCount,
  dragWithMouse,
  nextMove,
  pointIn,
  pressKey,
} from './helpers/board';
import { accessibleNames, hidden, useBrowser, visible } from './helpers/browser';
import { seedLongColumns } from './helpers/database';

/**
 * A column's cards top to bottom, by contact id. Every card is in the page, also those outside
 * the part of the column that is drawn (they are shells without content there).
 */
function columnIds(page: Page, name: string): Promise<number[]> {
  return column(page, name)
    .locator('li[data-contact-id]')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-contact-id'))));
}

/** A column's cards top to bottom, by contact id, as the API has them (board order). */
async function savedIds(page: Page, name: string): Promise<number[]> {
  const api = await boardApi(page);
  const tierId = await api.tierId(name);
  return (await api.contacts())
    .filter((contact) => contact.tier_id === tierId)
    .sort((a, b) => b.vertical_order - a.vertical_order)
    .map((contact) => contact.id);
}

/** How far a column's list is from its end, in pixels. */
function distanceToEnd(page: Page, name: string): Promise<number> {
  return column(page, name)
    .locator('.tier-column__body')
    .evaluate((list) => list.scrollHeight - list.clientHeight - list.scrollTop);
}

function at<T>(values: readonly T[] | undefined, index: number): T {
  const value = values?.[index];
  if (value === undefined) throw new Error(`Nothing at ${index}.`);
  return value;
}

/**
 * Card 1 (the top card of 'New', `count` cards long) picked up with the keyboard, moved down to
 * position `to` one step at a time (each step announced) and dropped there; answers the id order
 * the column must then have.
 */
async function keyboardMoveCard1Down(page: Page, ids: readonly number[], count: number, to: number): Promise<number[]> {
  const moved = nextMove(page);
  await cardById(page, at(ids, 0)).getByRole('button', { name: 'Card 1, Engineer, Company 1', exact: true }).focus();
  await pressKey(page, 'Space');
  await announced(page, `Picked up Card 1. It is in column New, position 1 of ${count}.`);
  for (let position = 2; position <= to; position++) {
    await pressKey(page, 'ArrowDown');
    await announced(page, `Card 1 is now in column New, position ${position} of ${count}.`);
  }
  await pressKey(page, 'Space');
  await announced(page, `Card 1 was dropped in column New, position ${to} of ${count}.`);
  expect((await moved).status()).toBe(200);
  return [...ids.slice(1, to), at(ids, 0), ...ids.slice(to)];
}

describe('board journeys: long columns', () => {
  const browser = useBrowser();

  it('moves a card with the keyboard down a 300-card column, past the cards drawn at first', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'board-long-keyboard');
    const ids = (await seedLongColumns(page, account.email, { New: { count: 300, prefix: 'Card' } }))['New'] ?? [];
    await expect.poll(() => columnCount(page, 'New')).toBe('300 contacts');
    // The shells below the cards in view join the first frame a moment later.
    await expect.poll(() => columnIds(page, 'New')).toEqual(ids);
    const card = cardById(page, at(ids, 0));
    // Far below the visible part, a card is only a shell: no content is drawn for it yet.
    expect(await cardById(page, at(ids, 20)).locator('.contact-card__name').count()).toBe(0);
    // Yet every card, the last included, is a named button in Chromium's accessibility tree, so a
    // screen reader's list of the column holds all 300.
    const cardButtons = (await accessibleNames(page, 'button')).filter((name) => /^Card \d+, Engineer/.test(name));
    expect(cardButtons).toHaveLength(300);

    // Each step down goes past one more card; the column scrolls along and draws the cards that
    // come into view, which become places to move to.
    const expected = await keyboardMoveCard1Down(page, ids, 300, 21);
    await expect.poll(() => columnIds(page, 'New')).toEqual(expected);
    await visible(card.locator('.contact-card__name'));
    await page.reload();
    await waitForBoard(page);
    await expect.poll(() => columnIds(page, 'New')).toEqual(expected);
  });

  it('drags a card to the bottom of a long column while the column scrolls, and drops it there', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'board-long-autoscroll');
    const seeded = await seedLongColumns(page, account.email, {
      New: { count: 2, prefix: 'Mover' },
      Colleagues: { count: 40, prefix: 'Colleague' },
    });
    const mover = at(seeded['New'], 0);
    const colleagues = seeded['Colleagues'] ?? [];
    await expect.poll(() => columnCount(page, 'Colleagues')).toBe('40 contacts');

    const from = await cardById(page, mover).boundingBox();
    const list = await column(page, 'Colleagues').locator('.tier-column__body').boundingBox();
    if (!from || !list) throw new Error('The board is not on screen.');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 4, from.y + from.height / 2 + 6, { steps: 3 });
    await visible(page.locator('.contact-card--overlay'));
    // Held at the bottom edge of Colleagues, the card makes the column scroll down to its end.
    const x = list.x + list.width / 2;
    const y = list.y + list.height - 6;
    await page.mouse.move(x, y, { steps: 20 });
    await expect.poll(() => distanceToEnd(page, 'Colleagues'), { timeout: 30_000 }).toBeLessThanOrEqual(1);
    // The last cards were drawn and registered during the drag: the card lands below the last one.
    await page.mouse.move(x + 1, y + 1, { steps: 2 });
    const moved = nextMove(page);
    await page.mouse.up();
    expect((await moved).status()).toBe(200);
    await hidden(page.locator('.contact-card--overlay'));

    const expected = [...colleagues, mover];
    await expect.poll(() => columnIds(page, 'Colleagues')).toEqual(expected);
    expect(await columnCount(page, 'Colleagues')).toBe('41 contacts');
    await page.reload();
    await waitForBoard(page);
    await expect.poll(() => columnIds(page, 'Colleagues')).toEqual(expected);
  });

  it('opens a card far down a long column from its address, and the filter brings it up', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'board-long-open');
    const ids = (await seedLongColumns(page, account.email, { New: { count: 300, prefix: 'Card' } }))['New'] ?? [];
    const far = at(ids, 279);

    await page.goto(`/kanban/${far}`);
    const dialog = await visible(page.getByRole('dialog', { name: 'Card 280', exact: true }));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(dialog);

    await page.getByRole('searchbox', { name: 'Filter contacts' }).fill('company 280');
    await expect.poll(() => columnIds(page, 'New')).toEqual([far]);
    // Now at the top of its column, the card is drawn with its buttons.
    await visible(column(page, 'New').getByRole('button', { name: 'Move Card 280 to...', exact: true }));
  });

  it('holds only the cards near the view of a 1,000-card column, and still moves, scrolls to and opens any of them', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'board-windowed');
    const ids = (await seedLongColumns(page, account.email, { New: { count: 1000, prefix: 'Card' } }))['New'] ?? [];
    await expect.poll(() => columnCount(page, 'New')).toBe('1000 contacts');
    const list = column(page, 'New').getByRole('list', { name: 'Contacts in New' });
    // A screenful and the overscan are in the page, each telling its place in the whole column.
    const inPage = await columnIds(page, 'New');
    expect(inPage.length).toBeLessThan(20);
    expect(inPage).toEqual(ids.slice(0, inPage.length));
    await expect.poll(() => cardById(page, at(ids, 0)).getAttribute('aria-setsize')).toBe('1000');

    // With the keyboard, a card goes down past the cards first in the page.
    const expected = await keyboardMoveCard1Down(page, ids, 1000, 16);
    await expect.poll(() => savedIds(page, 'New')).toEqual(expected);
    await expect.poll(() => cardById(page, at(ids, 0)).getAttribute('aria-posinset')).toBe('16');

    // Scrolled to the end, the last cards take the page, the first ones leave it.
    await column(page, 'New')
      .locator('.tier-column__body')
      .evaluate((body) => body.scrollTo(0, body.scrollHeight));
    await visible(cardById(page, at(ids, 999)).locator('.contact-card__name'));
    expect(await cardById(page, at(ids, 999)).getAttribute('aria-posinset')).toBe('1000');
    expect(await cardById(page, at(ids, 1)).count()).toBe(0);
    expect(await list.evaluate((node) => node.getBoundingClientRect().height)).toBe(1000 * 158 - 8);

    // The last card, dragged with the mouse out of the windowed column into another one.
    const last = at(ids, 999);
    const dropped = nextMove(page);
    await dragWithMouse(page, cardById(page, last), await pointIn(column(page, 'Colleagues'), 0.5, 0.3));
    expect((await dropped).status()).toBe(200);
    await expect.poll(() => savedIds(page, 'Colleagues')).toEqual([last]);
    await expect.poll(() => columnCount(page, 'New')).toBe('999 contacts');
    await expect.poll(() => list.evaluate((node) => node.getBoundingClientRect().height)).toBe(999 * 158 - 8);

    // A card far down opens from its address.
    await page.goto(`/kanban/${at(ids, 700)}`);
    await visible(page.getByRole('dialog', { name: 'Card 701', exact: true }));
  });
});

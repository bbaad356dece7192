import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, toast, waitForBoard } from './helpers/auth';
import {
  announced,
  boardApi,
  cardButton,
  cardById,
  column,
  columnNames,
  dragWithMouse,
  expectColumn,
  nextMove,
  pointIn,
  pressKey,
  type BoardApi,
  type ContactRow,
} from './helpers/board';
import { hidden, useBrowser, VIEWPORT, visible } from './helpers/browser';
import { checkScreen } from './helpers/screen';

type Board = Record<string, string[]>;

/** How many pixels of an input's placeholder do not fit in its box (0 or less: shown whole). */
function placeholderOverflow(input: Locator): Promise<number> {
  return input.evaluate((element) => {
    const field = element as HTMLInputElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(field.placeholder).width - room;
  });
}

/**
 * What does not fit in the top bar: an item whose content overflows it, that reaches past the
 * window's edge, or that overlaps the item before it (the logo, the filter box, Due, the links,
 * the bell, My Account, left to right). Empty when everything fits.
 */
function topBarCollisions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const items = [
      ...document.querySelectorAll<HTMLElement>('.top-bar__start > .logo-link, .board-toolbar > *, .top-bar__end > *'),
    ];
    const problems: string[] = [];
    const name = (item: HTMLElement) => item.getAttribute('aria-label') ?? item.textContent?.trim() ?? item.className;
    let previous: { name: string; right: number } | null = null;
    for (const item of items) {
      const box = item.getBoundingClientRect();
      if (item.scrollWidth > item.clientWidth + 1) problems.push(`${name(item)}: its content overflows it`);
      if (box.right > window.innerWidth) problems.push(`${name(item)}: past the window's edge`);
      if (previous && box.left < previous.right - 0.5) problems.push(`${name(item)} overlaps ${previous.name}`);
      previous = { name: name(item), right: box.right };
    }
    return problems;
  });
}

/**
 * Fills the board through the API: each column listed top to bottom (the API puts every new card
 * on top, so they are created bottom first). Returns the contacts by name.
 */
async function seedBoard(
  page: Page,
  api: BoardApi,
  board: Record<string, { name: string; title?: string; company?: string }[]>,
): Promise<Map<string, ContactRow>> {
  const byName = new Map<string, ContactRow>();
  for (const [columnName, contacts] of Object.entries(board)) {
    const tierId = await api.tierId(columnName);
    for (const contact of [...contacts].reverse()) {
      byName.set(contact.name, await api.createContact({ ...contact, tier_id: tierId }));
    }
  }
  await page.reload();
  await waitForBoard(page);
  return byName;
}

async function expectBoard(page: Page, board: Board): Promise<void> {
  for (const [name, names] of Object.entries(board)) await expectColumn(page, name, names);
}

function contactOf(contacts: Map<string, ContactRow>, name: string): ContactRow {
  const contact = contacts.get(name);
  if (!contact) throw new Error(`No contact called ${name}.`);
  return contact;
}

describe('board journeys: moving cards', () => {
  const browser = useBrowser();

  it('drags cards with the mouse across columns and within a column; the order survives a reload', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-mouse');
    const api = await boardApi(page);
    const contacts = await seedBoard(page, api, {
      New: [
        { name: 'Alan Turing', title: 'Mathematician', company: 'University of Manchester' },
        { name: 'Barbara Liskov', title: 'Professor', company: 'MIT' },
        { name: 'Claude Shannon', title: 'Researcher', company: 'Bell Labs' },
      ],
      Colleagues: [
        { name: 'Donald Knuth', title: 'Professor Emeritus', company: 'Stanford University' },
        { name: 'Edsger Dijkstra', title: 'Professor', company: 'University of Texas' },
      ],
      'Potential Referrals': [{ name: 'Frances Allen', title: 'Fellow', company: 'IBM Research' }],
    });
    let board: Board = {
      New: ['Alan Turing', 'Barbara Liskov', 'Claude Shannon'],
      Colleagues: ['Donald Knuth', 'Edsger Dijkstra'],
      Friends: [],
      'Potential Referrals': ['Frances Allen'],
    };
    await expectBoard(page, board);
    await checkScreen(page, 'board-cards');
    // Spec sizes: 300 px columns, 150 px cards.
    expect((await column(page, 'New').boundingBox())?.width).toBe(300);
    expect((await cardById(page, contactOf(contacts, 'Alan Turing').id).boundingBox())?.height).toBe(150);

    // Barbara to the empty Friends column. While dragging, the overlay follows the pointer, her
    // place is held in the column she left, and Friends is highlighted as the drop target.
    const barbara = contactOf(contacts, 'Barbara Liskov');
    let moved = nextMove(page);
    await dragWithMouse(
      page,
      cardById(page, barbara.id),
      await pointIn(column(page, 'Friends'), 0.5, 0.4),
      async () => {
        await visible(page.locator('.contact-card--overlay').getByText('Barbara Liskov'));
        await expect.poll(() => column(page, 'Friends').getAttribute('class')).toContain('tier-column--target');
        await checkScreen(page, 'board-drag');
      },
    );
    expect((await moved).status()).toBe(200);
    board = { ...board, New: ['Alan Turing', 'Claude Shannon'], Friends: ['Barbara Liskov'] };
    await expectBoard(page, board);
    await hidden(page.locator('.contact-card--overlay'));

    // Claude onto the top half of Donald, the first card of Colleagues: he goes first.
    const claude = contactOf(contacts, 'Claude Shannon');
    const donald = contactOf(contacts, 'Donald Knuth');
    moved = nextMove(page);
    await dragWithMouse(page, cardById(page, claude.id), await pointIn(cardById(page, donald.id), 0.5, 0.2));
    expect((await moved).status()).toBe(200);
    board = { ...board, New: ['Alan Turing'], Colleagues: ['Claude Shannon', 'Donald Knuth', 'Edsger Dijkstra'] };
    await expectBoard(page, board);

    // Within a column: Edsger, the last card, up to the top.
    const edsger = contactOf(contacts, 'Edsger Dijkstra');
    moved = nextMove(page);
    await dragWithMouse(page, cardById(page, edsger.id), await pointIn(cardById(page, claude.id), 0.5, 0.2));
    expect((await moved).status()).toBe(200);
    board = { ...board, Colleagues: ['Edsger Dijkstra', 'Claude Shannon', 'Donald Knuth'] };
    await expectBoard(page, board);

    // A drag shorter than 5 px is a click: it opens the contact instead of moving it.
    const alan = contactOf(contacts, 'Alan Turing');
    const box = await cardButton(page, alan).boundingBox();
    if (!box) throw new Error('No card box.');
    await page.mouse.move(box.x + 40, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 42, box.y + 42, { steps: 2 });
    await page.mouse.up();
    const card = await visible(page.getByRole('dialog', { name: 'Alan Turing', exact: true }));
    await card.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(card);

    await page.reload();
    await waitForBoard(page);
    await expectBoard(page, board);
  });

  it('survives a wavy drag across several columns without the card bouncing between them', async () => {
    const page = await browser.openPage();
    const reactErrors: string[] = [];
    page.on('console', (message) => {
      if (/Minified React error|Maximum update depth/.test(message.text())) reactErrors.push(message.text());
    });
    await createAccount(page, 'board-wavy');
    const api = await boardApi(page);
    const contacts = await seedBoard(page, api, {
      New: [{ name: 'Grace Hopper' }, { name: 'Ada Lovelace' }, { name: 'Alan Kay' }],
      Colleagues: [{ name: 'Barbara Liskov' }, { name: 'Ken Thompson' }],
      Friends: [{ name: 'Radia Perlman' }],
    });
    const card = cardById(page, contacts.get('Grace Hopper')?.id ?? 0);
    const start = await card.boundingBox();
    if (!start) throw new Error('card not on screen');
    const x = start.x + start.width / 2;
    const y = start.y + 30;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 4, y + 6, { steps: 3 });
    await visible(page.locator('.contact-card--overlay'));
    // Two columns to the right, weaving up and down over the cards and the gaps between columns.
    for (let i = 1; i <= 60; i++) {
      await page.mouse.move(x + (632 * i) / 60, y + 40 * Math.sin((i / 60) * Math.PI * 3));
    }
    const move = nextMove(page);
    await page.mouse.up();
    expect((await move).status()).toBe(200);
    await hidden(page.locator('.contact-card--overlay'));
    expect(reactErrors).toEqual([]);
    expect(await columnNames(page, 'Friends')).toContain('Grace Hopper');
    expect(await columnNames(page, 'New')).toEqual(['Ada Lovelace', 'Alan Kay']);
  });

  it('moves a card with the keyboard (Space, arrows, Space; Escape cancels)', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-keyboard');
    const api = await boardApi(page);
    const contacts = await seedBoard(page, api, {
      New: [{ name: 'Alan Turing' }, { name: 'Barbara Liskov' }],
      Colleagues: [{ name: 'Donald Knuth' }, { name: 'Edsger Dijkstra' }],
    });
    let board: Board = {
      New: ['Alan Turing', 'Barbara Liskov'],
      Colleagues: ['Donald Knuth', 'Edsger Dijkstra'],
      Friends: [],
    };
    await expectBoard(page, board);
    const alan = cardButton(page, contactOf(contacts, 'Alan Turing'));

    // Escape puts the card back where it was, and nothing is sent.
    await alan.focus();
    await pressKey(page, 'Space');
    await announced(page, 'Picked up Alan Turing. It is in column New, position 1 of 2.');
    expect(await alan.getAttribute('aria-pressed')).toBe('true');
    await pressKey(page, 'ArrowRight');
    await announced(page, 'Alan Turing is now in column Colleagues');
    await pressKey(page, 'Escape');
    await announced(page, 'Moving Alan Turing was canceled. It is back where it started.');
    await expectBoard(page, board);

    // Space, ArrowRight, Space: to the next column, beside the card at the same height (the top).
    let moved = nextMove(page);
    await alan.focus();
    await pressKey(page, 'Space');
    await announced(page, 'Picked up Alan Turing.');
    await pressKey(page, 'ArrowRight');
    await announced(page, 'Alan Turing is now in column Colleagues');
    await pressKey(page, 'Space');
    await announced(page, 'Alan Turing was dropped in column Colleagues');
    expect((await moved).status()).toBe(200);
    board = { ...board, New: ['Barbara Liskov'], Colleagues: ['Alan Turing', 'Donald Knuth', 'Edsger Dijkstra'] };
    await expectBoard(page, board);

    // Down its new column by one place.
    moved = nextMove(page);
    await alan.focus();
    await pressKey(page, 'Space');
    await announced(page, 'Picked up Alan Turing. It is in column Colleagues, position 1 of 3.');
    await pressKey(page, 'ArrowDown');
    await announced(page, 'Alan Turing is now in column Colleagues, position 2 of 3.');
    await pressKey(page, 'Space');
    await announced(page, 'Alan Turing was dropped in column Colleagues');
    expect((await moved).status()).toBe(200);
    board = { ...board, Colleagues: ['Donald Knuth', 'Alan Turing', 'Edsger Dijkstra'] };
    await expectBoard(page, board);

    // On to the next column, the empty Friends.
    moved = nextMove(page);
    await alan.focus();
    await pressKey(page, 'Space');
    await announced(page, 'Picked up Alan Turing.');
    await pressKey(page, 'ArrowRight');
    await announced(page, 'Alan Turing is now in column Friends');
    await pressKey(page, 'Space');
    await announced(page, 'Alan Turing was dropped in column Friends');
    expect((await moved).status()).toBe(200);
    board = { ...board, Colleagues: ['Donald Knuth', 'Edsger Dijkstra'], Friends: ['Alan Turing'] };
    await expectBoard(page, board);

    await page.reload();
    await waitForBoard(page);
    await expectBoard(page, board);
  });

  it('moves a card with its "Move to..." menu and with the contact card\'s column selector', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-move-menu');
    const api = await boardApi(page);
    const contacts = await seedBoard(page, api, {
      New: [{ name: 'Alan Turing' }],
      Friends: [{ name: 'Grace Hopper' }, { name: 'Hedy Lamarr' }],
    });
    let board: Board = { New: ['Alan Turing'], Colleagues: [], Friends: ['Grace Hopper', 'Hedy Lamarr'] };
    await expectBoard(page, board);

    // The menu lists every other column, then (a card never contacted, issue 24) "Schedule
    // follow-up...", then (issue 26) "Move to network"; the card goes on top of the chosen column.
    const alan = contactOf(contacts, 'Alan Turing');
    await cardById(page, alan.id).getByRole('button', { name: 'Move Alan Turing to...' }).click();
    // (A menu is named by the button that opens it.)
    const menu = await visible(page.getByRole('menu', { name: 'Move Alan Turing to...', exact: true }));
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Colleagues',
      'Friends',
      'Potential Referrals',
      'Schedule follow-up...',
      'Move to network',
    ]);
    await checkScreen(page, 'move-to-menu');
    const moved = nextMove(page);
    await menu.getByRole('menuitem', { name: 'Friends' }).click();
    expect((await moved).status()).toBe(200);
    await hidden(menu);
    board = { ...board, New: [], Friends: ['Alan Turing', 'Grace Hopper', 'Hedy Lamarr'] };
    await expectBoard(page, board);

    // The contact card's column selector moves it too, and says so.
    const hedy = contactOf(contacts, 'Hedy Lamarr');
    await cardButton(page, hedy).click();
    const card = await visible(page.getByRole('dialog', { name: 'Hedy Lamarr', exact: true }));
    await card.getByRole('button', { name: 'Column: Friends. Change column' }).click();
    const columns = await visible(page.getByRole('menu', { name: 'Column: Friends. Change column' }));
    await checkScreen(page, 'contact-card-column-menu');
    await columns.getByRole('menuitemradio', { name: 'Colleagues' }).click();
    await toast(page, 'Column updated successfully.');
    await visible(card.getByRole('button', { name: 'Column: Colleagues. Change column' }));
    await card.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(card);
    board = { ...board, Colleagues: ['Hedy Lamarr'], Friends: ['Alan Turing', 'Grace Hopper'] };
    await expectBoard(page, board);

    await page.reload();
    await waitForBoard(page);
    await expectBoard(page, board);
  });

  it('filters the cards by name, title or company, ignoring case; clearing shows them all again', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'board-filter');
    const api = await boardApi(page);
    await seedBoard(page, api, {
      New: [
        { name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy' },
        { name: 'Katherine Johnson', title: 'Mathematician', company: 'NASA Langley' },
      ],
      Colleagues: [
        { name: 'Margaret Hamilton', title: 'Software Engineer', company: 'MIT Instrumentation Lab' },
        { name: 'Annie Easley', title: 'Software Engineer', company: 'NASA Lewis' },
      ],
    });
    const all: Board = {
      New: ['Grace Hopper', 'Katherine Johnson'],
      Colleagues: ['Margaret Hamilton', 'Annie Easley'],
    };
    await expectBoard(page, all);
    const filter = page.getByRole('searchbox', { name: 'Filter contacts' });
    // The placeholder is shown whole in the top bar, at 1280 px as at 1440 px.
    expect(await filter.getAttribute('placeholder')).toBe('Name, title or company');
    expect(await placeholderOverflow(filter)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 800 });
    expect(await placeholderOverflow(filter)).toBeLessThanOrEqual(0);
    expect(await topBarCollisions(page)).toEqual([]);
    // At 1024 px, the narrowest the app serves, the links show their icons only: the filter keeps
    // its room and every item of the bar fits; the links keep their names, shown in a tooltip.
    await page.setViewportSize({ width: 1024, height: 800 });
    const top = page.locator('.top-bar');
    await visible(top.getByRole('link', { name: 'Get Chrome Extension' }));
    expect((await filter.boundingBox())?.width).toBeGreaterThanOrEqual(160);
    expect(await placeholderOverflow(filter)).toBeLessThanOrEqual(0);
    expect(await topBarCollisions(page)).toEqual([]);
    for (const name of ['Board', 'Today', 'Network', 'Get Chrome Extension']) {
      await visible(top.getByRole('link', { name, exact: true }));
    }
    await top.getByRole('link', { name: 'Network', exact: true }).hover();
    expect(await visible(page.getByRole('tooltip'))).toBeTruthy();
    expect(await page.getByRole('tooltip').textContent()).toBe('Network');
    await checkScreen(page, 'top-bar-1024');
    await page.mouse.move(640, 400);
    await page.setViewportSize(VIEWPORT);
    expect(await topBarCollisions(page)).toEqual([]);

    await filter.fill('nasa');
    await expectBoard(page, { New: ['Katherine Johnson'], Colleagues: ['Annie Easley'] });
    await visible(page.getByRole('status').filter({ hasText: '2 of 4 shown' }));
    await checkScreen(page, 'board-filter');

    await filter.fill('ENGINEER');
    await expectBoard(page, { New: [], Colleagues: ['Margaret Hamilton', 'Annie Easley'] });
    await visible(column(page, 'New').getByText('No matches in this column.'));

    await filter.fill('hopper');
    await expectBoard(page, { New: ['Grace Hopper'], Colleagues: [] });

    await filter.fill('nobody at all');
    await expectBoard(page, { New: [], Colleagues: [] });
    await visible(page.getByText('No contacts match “nobody at all”.'));

    await page.getByRole('button', { name: 'Clear filter' }).click();
    expect(await filter.inputValue()).toBe('');
    await expectBoard(page, all);
    expect(await columnNames(page, 'Friends')).toEqual([]);
  });
});

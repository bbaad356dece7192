import type { Locator, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { baseUrl } from './app';
import { hidden, visible } from './browser';
import { checkScreen } from './screen';

export interface TierRow {
  id: number;
  name: string;
  position: number;
}

export interface ContactRow {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  email: string | null;
  phone_number: string | null;
  connection_description: string | null;
  date_connected: string | null;
  linked_in: string | null;
  tier_id: number;
  vertical_order: number;
  photo_url: string | null;
  last_contacted_on?: string | null;
  next_follow_up_on?: string | null;
}

export interface NewContact {
  name: string;
  title?: string;
  company?: string;
  linked_in?: string;
  /** Defaults to the first column. */
  tier_id?: number;
}

/** A plain answer (status and body) from the API, for the calls a test expects to fail. */
export interface RawAnswer {
  status: number;
  body: unknown;
}

export interface BoardApi {
  tiers: () => Promise<TierRow[]>;
  /** The id of the column called `name` (throws when there is none). */
  tierId: (name: string) => Promise<number>;
  contacts: () => Promise<ContactRow[]>;
  /** `POST /api/contacts`; each new card goes on top of its column. */
  createContact: (contact: NewContact) => Promise<ContactRow>;
  /** One after another, so the last one ends up on top of its column. */
  createContacts: (contacts: readonly NewContact[]) => Promise<ContactRow[]>;
  /** `POST /api/contacts` without throwing on a refusal. */
  tryCreateContact: (contact: NewContact) => Promise<RawAnswer>;
  /** Any call of the API: its answer's body, or an error for a refusal. */
  call: <T>(method: 'GET' | 'POST', path: string, data?: unknown) => Promise<T>;
}

/**
 * The API as the signed-in page's user: the page's cookies, and the session's CSRF token from
 * `GET /api/session` (the same token the app holds, so the app keeps working). For quick set-up
 * only; every journey then acts and checks through the screen. `origin` is the app's address (the
 * global setup's, unless a journey started another).
 */
export async function boardApi(page: Page, origin = baseUrl()): Promise<BoardApi> {
  const request = page.context().request;
  const session = await request.get(`${origin}/api/session`);
  const csrf = session.headers()['x-csrf-token'];
  if (!csrf) throw new Error('GET /api/session answered without an X-CSRF-Token header.');
  const headers = { 'X-CSRF-Token': csrf, Accept: 'application/json' };

  const send = async (method: 'GET' | 'POST', path: string, data?: unknown): Promise<RawAnswer> => {
    const response = await request.fetch(`${origin}${path}`, { method, headers, data, failOnStatusCode: false });
    const text = await response.text();
    return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const call = async <T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
    const answer = await send(method, path, data);
    if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as T;
  };

  const tiers = () => call<TierRow[]>('GET', '/api/tiers');
  const createContact = (contact: NewContact) => call<ContactRow>('POST', '/api/contacts', contact);
  return {
    tiers,
    async tierId(name) {
      const tier = (await tiers()).find((candidate) => candidate.name === name);
      if (!tier) throw new Error(`No column called ${name}.`);
      return tier.id;
    },
    contacts: () => call<ContactRow[]>('GET', '/api/contacts'),
    createContact,
    async createContacts(contacts) {
      const created: ContactRow[] = [];
      for (const contact of contacts) created.push(await createContact(contact));
      return created;
    },
    tryCreateContact: (contact) => send('POST', '/api/contacts', contact),
    call,
  };
}

/** `method` + `path` as the page's user (see boardApi), for set-up only: the answer's body. */
export async function asUser<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  return (await boardApi(page)).call<T>(method, path, data);
}

/** A column of the board: the `<section>` labelled by its (full) name. */
export function column(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** A card on the board, by contact id (the `<li data-contact-id>`). */
export function cardById(page: Page, contactId: number): Locator {
  return page.locator(`li[data-contact-id="${contactId}"]`);
}

/** A card's main button (its drag handle), named "name, title, company". */
export function cardButton(scope: Page | Locator, contact: Pick<ContactRow, 'name' | 'title' | 'company'>): Locator {
  const label = [contact.name, contact.title, contact.company].filter(Boolean).join(', ');
  return scope.getByRole('button', { name: label, exact: true });
}

/** The full names of a column's cards, top to bottom (each name's `title` holds the untruncated text). */
export function columnNames(page: Page, name: string): Promise<string[]> {
  return column(page, name)
    .locator('li[data-contact-id] .contact-card__name')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title') ?? ''));
}

/** The count under a column's name, e.g. '1 contact' or '3 contacts'. */
export async function columnCount(page: Page, name: string): Promise<string> {
  return (await column(page, name).locator('.tier-column__count').innerText()).trim();
}

export function countLabel(count: number): string {
  return count === 1 ? '1 contact' : `${count} contacts`;
}

/** Waits until a column shows exactly these cards, in this order, and the matching count. */
export async function expectColumn(page: Page, name: string, names: readonly string[]): Promise<void> {
  await expect
    .poll(async () => ({ names: await columnNames(page, name), count: await columnCount(page, name) }), {
      timeout: 10_000,
    })
    .toEqual({ names: [...names], count: countLabel(names.length) });
}

/** Waits for the board's columns after a (re)load. */
export async function waitForColumns(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names) await visible(column(page, name));
}

/**
 * Runs `action` and waits for a toast saying `text` that was not on screen before it, for when an
 * earlier toast with the same words may still be showing.
 */
export async function newToast(page: Page, text: string, action: () => Promise<void>): Promise<void> {
  const toasts = page.locator('.Toastify__toast').filter({ hasText: text });
  const idsOf = () => toasts.evaluateAll((nodes) => nodes.map((node) => node.id));
  const before = new Set(await idsOf());
  await action();
  await expect.poll(async () => (await idsOf()).some((id) => !before.has(id)), { timeout: 10_000 }).toBe(true);
}

/** The dnd-kit live region, which announces every pick-up, move and drop. */
export function dragAnnouncement(page: Page): Locator {
  return page.locator('[id^="DndLiveRegion"]');
}

/** Waits until the live region says something containing `text`. */
export async function announced(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => (await dragAnnouncement(page).textContent()) ?? '', { timeout: 10_000 })
    .toContain(text);
}

/**
 * Presses a key, then lets two frames pass, as even a quick person does: dnd-kit measures the
 * columns in the frame after a pick-up, and an arrow pressed within that same frame is ignored.
 */
export async function pressKey(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Resolves with the answer to the next `POST /api/contacts/{id}/move`. */
export function nextMove(page: Page): Promise<Response> {
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/api\/contacts\/\d+\/move$/.test(response.url()),
  );
  // A test that fails before awaiting it closes the page: that rejection is not a second failure.
  answer.catch(() => undefined);
  return answer;
}

export interface Point {
  x: number;
  y: number;
}

async function centre(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element to drag is not on screen.');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags with the mouse the way a person does: press on the card, move past the 5 px threshold,
 * travel in small steps to `to`, let `whileDragging` look at the screen, release.
 */
export async function dragWithMouse(
  page: Page,
  from: Locator,
  to: Point,
  whileDragging?: () => Promise<void>,
): Promise<void> {
  const start = await centre(from);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // Past the 5 px activation distance first: the drag starts and the overlay appears.
  await page.mouse.move(start.x + 4, start.y + 6, { steps: 3 });
  await visible(page.locator('.contact-card--overlay'));
  await page.mouse.move(to.x, to.y, { steps: 20 });
  // One more small move at the destination, so the last collision is measured where the card is.
  await page.mouse.move(to.x + 1, to.y + 1, { steps: 2 });
  if (whileDragging) await whileDragging();
  await page.mouse.up();
  // The overlay flies to the card's new place (0.33 s) and goes: the drop is over.
  await hidden(page.locator('.contact-card--overlay'));
}

/** A point inside `locator`: `fx`, `fy` are fractions of its width and height. */
export async function pointIn(locator: Locator, fx: number, fy: number): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The drop target is not on screen.');
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

/** A colourful PNG (a disc on a gradient-like background), made in memory for upload. */
export async function samplePng(width = 480, height = 360): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2a6f97"/><stop offset="1" stop-color="#a9d6e5"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2 - 20}" r="${height / 5}" fill="#f4d35e"/>
    <ellipse cx="${width / 2}" cy="${height}" rx="${height / 2.6}" ry="${height / 3.2}" fill="#ee964b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * `checkScreen` once the toasts have gone, for screens they would cover (the top-centre toasts sit
 * over a modal's header); the toasts themselves are scanned where they appear.
 */
export async function checkScreenWithoutToasts(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 10_000 }).toBe(0);
  await checkScreen(page, name);
}

/** Whether an `<img>` has loaded a real picture (a broken image has naturalWidth 0). */
export async function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate((node) => {
    const img = node as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  });
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { baseUrl, ROOT } from './app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@tend/test-kit';

export const VIEWPORT = { width: 1280, height: 800 } as const;
/** Each step waits at most this long, well inside the 60 s test timeout. */
const STEP_TIMEOUT_MS = 15_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Another app than the global setup's (one a journey started with other settings). */
  baseUrl?: string;
}

export interface BrowserSession {
  /** A page in a fresh browser context (own cookies and local storage), closed after the test. */
  openPage: (options?: PageOptions) => Promise<Page>;
}

/**
 * One Chromium per test file, one context per `openPage`. Uncaught errors in the page fail the
 * test; a failing test leaves a screenshot in .data/e2e/failures/.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let contexts: { context: BrowserContext; page: Page; errors: string[] }[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async (ctx) => {
    const open = contexts;
    contexts = [];
    const failed = ctx.task.result?.state === 'fail';
    for (const [index, { context, page }] of open.entries()) {
      if (failed && !page.isClosed()) {
        const dir = join(ROOT, '.data', 'e2e', 'failures');
        mkdirSync(dir, { recursive: true });
        const name = `${ctx.task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index}.png`;
        await page.screenshot({ path: join(dir, name), type: 'png' }).catch(() => undefined);
        console.warn(`[browser tests] Failed at ${page.url()}; screenshot: .data/e2e/failures/${name}`);
      }
      await context.close().catch(() => undefined);
    }
    if (!failed) {
      const errors = open.flatMap((entry) => entry.errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async openPage(options = {}) {
      if (!browser) throw new Error('useBrowser(): the browser is not running (call openPage inside a test).');
      const context = await browser.newContext({
        baseURL: options.baseUrl ?? baseUrl(),
        viewport: options.viewport ?? VIEWPORT,
        deviceScaleFactor: 1,
        // Not 'reduce': the app's reduced-motion CSS also shortens react-toastify's progress-bar
        // animation, which times the toast, so toasts vanish at once (reported as an app bug).
        reducedMotion: 'no-preference',
        locale: 'en-US',
        timezoneId: 'Europe/London',
      });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      contexts.push({ context, page, errors });
      return page;
    },
  };
}

/** Waits until the locator is visible (a clear failure after the step timeout otherwise). */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Waits until the locator is gone or hidden. */
export async function hidden(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'hidden' });
}

function normalizePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Keep it as it is.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
}

/** Waits until the address bar shows `path` (decoded, ignoring the query string). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  const wanted = normalizePath(path);
  try {
    await page.waitForURL((url) => normalizePath(url.pathname) === wanted, { waitUntil: 'commit' });
  } catch (error) {
    throw new Error(`Expected the path ${wanted}, but the page is at ${page.url()}`, { cause: error });
  }
}

/** The decoded pathname the page shows now. */
export function currentPath(page: Page): string {
  return normalizePath(new URL(page.url()).pathname);
}

/**
 * The names of the nodes of one role that Chromium's accessibility tree exposes (not ignored), as a
 * screen reader gets them: content the browser skips drawing can be missing here while it is in
 * the DOM (content-visibility: auto is "not rendered" to it).
 */
export async function accessibleNames(page: Page, role: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; name?: { value?: string }; ignored?: boolean }[];
    };
    return nodes.filter((node) => node.role?.value === role && !node.ignored).map((node) => node.name?.value ?? '');
  } finally {
    await cdp.detach();
  }
}

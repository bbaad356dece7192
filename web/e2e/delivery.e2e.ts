import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers/app';
import { createAccount } from './helpers/auth';
import { boardApi, expectColumn } from './helpers/board';
import { useBrowser, visible } from './helpers/browser';

/**
 * The budget for a first visit of the board, JavaScript as sent with gzip (the landing page runs
 * none): issue 9's 200 KiB. The daily loop's board once took it to 233 KiB (2026-11-28); the
 * menus', dialogs' and tooltips' code now loads on first use and zod stays with the forms, and the
 * board's first load measured 175.6 KiB (docs/PERFORMANCE.md). Do not raise it: load more on use.
 */
const BOARD_JS_BUDGET = 200 * 1024;

interface Download {
  path: string;
  /** The body as sent (after content encoding), from Resource Timing. */
  bytes: number;
}

/** Every script the page downloaded, from the page's Resource Timing entries. */
async function scripts(page: Page): Promise<Download[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize }))
      .filter((entry) => entry.path.endsWith('.js')),
  );
}

const total = (downloads: Download[]) => downloads.reduce((sum, download) => sum + download.bytes, 0);

describe('what a first visit downloads', () => {
  const browser = useBrowser();

  it('the landing page is prerendered HTML, filled in by the server, and runs no script', async () => {
    const page = await browser.openPage();
    await page.setExtraHTTPHeaders({ 'Accept-Encoding': 'gzip' });
    const document = await page.goto('/', { waitUntil: 'networkidle' });
    expect(document?.headers()['cache-control']).toBe('no-cache');
    expect(document?.headers()['content-encoding']).toBe('gzip');
    // The page is in the HTML itself, with this server's free allowance: no script runs to show it.
    const html = (await document?.text()) ?? '';
    const config = (await (await page.context().request.get(`${baseUrl()}/api/config`)).json()) as {
      free_plan_card_limit: number | null;
    };
    expect(html).toContain('Keep your professional network warm.');
    expect(html).toContain(
      `Start with <span data-free-plan-cards="">${config.free_plan_card_limit ?? 'unlimited'}</span> free cards`,
    );
    expect(html).not.toMatch(/<script|modulepreload/);
    await visible(page.getByRole('heading', { level: 1, name: 'Keep your professional network warm.' }));

    expect(await scripts(page)).toEqual([]);
  });

  it('the board loads at most 200 KiB of JavaScript gzipped, brotli when accepted, hashed files cached for a year', async () => {
    const setUp = await browser.openPage();
    await createAccount(setUp, 'delivery');
    const api = await boardApi(setUp);
    await api.createContacts([{ name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy' }]);

    // A fresh browser profile with the same session: nothing in its cache.
    const page = await browser.openPage();
    await page.context().addCookies(await setUp.context().cookies());
    await page.setExtraHTTPHeaders({ 'Accept-Encoding': 'gzip' });
    await page.goto('/kanban', { waitUntil: 'networkidle' });
    await expectColumn(page, 'New', ['Grace Hopper']);
    const gzipped = await scripts(page);
    // On failure the message lists what was downloaded, largest first, to show what grew.
    const listing = [...gzipped]
      .sort((a, b) => b.bytes - a.bytes)
      .map((download) => `${download.path} ${download.bytes}`)
      .join('\n');
    expect(total(gzipped), listing).toBeLessThanOrEqual(BOARD_JS_BUDGET);

    // Chromium's own Accept-Encoding includes brotli: every script comes as brotli, cached for a year.
    const brotli = await browser.openPage();
    await brotli.context().addCookies(await setUp.context().cookies());
    const answers: { url: string; encoding?: string; cache?: string; vary?: string }[] = [];
    brotli.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) {
        const headers = response.headers();
        answers.push({
          url: response.url(),
          encoding: headers['content-encoding'],
          cache: headers['cache-control'],
          vary: headers['vary'],
        });
      }
    });
    await brotli.goto('/kanban', { waitUntil: 'networkidle' });
    await expectColumn(brotli, 'New', ['Grace Hopper']);
    const scriptAnswers = answers.filter((answer) => answer.url.endsWith('.js'));
    expect(scriptAnswers.length).toBe(gzipped.length);
    for (const answer of scriptAnswers) {
      expect(answer.encoding, answer.url).toBe('br');
      expect(answer.cache, answer.url).toBe('public, max-age=31536000, immutable');
      expect(answer.vary, answer.url).toContain('Accept-Encoding');
    }
    expect(total(await scripts(brotli))).toBeLessThan(total(gzipped));
  });
});

// `npm run bench` (delivery part): what the browser downloads for the landing page and the board,
// per content encoding, and how long the board takes to be interactive on a throttled connection
// compared with the same page served uncompressed in the same run.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '@tend/test-kit';
import { median, seedBoard, startBenchApp, type BenchApp } from './harness';

const RUNS = 7;
/** Chromium's network emulation: 10 Mbit/s both ways, 40 ms added to every round trip. */
const THROTTLE = { offline: false, latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 10_000_000 / 8 };
const BOARD_CARDS = 50;

/**
 * What the browser asks for. `browser` keeps Chromium's own header (gzip, deflate, br, zstd); the
 * others replace it on every request of the page, the documented way to see one encoding alone.
 */
const ENCODINGS = { browser: null, gzip: 'gzip', identity: 'identity' } as const;
type Encoding = keyof typeof ENCODINGS;

interface Transfer {
  /** Every response body as sent (after content encoding), bytes. */
  total: number;
  js: number;
  css: number;
  jsFiles: string[];
}

async function newContext(browser: Browser, encoding: Encoding, cookie?: { base: string; value: string }) {
  const header = ENCODINGS[encoding];
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(header ? { extraHTTPHeaders: { 'accept-encoding': header } } : {}),
  });
  if (cookie) {
    const [name, value] = cookie.value.split('=') as [string, string];
    await context.addCookies([{ name, value, url: cookie.base }]);
  }
  return context;
}

/** Sums the Resource Timing entries of the page (same origin, so every size is visible). */
async function transferOf(page: Page): Promise<Transfer> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const result = { total: navigation?.encodedBodySize ?? 0, js: 0, css: 0, jsFiles: [] as string[] };
    for (const entry of resources) {
      const path = new URL(entry.name).pathname;
      result.total += entry.encodedBodySize;
      if (path.endsWith('.js')) {
        result.js += entry.encodedBodySize;
        result.jsFiles.push(path.replace(/^\/assets\//, ''));
      } else if (path.endsWith('.css')) {
        result.css += entry.encodedBodySize;
      }
    }
    result.jsFiles.sort();
    return result;
  });
}

/** Loads the page and waits until it shows its content and the network has been quiet for 500 ms. */
async function load(context: BrowserContext, url: string, ready: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  return page;
}

/** Navigation start to: every card rendered and the main thread free for the next frame and task. */
async function boardTimeToInteractive(context: BrowserContext, app: BenchApp): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  await page.goto(`${app.base}/kanban`, { waitUntil: 'commit' });
  await page.waitForFunction((n) => document.querySelectorAll('[data-contact-id]').length >= n, BOARD_CARDS, {
    timeout: 60_000,
  });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0))),
  );
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium is not at ${CHROMIUM} (apt-get install chromium): delivery benchmark skipped.`);
    return;
  }
  const app = await startBenchApp();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const board = await seedBoard(app, 'delivery@example.com', BOARD_CARDS);
    const cookie = { base: app.base, value: board.cookie };

    console.log('\nBytes sent (KiB, response bodies as sent; fresh browser profile each load)\n');
    console.log('| page | encoding asked | JavaScript | CSS | everything | JavaScript files |');
    console.log('|---|---|---|---|---|---|');
    const landingFiles: string[] = [];
    for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
      for (const [label, url, ready, signedIn] of [
        ['landing `/`', `${app.base}/`, 'main h1', false],
        ['board `/kanban`', `${app.base}/kanban`, '[data-contact-id]', true],
      ] as const) {
        const context = await newContext(browser, encoding, signedIn ? cookie : undefined);
        const page = await load(context, url, ready);
        const transfer = await transferOf(page);
        if (!signedIn && encoding === 'browser') landingFiles.push(...transfer.jsFiles);
        console.log(
          `| ${label} | ${ENCODINGS[encoding] ?? 'Chromium default'} | ${kib(transfer.js)} | ${kib(transfer.css)} | ${kib(transfer.total)} | ${transfer.jsFiles.length} |`,
        );
        await context.close();
      }
    }
    console.log(`\nJavaScript files the landing page loads: ${landingFiles.join(', ')}`);

    // Alternating runs: the machine's speed drifts, so each pair is measured back to back.
    const tti: Record<'compressed' | 'uncompressed', number[]> = { compressed: [], uncompressed: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const [key, encoding] of [
        ['compressed', 'browser'],
        ['uncompressed', 'identity'],
      ] as const) {
        const context = await newContext(browser, encoding, cookie);
        tti[key].push(await boardTimeToInteractive(context, app));
        await context.close();
      }
    }
    const compressed = median(tti.compressed);
    const uncompressed = median(tti.uncompressed);
    console.log(
      `\nBoard (${BOARD_CARDS} cards) interactive on 10 Mbit/s + 40 ms, median of ${RUNS} loads each, alternating:`,
    );
    console.log(
      `  compressed (Chromium's Accept-Encoding): ${compressed.toFixed(0)} ms  [${tti.compressed.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `  uncompressed (Accept-Encoding: identity): ${uncompressed.toFixed(0)} ms  [${tti.uncompressed.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(`  ratio compressed / uncompressed: ${(compressed / uncompressed).toFixed(2)}x`);
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// `npm run bench` (landing part): how fast the public landing page shows, in Chromium (lab, cache
// off, 1280x800): largest contentful paint, total blocking time, layout shift and the JavaScript
// it loads, against a static HTML page of the same text served by the same server in the same run.
// Issue 13's target: the landing page's LCP within 1.5x of the static page's, and no board code.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '@tend/test-kit';
import { API_DIR, median, startBenchApp } from './harness';

const WEB_DIST = resolve(API_DIR, '..', 'web', 'dist');
/** The baseline, written into the build only for this run (and removed after it). */
const STATIC_PAGE = 'bench-static-landing.html';
const RUNS = 15;
const TARGET_RATIO = 1.5;
/** Chromium's network emulation for the second pass: 10 Mbit/s both ways, 40 ms per round trip. */
const THROTTLE = { offline: false, latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 10_000_000 / 8 };

interface Vitals {
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  jsFiles: string[];
  lcpElement: string;
}

/** The landing page's text (what a visitor reads), block by block, from the prerendered HTML. */
function landingText(html: string): string[] {
  const root = html.slice(html.indexOf('<div id="root">'));
  return root
    .replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, '')
    .replace(/<\/(p|h1|h2|h3|li|a|figcaption|blockquote|div|section|header|footer|strong|small|span)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&copy;/g, '©')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The same text as a plain page: no script, no stylesheet, no image; a few inline rules only. */
function staticPage(lines: string[]): string {
  const [first, ...rest] = lines;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tend (static baseline)</title>' +
    '<style>body{margin:0 auto;max-width:1200px;padding:24px;font:16px/1.5 system-ui,sans-serif;color:#1b2420}' +
    'h1{font-size:52px;line-height:1.08}</style></head><body>' +
    `<h1>${escape(first ?? '')}</h1>` +
    rest.map((line) => `<p>${escape(line)}</p>`).join('') +
    '</body></html>'
  );
}

async function measure(browser: Browser, url: string, throttled: boolean): Promise<Vitals> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  try {
    // Observers from the first byte of the document on: long tasks, layout shifts, LCP candidates.
    await context.addInitScript(() => {
      const state = { lcp: 0, lcpElement: '', cls: 0, longTasks: [] as number[] };
      (window as unknown as { __vitals: typeof state }).__vitals = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          state.lcp = entry.startTime;
          const element = entry.element;
          state.lcpElement = element
            ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) state.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttled) await cdp.send('Network.emulateNetworkConditions', THROTTLE);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
    // Let the last paint land; LCP stops at the first input, so read it before any.
    await page.waitForTimeout(300);
    return await page.evaluate(() => {
      const state = (
        window as unknown as { __vitals: { lcp: number; lcpElement: string; cls: number; longTasks: number[] } }
      ).__vitals;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
        new URL(entry.name).pathname.endsWith('.js'),
      );
      return {
        lcp: state.lcp,
        lcpElement: state.lcpElement,
        cls: state.cls,
        // Total blocking time (lab): the part of every long task over 50 ms.
        tbt: state.longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
        jsBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        jsFiles: scripts.map((entry) => new URL(entry.name).pathname.replace(/^\/assets\//, '')),
      };
    });
  } finally {
    await context.close();
  }
}

const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium is not at ${CHROMIUM} (apt-get install chromium): landing benchmark skipped.`);
    return;
  }
  const landingHtml = readFileSync(join(WEB_DIST, 'landing.html'), 'utf8');
  const baseline = staticPage(landingText(landingHtml));
  // Written before the server starts, compressed like the build's pages, so it is served the same way.
  const files = [STATIC_PAGE, `${STATIC_PAGE}.br`, `${STATIC_PAGE}.gz`].map((name) => join(WEB_DIST, name));
  writeFileSync(files[0]!, baseline);
  writeFileSync(files[1]!, brotliCompressSync(baseline));
  writeFileSync(files[2]!, gzipSync(baseline));
  const app = await startBenchApp();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    console.log(
      `\nLanding page vs a static page of the same text (${landingText(landingHtml).length} blocks), Chromium 1280x800, cache off, median of ${RUNS} loads each, alternating:\n`,
    );
    console.log('| network | page | LCP | LCP element | TBT | CLS | JavaScript (KiB, as sent) | JS files |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const throttled of [false, true]) {
      const results: Record<'landing' | 'static', Vitals[]> = { landing: [], static: [] };
      for (let run = 0; run < RUNS; run++) {
        results.landing.push(await measure(browser, `${app.base}/`, throttled));
        results.static.push(await measure(browser, `${app.base}/${STATIC_PAGE}`, throttled));
      }
      const network = throttled ? '10 Mbit/s + 40 ms' : 'local';
      for (const key of ['landing', 'static'] as const) {
        const runs = results[key];
        const last = runs.at(-1)!;
        console.log(
          `| ${network} | ${key === 'landing' ? 'landing `/`' : 'static HTML'} | ${ms(runs.map((r) => r.lcp))} | ${last.lcpElement} | ${ms(runs.map((r) => r.tbt))} | ${median(runs.map((r) => r.cls)).toFixed(3)} | ${(median(runs.map((r) => r.jsBytes)) / 1024).toFixed(1)} | ${last.jsFiles.join(', ') || 'none'} |`,
        );
      }
      const ratio = median(results.landing.map((r) => r.lcp)) / median(results.static.map((r) => r.lcp));
      const boardCode = results.landing.some((r) => r.jsFiles.some((file) => /board|contact|index-|react/.test(file)));
      console.log(
        `\n${network}: LCP landing / static = ${ratio.toFixed(2)}x (target ≤ ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}); board code loaded: ${boardCode ? 'YES' : 'no'}\n`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
    for (const file of files) rmSync(file, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

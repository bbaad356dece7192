// `npm run bench` (browser part, issue 28): the screens opened every day, timed the way a user
// meets them, in milliseconds rather than ratios: from the navigation to the board's cards on
// screen (25, 40 and 1,000 cards) and to the contact dialog opened at /kanban/{id}, with the browser's
// cache warm (the app's code cached, as on every visit after the first) and cold (a first visit),
// each load's waterfall (every request's start and end) recorded beside it.
//
// BENCH_BASELINE_DIST=<folder with api/dist and web/dist of another build> measures that build too,
// its loads alternating with this build's in the same run (the machine's speed drifts).
// BENCH_SCREENS=board-25,dialog and BENCH_CACHE=warm narrow the run; BENCH_LOADS sets the loads.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '@tend/test-kit';
import { median, seedBoard, startBenchApp, type BenchApp } from './harness';

const LOADS = Number(process.env['BENCH_LOADS'] ?? 7);
/**
 * Warm loads traced after the timed ones: the renderer main thread's CPU time (not its wall time,
 * which on this shared machine stretches with the other processes' load) from the last response
 * the screen needed to the screen shown, and from the navigation to it.
 */
const TRACED_LOADS = Number(process.env['BENCH_TRACED_LOADS'] ?? 3);

interface Seeded {
  cookie: string;
  cards: number;
  /** A contact of the board, for /kanban/{id}. */
  contactId: number;
}

/**
 * The boards: 25 cards (3 or 4 in each of 8 columns), 40 (5 in each: as many cards in view as the
 * large board has) and 1,000 (125 in each).
 */
type BoardSize = 'small' | 'screenful' | 'large';

/**
 * What "on screen" means for a screen, checked in the page at every frame from the navigation on
 * (an init script; the test driver evaluates nothing in the page until it is reached, since an
 * evaluation of Playwright's injected script takes tens of milliseconds of the page's main thread).
 */
interface Screen {
  key: string;
  label: string;
  board: BoardSize;
  path: (seeded: Seeded) => string;
  /** The body of a function of `n` (the board's card count) that answers whether the screen is shown. */
  shown: string;
  /**
   * For a board: whether the cards in the window's view are drawn (what a user sees), which can come
   * before every card is in the page (the shells further down the columns follow the first frame).
   */
  inView?: string;
  /** The API calls the screen draws from (the gap is measured from the last of them, or the code). */
  data: readonly string[];
}

/**
 * The board: every card in the page (a column of up to 400 has all its cards there; those near the
 * view draw their content in the same commit), and no spinner left.
 */
const BOARD_SHOWN = `
  if (document.querySelector('.page-spinner')) return false;
  return document.querySelectorAll('li[data-contact-id]').length >= n;`;

/**
 * The board's cards in view drawn (not shells): in each of seedBoard's 8 columns (card g in column
 * g % 8) whose left edge is inside the window, as many as the column has, up to the rows its body
 * shows (158 px each, after its 4 px top padding). The layout reads come in an animation frame,
 * before the frame's own layout, so they move that work earlier in the frame and add none.
 */
const BOARD_IN_VIEW = `
  if (document.querySelector('.page-spinner')) return false;
  const columns = document.querySelectorAll('.tier-column');
  if (columns.length < 8) return false;
  for (let column = 0; column < 8; column++) {
    const section = columns[column];
    if (section.getBoundingClientRect().left >= innerWidth) continue;
    const body = section.querySelector('.tier-column__body');
    const count = Math.floor(n / 8) + (column >= 1 && column <= n % 8 ? 1 : 0);
    const rows = Math.min(count, Math.ceil((body.clientHeight - 4) / 158));
    if (section.querySelectorAll('li.contact-card:not(.contact-card--shell)').length < rows) return false;
  }
  return true;`;

/** The contact dialog: its name, its tabs and its timeline drawn (the interactions' fetch answered). */
const DIALOG_SHOWN = `
  const dialog = document.querySelector('.contact-modal');
  if (!dialog || !dialog.querySelector('.contact-modal__name') || !dialog.querySelector('.contact-tabs__panel')) return false;
  const timeline = dialog.querySelector('.timeline');
  return !!timeline && !timeline.querySelector('.spinner');`;

const BOARD_DATA = ['/api/session', '/api/tiers', '/api/contacts'];

const SCREENS: readonly Screen[] = [
  {
    key: 'board-25',
    label: 'board, 25 cards',
    board: 'small',
    path: () => '/kanban',
    shown: BOARD_SHOWN,
    inView: BOARD_IN_VIEW,
    data: BOARD_DATA,
  },
  {
    key: 'board-40',
    label: 'board, 40 cards',
    board: 'screenful',
    path: () => '/kanban',
    shown: BOARD_SHOWN,
    inView: BOARD_IN_VIEW,
    data: BOARD_DATA,
  },
  {
    key: 'board-1000',
    label: 'board, 1,000 cards',
    board: 'large',
    path: () => '/kanban',
    shown: BOARD_SHOWN,
    inView: BOARD_IN_VIEW,
    data: BOARD_DATA,
  },
  {
    key: 'dialog',
    label: 'contact dialog at /kanban/{id} (25 cards)',
    board: 'small',
    path: (seeded) => `/kanban/${seeded.contactId}`,
    shown: DIALOG_SHOWN,
    data: [...BOARD_DATA, '/api/interactions'],
  },
];

const wanted = (name: string, all: string) => (process.env[name] ?? all).split(',');
const SCREENS_RUN = SCREENS.filter((screen) =>
  wanted('BENCH_SCREENS', SCREENS.map((s) => s.key).join(',')).includes(screen.key),
);
const CACHES = wanted('BENCH_CACHE', 'warm,cold') as ('warm' | 'cold')[];

/** One request of a load: where it went and when it started and ended, from the navigation's start. */
interface Request {
  name: string;
  start: number;
  end: number;
  bytes: number;
}

interface Load {
  /** Navigation start to the first frame with the screen shown. */
  shown: number;
  /** Navigation start to the first frame with the board's cards in view drawn (null for a dialog). */
  inView: number | null;
  fcp: number | null;
  /**
   * The last response the screen needed (the page, its code, the first answer of each of the
   * screen's API calls) before it was shown.
   */
  lastResponse: number;
  requests: Request[];
}

function initScript(cards: number, shown: string, inView = 'return false;'): string {
  return `(() => {
    const n = ${cards};
    const isShown = () => { ${shown} };
    const isInView = () => { ${inView} };
    const tick = () => {
      if (window.__tendInViewAt === undefined && isInView()) window.__tendInViewAt = performance.now();
      if (isShown()) {
        const at = performance.now();
        window.__tendShownAt = at;
        console.debug('tend-shown ' + at);
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

async function newContext(browser: Browser, app: BenchApp, seeded: Seeded, screen: Screen): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = seeded.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: app.base }]);
  await context.addInitScript(initScript(seeded.cards, screen.shown, screen.inView));
  return context;
}

/**
 * One navigation of `page` (warm: the same tab again, as a user reopens the app) or of a new tab of
 * `context` (cold, in a new profile), until the screen is shown; then its timings.
 */
async function load(target: BrowserContext | Page, app: BenchApp, screen: Screen, path: string): Promise<Load> {
  const page = 'goto' in target ? target : await target.newPage();
  try {
    const shown = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith('tend-shown '),
      timeout: 60_000,
    });
    await page.goto(`${app.base}${path}`, { waitUntil: 'commit' });
    await shown;
    return await page.evaluate(
      (data) => {
        const at = (window as unknown as { __tendShownAt: number }).__tendShownAt;
        // Drawn in the same frame as the whole screen when it came no sooner.
        const inViewAt = (window as unknown as { __tendInViewAt?: number }).__tendInViewAt ?? null;
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const requests = [
          {
            name: location.pathname,
            start: navigation.requestStart,
            end: navigation.responseEnd,
            bytes: navigation.transferSize,
          },
          ...entries.map((entry) => ({
            name: entry.name.replace(location.origin, ''),
            start: entry.startTime,
            end: entry.responseEnd,
            bytes: entry.transferSize,
          })),
        ];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        const first = new Set<string>();
        const needed = requests.filter((request) => {
          if (request.end > at) return false;
          if (request.name.startsWith('/assets/') || !request.name.startsWith('/api/')) {
            return !request.name.endsWith('favicon.svg');
          }
          const call = data.data.find((path) => request.name.split('?')[0] === path);
          if (!call || first.has(call)) return false;
          first.add(call);
          return true;
        });
        return {
          shown: at,
          inView: data.board ? (inViewAt ?? at) : null,
          fcp,
          lastResponse: Math.max(...needed.map((request) => request.end)),
          requests: requests.filter((request) => request.start <= at),
        };
      },
      { data: screen.data, board: screen.inView !== undefined },
    );
  } finally {
    if (page !== target) await page.close();
  }
}

interface TraceEvent {
  name: string;
  args?: { data?: { documentLoaderURL?: string } };
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
}

/**
 * CPU time (ms) of the main thread of the page's renderer, from navigation start + `from` to + `to`
 * ms. The navigation is the last one that loaded `url` (a renderer also records navigations of
 * about:blank and, later, of the page's own history changes, with no address).
 */
function mainThreadCpu(trace: Buffer, url: string, from: number, to: number): number {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const navigation = events
    .filter((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === url)
    .pop();
  if (!navigation) return Number.NaN;
  let cpu = 0;
  for (const event of events) {
    if (event.name !== 'ThreadControllerImpl::RunTask' || event.pid !== navigation.pid) continue;
    if (event.tid !== navigation.tid || !event.dur) continue;
    const start = Math.max(event.ts, navigation.ts + from * 1000);
    const end = Math.min(event.ts + event.dur, navigation.ts + to * 1000);
    if (end > start) cpu += ((event.tdur ?? 0) * (end - start)) / event.dur;
  }
  return cpu / 1000;
}

interface Target {
  label: string;
  app: BenchApp;
  seeds: Record<BoardSize, Seeded>;
}

async function seed(app: BenchApp, prefix: string): Promise<Record<BoardSize, Seeded>> {
  const seeded = async (key: string, cards: number): Promise<Seeded> => {
    const { cookie } = await seedBoard(app, `${prefix}-${key}@example.com`, cards);
    const contacts = (await (await fetch(`${app.base}/api/contacts`, { headers: { cookie } })).json()) as {
      id: number;
    }[];
    return { cookie, cards, contactId: contacts[0]?.id ?? 0 };
  };
  return {
    small: await seeded('small', 25),
    screenful: await seeded('screenful', 40),
    large: await seeded('large', 1000),
  };
}

const ms = (value: number) => value.toFixed(0);

/**
 * The waterfall of one load, condensed: the page, the scripts and styles the page names (the
 * entry), the code loaded after it (the route's and the dialog's chunks), each API call.
 */
function waterfall(requests: readonly Request[], entryAssets: ReadonlySet<string>): string[] {
  const groups = new Map<string, Request[]>();
  for (const request of requests) {
    const key = request.name.startsWith('/assets/')
      ? entryAssets.has(request.name)
        ? 'entry code (index.html)'
        : 'lazy chunks'
      : request.name.startsWith('/api/')
        ? `${request.name} #${requests.filter((other) => other.name === request.name).indexOf(request) + 1}`
        : request.name.endsWith('favicon.svg')
          ? 'favicon'
          : `document ${request.name}`;
    groups.set(key, [...(groups.get(key) ?? []), request]);
  }
  const rows: string[] = [];
  for (const [key, group] of [...groups].sort((a, b) => a[1][0]!.start - b[1][0]!.start)) {
    const start = Math.min(...group.map((request) => request.start));
    const end = Math.max(...group.map((request) => request.end));
    const bytes = group.reduce((sum, request) => sum + request.bytes, 0);
    const count = group.length > 1 ? ` (${group.length})` : '';
    rows.push(`${key}${count}: ${ms(start)}-${ms(end)} ms${bytes > 0 ? `, ${(bytes / 1024).toFixed(1)} KiB` : ''}`);
  }
  return rows;
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium is not at ${CHROMIUM} (apt-get install chromium): browser benchmark skipped.`);
    return;
  }
  const baselineDir = process.env['BENCH_BASELINE_DIST'];
  const targets: Target[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
  try {
    const app = await startBenchApp();
    targets.push({ label: 'this build', app, seeds: await seed(app, 'daily') });
    if (baselineDir) {
      const baseline = await startBenchApp({ dist: join(baselineDir, 'api', 'dist') });
      targets.push({ label: `baseline (${baselineDir})`, app: baseline, seeds: await seed(baseline, 'daily') });
    }
    const entryAssets = async (target: Target) => {
      const html = await (
        await fetch(`${target.app.base}/kanban`, { headers: { cookie: target.seeds.small.cookie } })
      ).text();
      return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!));
    };
    const entries = await Promise.all(targets.map(entryAssets));
    const load1 = loadavg()[0]!;

    const results = new Map<string, Load[]>();
    const cpuTimes = new Map<string, { gap: number[]; total: number[]; inView: number[] }>();
    for (const cache of CACHES) {
      // Warm: one tab per screen and build, each load after a first one that fills its profile's
      // cache. The screens' and the builds' loads alternate, so a drift of the machine's speed
      // weighs on all of them alike (their ratios are the figures read).
      const warm = new Map<string, Page>();
      const warmKey = (target: Target, screen: Screen) => `${target.label}|${screen.key}`;
      if (cache === 'warm') {
        for (const screen of SCREENS_RUN) {
          for (const target of targets) {
            const context = await newContext(browser, target.app, target.seeds[screen.board], screen);
            const page = await context.newPage();
            await load(page, target.app, screen, screen.path(target.seeds[screen.board]));
            warm.set(warmKey(target, screen), page);
          }
        }
      }
      for (let run = 0; run < LOADS; run++) {
        for (const screen of SCREENS_RUN) {
          for (const target of targets) {
            const seeded = target.seeds[screen.board];
            // Cold: a new profile for every load, its cache empty.
            const page = warm.get(warmKey(target, screen));
            const context = page ? null : await newContext(browser, target.app, seeded, screen);
            const result = await load(page ?? context!, target.app, screen, screen.path(seeded));
            await context?.close();
            const key = `${target.label}|${screen.key}|${cache}`;
            results.set(key, [...(results.get(key) ?? []), result]);
          }
        }
      }
      for (const screen of SCREENS_RUN) {
        for (const target of targets) {
          const page = warm.get(warmKey(target, screen));
          if (!page) continue;
          const seeded = target.seeds[screen.board];
          for (let run = 0; run < TRACED_LOADS; run++) {
            // A new tab of the warm profile for each traced load: a same-tab reload can be served by a
            // new renderer process, and the trace's last navigation then named the wrong main thread.
            await browser.startTracing(undefined, {
              categories: ['toplevel', 'blink.user_timing', 'devtools.timeline'],
            });
            const result = await load(page.context(), target.app, screen, screen.path(seeded));
            const trace = await browser.stopTracing();
            const key = `${target.label}|${screen.key}`;
            const samples = cpuTimes.get(key) ?? { gap: [], total: [], inView: [] };
            const url = `${target.app.base}${screen.path(seeded)}`;
            samples.gap.push(mainThreadCpu(trace, url, result.lastResponse, result.shown));
            samples.total.push(mainThreadCpu(trace, url, 0, result.shown));
            samples.inView.push(mainThreadCpu(trace, url, 0, result.inView ?? result.shown));
            cpuTimes.set(key, samples);
          }
          await page.context().close();
        }
      }
    }

    console.log(
      `\nThe screens opened every day in Chromium (1440x900, signed in; median of ${LOADS} loads each;` +
        ` navigation start -> the first frame with the screen shown). Load average when the run started:` +
        ` ${load1.toFixed(1)} on ${(await import('node:os')).cpus().length} cores; at the end: ${loadavg()[0]!.toFixed(1)}.\n`,
    );
    console.log(
      '| build | screen | cache | shown ms (median) | loads ms | after the last response ms | cards in view drawn ms |' +
        ' FCP ms | main-thread CPU ms, to shown / to cards in view / after the last response (traced) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const target of targets) {
      for (const cache of CACHES) {
        for (const screen of SCREENS_RUN) {
          const loads = results.get(`${target.label}|${screen.key}|${cache}`) ?? [];
          const shown = median(loads.map((l) => l.shown));
          const gap = median(loads.map((l) => l.shown - l.lastResponse));
          const fcp = median(loads.map((l) => l.fcp ?? 0));
          const all = loads.map((l) => ms(l.shown)).join(', ');
          const inView = screen.inView ? ms(median(loads.map((l) => l.inView ?? l.shown))) : '-';
          const cpu = cache === 'warm' ? cpuTimes.get(`${target.label}|${screen.key}`) : undefined;
          const cpuCell = cpu
            ? `${ms(median(cpu.total))} / ${screen.inView ? ms(median(cpu.inView)) : '-'} / ${ms(median(cpu.gap))}`
            : '-';
          console.log(
            `| ${target.label} | ${screen.label} | ${cache} | **${ms(shown)}** | ${all} | ${ms(gap)} | ${inView} | ${ms(fcp)} | ${cpuCell} |`,
          );
        }
      }
    }
    for (const [index, target] of targets.entries()) {
      const small = results.get(`${target.label}|board-25|warm`) ?? [];
      const large = results.get(`${target.label}|board-1000|warm`) ?? [];
      if (small.length > 0 && large.length > 0) {
        const ratio = (pick: (load: Load) => number) => (median(large.map(pick)) / median(small.map(pick))).toFixed(2);
        console.log(
          `\n${target.label}: warm board, 1,000 / 25 cards: cards in view drawn ${ratio((l) => l.inView ?? l.shown)}x` +
            ` (target <= 1.1x); every card in the page ${ratio((l) => l.shown)}x`,
        );
      }
      // The 40-card board has as many cards in view as the 1,000-card one (5 per column): the ratio
      // of the two is what the 960 cards out of view cost.
      const screenful = results.get(`${target.label}|board-40|warm`) ?? [];
      if (screenful.length > 0 && large.length > 0) {
        const inView = (loads: Load[]) => median(loads.map((l) => l.inView ?? l.shown));
        console.log(
          `${target.label}: warm board, 1,000 / 40 cards (the same cards in view): cards in view drawn` +
            ` ${(inView(large) / inView(screenful)).toFixed(2)}x`,
        );
      }
      // The waterfall of each measure's median load.
      for (const cache of CACHES) {
        for (const screen of SCREENS_RUN) {
          const loads = [...(results.get(`${target.label}|${screen.key}|${cache}`) ?? [])].sort(
            (a, b) => a.shown - b.shown,
          );
          const mid = loads[Math.floor(loads.length / 2)];
          if (!mid) continue;
          console.log(
            `\nwaterfall, ${target.label}, ${screen.label}, ${cache} (median load: shown at ${ms(mid.shown)} ms,` +
              ` ${ms(mid.shown - mid.lastResponse)} ms after the last response; FCP ${mid.fcp === null ? '-' : ms(mid.fcp)} ms)`,
          );
          for (const row of waterfall(mid.requests, entries[index]!)) console.log(`  ${row}`);
          if (process.env['BENCH_WATERFALL'] === 'full') {
            for (const r of mid.requests) console.log(`    ${r.name} ${ms(r.start)}-${ms(r.end)} ${r.bytes} B`);
          }
        }
      }
    }
  } finally {
    await browser.close();
    for (const target of targets) await target.app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

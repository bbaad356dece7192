// The Chrome extension, installed the way the in-app install page says (the app's /extension.zip,
// unpacked, loaded with --load-extension) in Debian's Chromium, against the built app: connect,
// save a LinkedIn profile (a saved fixture page served as https://www.linkedin.com/in/... by a local
// HTTPS server: Chromium's host-resolver rules and a certificate made for the run), see the card
// on the board with its photo; then the duplicate, the free plan's limit, and a revoked token.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@tend/contracts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, readZip } from '@tend/test-kit';
import { baseUrl, ROOT } from './helpers/app';
import { createAccount, toast } from './helpers/auth';
import { useBrowser, visible, waitForPath } from './helpers/browser';
import { boardApi, column, imageLoaded } from './helpers/board';
import { checkScreen, linesOfText } from './helpers/screen';

const FIXTURES = join(ROOT, 'extension', 'src', 'linkedin', 'fixtures');
const PROFILES: Record<string, string> = {
  '/in/ada-lovelace': 'logged-in-2024-full.html',
  '/in/grace-hopper': 'logged-in-2024-no-photo.html',
};
/** PRODUCT.md §1 / issue 13: the popup shows the profile within 300 ms of opening. */
const PROFILE_SHOWN_BUDGET_MS = 300;

/** Unzips `zip` into `dir` (what a person does with the downloaded file). */
async function unzipInto(zip: Buffer, dir: string): Promise<string[]> {
  const files = await readZip(zip);
  for (const [name, data] of files) {
    const target = join(dir, name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
  return [...files.keys()];
}

/** The fixture profiles at https://www.linkedin.com/in/..., photos at https://media.licdn.com/... */
async function startLinkedInFixtures(dir: string): Promise<Server> {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=www.linkedin.com',
    '-addext',
    'subjectAltName=DNS:www.linkedin.com,DNS:media.licdn.com',
  ]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
  const photo = await sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 180, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const host = (req.headers.host ?? '').split(':')[0];
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (host === 'media.licdn.com') {
      // LinkedIn's image CDN answers any origin.
      res.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' });
      return res.end(photo);
    }
    const fixture = PROFILES[path.replace(/\/+$/, '')];
    if (host === 'www.linkedin.com' && fixture) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(readFileSync(join(FIXTURES, fixture)));
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const STORE_SCREENSHOTS = join(ROOT, 'extension', 'store-screenshots');

/**
 * A Chrome Web Store screenshot (1280x800) from the real popup: the LinkedIn tab as the person sees
 * it, with the popup where Chrome opens it, under the toolbar at the right. Written only by
 * `npm run screenshots` (SCREENSHOTS=1), into extension/store-screenshots/, which the extension's
 * build copies into extension/store/.
 */
async function storeScreenshot(tab: Page, popup: Page, name: string): Promise<void> {
  if (process.env['SCREENSHOTS'] !== '1') return;
  mkdirSync(STORE_SCREENSHOTS, { recursive: true });
  const page = await tab.screenshot({ type: 'png' });
  const shot = await popup.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
  const { width = 0, height = 0 } = await sharp(shot).metadata();
  const framed = await sharp({
    create: { width: width + 2, height: height + 2, channels: 4, background: { r: 195, g: 203, b: 196, alpha: 1 } },
  })
    .composite([{ input: shot, left: 1, top: 1 }])
    .png()
    .toBuffer();
  await sharp(page)
    .resize(1280, 800, { fit: 'cover', position: 'top' })
    .composite([{ input: framed, left: 1280 - width - 26, top: 8 }])
    .png()
    .toFile(join(STORE_SCREENSHOTS, `${name}.png`));
}

/** The popup's window as Chrome sized it, and its document's scroll size (what a person would scroll). */
function popupFit(popup: Page) {
  return popup.evaluate(() => ({
    width: window.innerWidth,
    height: window.innerHeight,
    scrollHeight: document.documentElement.scrollHeight,
    clientHeight: document.documentElement.clientHeight,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/** What the tests touch of an extension page's `chrome` (the e2e typings have no chrome types). */
interface ExtensionGlobals {
  chrome: {
    storage: {
      local: {
        get: (keys: null) => Promise<Record<string, unknown>>;
        set: (items: object) => Promise<void>;
        remove: (key: string) => Promise<void>;
      };
    };
  };
}

interface ExtensionBrowser {
  process: ChildProcess;
  wsUrl: string;
  browser: Browser;
  context: BrowserContext;
  extensionId: string;
}

/** Chromium with the unpacked extension, driven over CDP (so `Extensions.triggerAction` can click its button). */
async function launchWithExtension(
  extensionDir: string,
  profileDir: string,
  httpsPort: number,
): Promise<ExtensionBrowser> {
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      '--enable-unsafe-extension-debugging',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      `--host-resolver-rules=MAP www.linkedin.com 127.0.0.1:${httpsPort},MAP media.licdn.com 127.0.0.1:${httpsPort}`,
      '--ignore-certificate-errors',
      '--window-size=1280,800',
      'about:blank',
    ],
    // Its own process group, so teardown can stop every helper Chromium started along with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  const browser = await chromium.connectOverCDP(wsUrl);
  const context = browser.contexts()[0];
  if (!context) throw new Error('No default context');
  const cdp = await browser.newBrowserCDPSession();
  let extensionId = '';
  await expect
    .poll(
      async () => {
        const { targetInfos } = await cdp.send('Target.getTargets');
        const worker = targetInfos.find(
          (target) => target.type === 'service_worker' && target.url.startsWith('chrome-extension://'),
        );
        extensionId = worker ? new URL(worker.url).host : '';
        return extensionId;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^[a-p]{32}$/);
  await cdp.detach();
  return { process: child, wsUrl, browser, context, extensionId };
}

/**
 * Stops the extension's Chromium so nothing writes to its profile any more. A CDP connection's
 * `close()` only disconnects, and killing the browser process alone leaves its helpers (GPU,
 * network, crashpad) writing to the profile for a while, which once made removing it fail with
 * ENOTEMPTY. So: ask the browser to quit, then end its whole process group.
 */
async function stopChromium(chrome: ExtensionBrowser): Promise<void> {
  const { process: child, browser } = chrome;
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => (running() ? child.once('exit', () => resolve()) : resolve()));
  const cdp = await browser.newBrowserCDPSession().catch(() => undefined);
  await cdp?.send('Browser.close').catch(() => undefined);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  await browser.close().catch(() => undefined);
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group has already gone.
    }
  }
  await exited;
}

describe('the Chrome extension', () => {
  const session = useBrowser();
  let work = '';
  let fixtures: Server | undefined;
  let chrome: ExtensionBrowser | undefined;
  /** Extra CDP connections, one per popup (closing one only disconnects it). */
  const popupConnections: Browser[] = [];
  let lastPopup: Page | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'tend-extension-e2e-'));
    fixtures = await startLinkedInFixtures(work);
  });

  afterAll(async () => {
    for (const connection of popupConnections) await connection.close().catch(() => undefined);
    if (chrome) await stopChromium(chrome);
    await new Promise<void>((resolve) => (fixtures ? fixtures.close(() => resolve()) : resolve()));
    if (work) rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  /**
   * Clicks the extension's toolbar button on `tab` (a real click: it grants activeTab) and returns
   * the popup. Chrome makes the popup a page target that an existing CDP connection does not attach
   * to, so a second connection picks it up.
   */
  async function openPopup(tab: Page): Promise<Page> {
    if (!chrome) throw new Error('no browser');
    const { browser, extensionId } = chrome;
    const popupUrl = `chrome-extension://${extensionId}/popup.html`;
    // One popup at a time, as with a real click elsewhere: the new one is then the only one.
    await lastPopup?.close().catch(() => undefined);
    await tab.bringToFront();
    const cdp = await browser.newBrowserCDPSession();
    try {
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
      const target = targetInfos.find((info) => info.url === tab.url());
      if (!target) throw new Error(`No tab target at ${tab.url()}`);
      await cdp.send(
        'Extensions.triggerAction' as 'Target.getTargets',
        {
          id: extensionId,
          targetId: target.targetId,
        } as never,
      );
    } finally {
      await cdp.detach();
    }
    lastPopup = await pageOpenedAt(popupUrl);
    return lastPopup;
  }

  /**
   * A page Chrome opened by itself (the popup, a tab the extension created), which an existing CDP
   * connection does not attach to: waits for its target, then picks it up through a new connection.
   */
  async function pageOpenedAt(urlPrefix: string): Promise<Page> {
    if (!chrome) throw new Error('no browser');
    const cdp = await chrome.browser.newBrowserCDPSession();
    try {
      await expect
        .poll(
          async () =>
            (await cdp.send('Target.getTargets')).targetInfos.some(
              (info) => info.type === 'page' && info.url.startsWith(urlPrefix),
            ),
          { timeout: 15_000 },
        )
        .toBe(true);
    } finally {
      await cdp.detach();
    }
    const connection = await chromium.connectOverCDP(chrome.wsUrl);
    popupConnections.push(connection);
    const page = connection
      .contexts()
      .flatMap((context) => context.pages())
      .find((candidate) => candidate.url().startsWith(urlPrefix));
    if (!page) throw new Error(`No page at ${urlPrefix} among the pages.`);
    await page.waitForLoadState('domcontentloaded');
    return page;
  }

  /** The popup's current screen (`data-view`), once it is not 'loading'. */
  async function popupView(popup: Page, name: string): Promise<void> {
    await visible(popup.locator(`[data-view="${name}"]`));
  }

  it('installs from the app, connects, saves a profile with its photo, and handles duplicate, full plan and revoked token', async () => {
    // 1. The install page, reached from the top bar ('Get Chrome Extension': no store page configured).
    const app = await session.openPage();
    const account = await createAccount(app, 'extension');
    await app.getByRole('link', { name: 'Get Chrome Extension' }).click();
    await waitForPath(app, '/extension');
    await visible(app.getByRole('heading', { level: 1, name: 'Get the Chrome extension' }));
    const download = app.getByRole('link', { name: 'Download tend-extension.zip' });
    await expect.poll(() => download.getAttribute('href')).toBe('/extension.zip');
    await expect
      .poll(() =>
        app
          .locator('img.extension-step__picture')
          .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true, true]);
    await checkScreen(app, 'extension-install');

    // 2. Download and unpack the zip the page links to; its manifest names this app.
    const zipAnswer = await fetch(`${baseUrl()}/extension.zip`);
    expect(zipAnswer.status, 'GET /extension.zip (is extension/dist built? npm run build)').toBe(200);
    expect(zipAnswer.headers.get('content-type')).toBe('application/zip');
    const unpacked = join(work, 'unpacked');
    const names = await unzipInto(Buffer.from(await zipAnswer.arrayBuffer()), unpacked);
    expect(names).toEqual(expect.arrayContaining(['tend-extension/manifest.json', 'tend-extension/popup.html']));
    const extensionDir = join(unpacked, 'tend-extension');
    const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8'));
    expect(manifest.externally_connectable).toEqual({ matches: [`${baseUrl()}/*`] });
    expect(manifest.host_permissions).toEqual([`${baseUrl()}/*`]);

    // 3. Chromium with the extension; the person is signed in to Tend there too.
    chrome = await launchWithExtension(extensionDir, join(work, 'profile'), (fixtures?.address() as AddressInfo).port);
    await chrome.context.addCookies(await app.context().cookies());
    const linkedIn = await chrome.context.newPage();
    await linkedIn.setViewportSize({ width: 1280, height: 800 });
    await linkedIn.goto('https://www.linkedin.com/in/ada-lovelace');
    await visible(linkedIn.getByRole('heading', { level: 1, name: 'Ada Lovelace' }));

    // 4. Not connected: the popup offers to connect and reads nothing.
    let popup = await openPopup(linkedIn);
    await popupView(popup, 'not-connected');
    await checkScreen(popup, 'extension-popup-not-connected');
    // The popup closes as the tab opens (as it does for a person): the new tab is the proof.
    await popup
      .getByRole('link', { name: 'Connect to Tend' })
      .click({ noWaitAfter: true })
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    const connectPage = await pageOpenedAt(`${baseUrl()}/extension/connect`);
    expect(new URL(connectPage.url()).searchParams.get('extension_id')).toBe(chrome.extensionId);
    await visible(connectPage.getByRole('heading', { name: 'Connect the Tend extension' }));
    await connectPage.setViewportSize({ width: 1280, height: 800 });
    // The address stays whole, not broken at its hyphen (issue 27 point 14).
    expect(await linesOfText(connectPage, account.email)).toBe(1);
    await checkScreen(connectPage, 'extension-connect');
    await connectPage.getByRole('button', { name: 'Connect', exact: true }).click();
    await visible(connectPage.getByRole('heading', { name: 'The extension is connected' }));
    await checkScreen(connectPage, 'extension-connected');
    await connectPage.close();

    // 5. Connected: the popup shows the profile read from the page, quickly. Opened five times: the
    // first open of a fresh profile and four more (the median is the figure; each one is logged).
    await linkedIn.goto('https://www.linkedin.com/in/ada-lovelace');
    const shownTimes: number[] = [];
    for (let open = 0; open < 5; open += 1) {
      popup = await openPopup(linkedIn);
      await popupView(popup, 'form');
      // Where the time goes: the popup's HTML loaded, its script started, then the popup's own steps.
      const marks: Record<string, number> = await popup.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return {
          html: Math.round(navigation?.responseEnd ?? Number.NaN),
          ...Object.fromEntries(
            performance
              .getEntriesByType('mark')
              .map((mark) => [mark.name.replace('tend:', ''), Math.round(mark.startTime)]),
          ),
        };
      });
      console.log(`[extension] open ${open + 1}: ${JSON.stringify(marks)}`);
      shownTimes.push(marks['profile-shown'] ?? Number.NaN);
    }
    const sorted = [...shownTimes].sort((a, b) => a - b);
    const median = sorted[2] ?? Number.NaN;
    console.log(
      `[extension] popup showed the profile after ${shownTimes.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${median.toFixed(0)} ms)`,
    );
    expect(median).toBeLessThan(PROFILE_SHOWN_BUDGET_MS);
    await expect.poll(() => popup.getByLabel('Name').inputValue()).toBe('Ada Lovelace');
    await expect
      .poll(() => popup.getByLabel('LinkedIn URL').inputValue())
      .toBe('https://www.linkedin.com/in/ada-lovelace');
    // Wait for the columns and the photo before the picture and the save.
    await expect.poll(() => popup.getByLabel('Column').locator('option').count()).toBeGreaterThan(1);
    await visible(popup.getByRole('img', { name: 'Photo of Ada Lovelace' }));
    // The whole form fits the window Chrome gives the popup: no scrolling, Save clear of the bottom
    // edge, the Title field whole (issue 27 point 14).
    const fit = await popupFit(popup);
    console.log(`[extension] popup window ${fit.width}x${fit.height}, content ${fit.scrollHeight} px high`);
    expect(fit.scrollHeight).toBeLessThanOrEqual(fit.clientHeight);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    const save = await popup.getByRole('button', { name: 'Save to Tend' }).boundingBox();
    expect((save?.y ?? 0) + (save?.height ?? 0)).toBeLessThanOrEqual(fit.height - 8);
    const title = await popup.getByLabel('Title').boundingBox();
    expect(title && title.y >= 0 && title.x >= 0 && title.y + title.height <= fit.height).toBe(true);
    expect((title?.x ?? 0) + (title?.width ?? 0)).toBeLessThanOrEqual(fit.width);
    await checkScreen(popup, 'extension-popup-profile');

    // Saved with what just happened and when to follow up: a note and a date, in the same click.
    const today = await popup.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    });
    const followUpOn = addDays(today, 5);
    await popup.getByLabel('Column').selectOption({ label: 'Potential Referrals' });
    await expect
      .poll(() => popup.getByLabel('Follow up').locator('option').first().textContent())
      .toBe('By column: in 14 days');
    await popup.getByLabel('Note').fill('Asked about the analyst role.');
    await popup.getByLabel('Follow up').selectOption({ label: 'On a date…' });
    await popup.getByLabel('Follow-up date').fill(followUpOn);
    expect((await popupFit(popup)).scrollHeight).toBeLessThanOrEqual(fit.clientHeight);
    await checkScreen(popup, 'extension-popup-note-and-date');
    await storeScreenshot(linkedIn, popup, '1-save-with-a-note');
    await popup.getByRole('button', { name: 'Save to Tend' }).click();
    await popupView(popup, 'saved');
    await visible(popup.getByText('Ada Lovelace is on your board in Potential Referrals.'));
    await visible(popup.getByText(/^Next follow-up: In 5 days/));
    await checkScreen(popup, 'extension-popup-saved');
    const openInTend = await popup.getByRole('link', { name: 'Open in Tend' }).getAttribute('href');
    const storage = await popup.evaluate(() =>
      (globalThis as unknown as ExtensionGlobals).chrome.storage.local.get(null),
    );
    const token = Object.values(storage).find(
      (value) => typeof value === 'string' && value.startsWith('tend_'),
    ) as string;
    expect(token).toMatch(/^tend_/);

    // 6. The card is on the board, with its photo, due on the date chosen; the note is on its timeline.
    await app.goto('/kanban');
    const card = await visible(
      column(app, 'Potential Referrals').locator('li[data-contact-id]').filter({ hasText: 'Ada Lovelace' }),
    );
    const photo = card.locator('img').first();
    await expect.poll(() => imageLoaded(photo), { timeout: 15_000 }).toBe(true);
    await visible(card.getByText('In 5 d', { exact: true }));
    const savedId = Number(await card.getAttribute('data-contact-id'));
    const savedCard = (await (await boardApi(app)).contacts()).find((c) => c.id === savedId);
    expect(savedCard).toMatchObject({ last_contacted_on: today, next_follow_up_on: followUpOn });
    await app.goto(`/kanban/${savedId}`);
    const dialog = await visible(app.getByRole('dialog', { name: 'Ada Lovelace', exact: true }));
    await dialog.getByRole('tab', { name: 'Interaction notes' }).click();
    const timeline = await visible(dialog.getByRole('tabpanel', { name: 'Interaction notes' }));
    await visible(timeline.getByText('Asked about the analyst role.'));
    await app.keyboard.press('Escape');

    // The web app's add-contact finds the same card by the same address, written another way.
    expect(openInTend).toBe(`${baseUrl()}/kanban/${savedId}`);
    await column(app, 'New').getByRole('button', { name: '+ Add contact' }).click();
    const add = await visible(app.getByRole('dialog', { name: 'Add contact' }));
    await add.getByRole('textbox', { name: 'Name' }).fill('Ada');
    await add.getByRole('textbox', { name: 'LinkedIn profile URL' }).fill('linkedin.com/in/Ada-Lovelace/?trk=abc');
    await add.getByRole('button', { name: 'Next' }).click();
    const already = await visible(app.getByRole('dialog', { name: 'Already on your board' }));
    await checkScreen(app, 'add-contact-duplicate');
    await already.getByRole('button', { name: 'Open existing contact' }).click();
    await waitForPath(app, `/kanban/${savedId}`);

    // 7. The same profile again: where the person stands, and "Log that I messaged them" (what Done
    // does): the follow-up resets by the column's cadence (14 days).
    popup = await openPopup(linkedIn);
    await popupView(popup, 'on-board');
    const standing = () => popup.locator('.standing__row').allTextContents();
    await expect
      .poll(standing)
      .toEqual([
        'ColumnPotential Referrals',
        expect.stringMatching(/^Last contact\w{3} \d{1,2} \w{3}$/),
        expect.stringMatching(/^Next follow-upIn 5 days/),
      ]);
    expect((await popupFit(popup)).scrollHeight).toBeLessThanOrEqual(fit.clientHeight);
    await checkScreen(popup, 'extension-popup-on-board');
    await storeScreenshot(linkedIn, popup, '2-on-your-board');
    await popup.getByLabel('Note').fill('Sent my CV.');
    await popup.getByRole('button', { name: 'Log that I messaged them' }).click();
    await visible(popup.getByText(/^Logged\. Next follow-up: In 14 days/));
    await checkScreen(popup, 'extension-popup-logged');
    await storeScreenshot(linkedIn, popup, '3-logged');
    const logged = (await (await boardApi(app)).contacts()).find((c) => c.id === savedId);
    expect(logged).toMatchObject({ last_contacted_on: today, next_follow_up_on: addDays(today, 14) });

    // 8. The token is for the extension's routes only: account, billing and settings refuse it.
    const bearer = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    expect((await fetch(`${baseUrl()}/api/tiers`, { headers: bearer })).status).toBe(200);
    const me = (await (await app.context().request.get(`${baseUrl()}/api/users`)).json()) as { id: number };
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['PATCH', `/api/users/${me.id}`],
      ['DELETE', `/api/users/${me.id}`],
      ['GET', '/api/billing/plans'],
      ['POST', '/api/create-checkout-session'],
      ['GET', '/api/retreive-customer-info'],
      ['GET', '/api/extension-tokens'],
    ] as const) {
      const answer = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: { ...bearer, 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify({ name: 'Mallory', plan: 'premium' }),
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }

    // 9. The free plan's 25 cards used: the person is saved to the network instead, with the note,
    // and the popup says so with the upgrade link.
    const api = await boardApi(app);
    const have = (await api.contacts()).length;
    const fillers = await api.createContacts(
      Array.from({ length: 25 - have }, (_, i) => ({ name: `Contact ${i + 1}` })),
    );
    await linkedIn.goto('https://www.linkedin.com/in/grace-hopper');
    popup = await openPopup(linkedIn);
    await popupView(popup, 'form');
    await popup.getByLabel('Note').fill('Talked about compilers.');
    await popup.getByRole('button', { name: 'Save to Tend' }).click();
    await popupView(popup, 'saved-to-network');
    await visible(popup.getByRole('heading', { name: 'Saved to your network' }));
    await visible(popup.getByText(/Your free board is full, so Grace Hopper is in your network/));
    // The way to upgrade, as this server offers it (the journeys' app runs without billing).
    const { billing_enabled: billing } = (await (await fetch(`${baseUrl()}/api/config`)).json()) as {
      billing_enabled: boolean;
    };
    if (billing) {
      expect(await popup.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
        `${baseUrl()}/account`,
      );
    } else {
      await visible(popup.getByText('Upgrading is not available on this Tend server: billing is not configured.'));
    }
    await checkScreen(popup, 'extension-popup-saved-to-network');
    const grace = (await (
      await app.context().request.get(`${baseUrl()}/api/network?q=${encodeURIComponent('Grace Hopper')}`)
    ).json()) as {
      items: { id: number; on_board: boolean; tier_id: number | null; next_follow_up_on: string | null }[];
    };
    expect(grace.items).toMatchObject([{ on_board: false, tier_id: null, next_follow_up_on: null }]);
    expect((await api.contacts()).map((c) => c.name)).not.toContain('Grace Hopper');

    // The same profile again: in the network, "Put on the board" once there is room.
    popup = await openPopup(linkedIn);
    await popupView(popup, 'in-network');
    await checkScreen(popup, 'extension-popup-in-network');
    const firstFiller = fillers[0];
    if (!firstFiller) throw new Error('no filler card');
    expect(
      (
        await app.context().request.delete(`${baseUrl()}/api/contacts/${firstFiller.id}`, {
          headers: {
            'X-CSRF-Token':
              (await app.context().request.get(`${baseUrl()}/api/session`)).headers()['x-csrf-token'] ?? '',
          },
        })
      ).status(),
    ).toBe(204);
    await popup.getByLabel('Column').selectOption({ label: 'Friends' });
    await popup.getByRole('button', { name: 'Put on the board' }).click();
    await popupView(popup, 'on-board');
    await expect.poll(() => popup.locator('.standing__row').first().textContent()).toBe('ColumnFriends');
    const placed = (await api.contacts()).find((c) => c.name === 'Grace Hopper');
    expect(placed).toMatchObject({ tier_id: await api.tierId('Friends'), last_contacted_on: today });

    // 10. Tend cannot be reached (the options point at a port where nothing listens): say so, offer a retry.
    const deadOrigin = `http://localhost:${await freePort()}`;
    await popup.evaluate(
      (origin) => (globalThis as unknown as ExtensionGlobals).chrome.storage.local.set({ appOrigin: origin }),
      deadOrigin,
    );
    popup = await openPopup(linkedIn);
    await popupView(popup, 'unreachable');
    await visible(popup.getByRole('button', { name: 'Try again' }));
    await checkScreen(popup, 'extension-popup-unreachable');
    await popup.evaluate(() => (globalThis as unknown as ExtensionGlobals).chrome.storage.local.remove('appOrigin'));

    // 11. Disconnected in Settings: the token stops working and the popup asks to connect again.
    await app.goto('/settings');
    const section = app.getByRole('region', { name: 'Connected extensions' });
    await visible(section.getByText(/Last used/));
    await section.scrollIntoViewIfNeeded();
    await checkScreen(app, 'settings-connected-extensions');
    await section.getByRole('button', { name: /^Disconnect/ }).click();
    const confirm = await visible(app.getByRole('dialog', { name: 'Disconnect extension?' }));
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await toast(app, 'Extension disconnected.');
    await visible(section.getByText('No extension is connected.'));
    expect((await fetch(`${baseUrl()}/api/tiers`, { headers: bearer })).status).toBe(401);

    await linkedIn.goto('https://www.linkedin.com/in/ada-lovelace');
    popup = await openPopup(linkedIn);
    await popupView(popup, 'not-connected');
    await visible(popup.getByText(/revoked|expired/i));
    await checkScreen(popup, 'extension-popup-revoked');
  });

  it('sends a signed-out person to log in and back to the connect page; refuses a link without a valid id', async () => {
    const first = await session.openPage();
    const account = await createAccount(first, 'extension-login');
    const page = await session.openPage();
    const connect = '/extension/connect?extension_id=abcdefghijklmnopabcdefghijklmnop';
    await page.goto(connect);
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(connect);
    await page.getByLabel('Email address', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForPath(page, '/extension/connect');
    await visible(page.getByRole('heading', { name: 'Connect the Tend extension' }));
    expect(new URL(page.url()).search).toBe('?extension_id=abcdefghijklmnopabcdefghijklmnop');

    await page.goto('/extension/connect?extension_id=not-an-id');
    await visible(page.getByRole('heading', { name: 'Open this page from the extension' }));
    expect(await page.getByRole('button', { name: 'Connect', exact: true }).count()).toBe(0);
    await checkScreen(page, 'extension-connect-invalid-link');
  });
});

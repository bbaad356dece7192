import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers/app';
import { accessibleNames, useBrowser, visible, waitForPath } from './helpers/browser';
import { checkScreen } from './helpers/screen';

/** The configuration the global setup's app runs with (api/src/config/config.schema.ts defaults). */
async function publicConfig(page: Page): Promise<Record<string, unknown>> {
  const answer = await page.context().request.get(`${baseUrl()}/api/config`);
  return (await answer.json()) as Record<string, unknown>;
}

/** Every link of the page, as written in its href (the server filled in the configured ones). */
async function links(page: Page): Promise<{ href: string; text: string; hidden: boolean; target: string | null }[]> {
  return page.locator('a').evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      href: anchor.getAttribute('href') ?? '',
      text: (anchor.textContent ?? '').trim(),
      hidden: anchor.hasAttribute('hidden'),
      target: anchor.getAttribute('target'),
    })),
  );
}

describe('the public landing page (PRODUCT.md §1)', () => {
  const browser = useBrowser();

  it('has every part of the spec: features, the demo video, sample testimonials, plans, newsletter, stats, footer', async () => {
    const page = await browser.openPage();
    const config = await publicConfig(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await visible(page.getByRole('heading', { level: 1, name: 'Keep your professional network warm.' }));

    // The two stats.
    await visible(page.getByText('88%', { exact: true }));
    await visible(page.getByText('of employers prioritise referrals', { exact: true }));
    await visible(page.getByText('70%', { exact: true }));
    await visible(page.getByText('of jobs never hit job boards', { exact: true }));
    // The start message names the server's free allowance (25 unless the server says otherwise).
    const limit = config['free_plan_card_limit'] as number | null;
    const allowance = limit === null ? 'unlimited' : String(limit);
    await visible(page.getByRole('link', { name: `Start with ${allowance} free cards` }).first());
    await visible(page.getByText(`Start with ${allowance} free cards. Upgrade when your network grows.`));

    // Feature sections.
    for (const feature of [
      'Your network on one board',
      'Notes and a timeline',
      'Reminders at the right time',
      'Follow-up drafts',
      'Save from LinkedIn in one click',
    ]) {
      await visible(page.getByRole('heading', { level: 3, name: feature }));
    }

    // Sample testimonials, each marked as a sample.
    const testimonials = page.getByRole('region', { name: 'What keeping in touch looks like' });
    await visible(testimonials.getByText('Sample testimonials: they show how people use Tend', { exact: false }));
    const quotes = testimonials.locator('figure');
    expect(await quotes.count()).toBe(3);
    for (const quote of await quotes.all()) {
      expect(await quote.getByText('Sample', { exact: true }).count()).toBe(1);
      expect(await quote.locator('figcaption').innerText()).toContain('(sample)');
    }

    // The plan comparison: Free and Premium side by side.
    const pricing = page.getByRole('region', { name: 'Simple plans' });
    const free = pricing.getByRole('article', { name: 'Free' });
    const premium = pricing.getByRole('article', { name: 'Premium' });
    // Read the plans as a visitor does, scrolled to them (sections below the first screen appear a
    // moment after the first paint, and innerText reads what is drawn).
    await pricing.scrollIntoViewIfNeeded();
    await expect.poll(() => free.innerText()).toMatch(/\$0\s*\/month/);
    expect(await free.innerText()).toContain(`${allowance} cards`);
    expect(await premium.innerText()).toMatch(/\$10\s*\/month/);
    expect(await premium.innerText()).toContain('Unlimited cards');
    for (const plan of [free, premium]) expect(await plan.innerText()).toContain('Chrome extension');

    // The newsletter, every Tuesday, with its subscribe link to the configured page.
    const newsletter = page.getByRole('region', { name: 'One networking tip, every Tuesday' });
    await visible(newsletter.getByText(/goes out every Tuesday/));
    const subscribe = await visible(newsletter.getByRole('link', { name: 'Subscribe to the newsletter' }));
    expect(await subscribe.getAttribute('href')).toBe(config['newsletter_url']);
    expect(await subscribe.getAttribute('target')).toBe('_blank');
    expect(await subscribe.getAttribute('rel')).toContain('noopener');

    // The footer: contact us by mail, the company page, the legal pages, the 2025 copyright.
    const footer = page.getByRole('contentinfo');
    const nav = footer.getByRole('navigation', { name: 'Footer' });
    expect(await nav.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      `mailto:${String(config['support_email'])}`,
    );
    expect(await nav.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe(config['linkedin_company_url']);
    await visible(nav.getByRole('link', { name: 'Terms of Use' }));
    await visible(nav.getByRole('link', { name: 'Privacy Policy' }));
    await visible(footer.getByText('© 2025 Tend. All rights reserved.'));

    // The demo video: its poster, linking to the page that plays it; the landing page has no video
    // element and loads nothing of the video.
    expect(await page.locator('video').count()).toBe(0);
    const poster = page.getByRole('link', { name: /^Play the video\. Demo of Tend/ });
    await poster.scrollIntoViewIfNeeded();
    await visible(poster);
    expect(await poster.getAttribute('href')).toBe('/demo');
    await expect
      .poll(() => poster.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(1280);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(fetched).toContain('/demo-poster.webp');
    expect(fetched).not.toContain('/demo.webm');
    await checkScreen(page, 'landing-demo-video');
  });

  it('draws the first screen alone first, then every section below it without any scrolling', async () => {
    const page = await browser.openPage();
    const deferred = ['.demo', '.features', '.testimonials', '.pricing', '.newsletter', '.landing > .site-footer'];
    // Read in the page itself when parsing ends, before the first frame: no timing on our side.
    await page.addInitScript((selectors: string[]) => {
      const state = window as unknown as { atParsed: string[]; shifts: number[] };
      state.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        state.atParsed = selectors.map((selector) => getComputedStyle(document.querySelector(selector)!).display);
      });
    }, deferred);
    await page.goto('/', { waitUntil: 'load' });
    expect(await page.evaluate(() => (window as unknown as { atParsed: string[] }).atParsed)).toEqual(
      deferred.map(() => 'none'),
    );
    // A quarter of a second later every section is drawn, with nobody scrolling.
    const displays = () =>
      page.evaluate(
        (selectors: string[]) =>
          selectors.map((selector) => getComputedStyle(document.querySelector(selector)!).display),
        deferred,
      );
    await expect.poll(async () => (await displays()).filter((display) => display === 'none')).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Nothing on the first screen moved when they appeared.
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    // Far below and out of the view, the plans and the newsletter are in the accessibility tree, so a
    // screen reader's list of headings reaches them.
    expect(await accessibleNames(page, 'heading')).toEqual(
      expect.arrayContaining(['Simple plans', 'One networking tip, every Tuesday']),
    );
  });

  it('plays the demo video from its poster: muted, with controls, it starts, has a duration and time advances', async () => {
    const page = await browser.openPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const poster = page.getByRole('link', { name: /^Play the video\. Demo of Tend/ });
    await poster.scrollIntoViewIfNeeded();
    // The keyboard works as well as a click: focus the poster and press Enter.
    await poster.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/demo');
    await visible(page.getByRole('heading', { level: 1, name: 'See Tend in action' }));
    const video = page.locator('video');
    expect(
      await video.evaluate((node: HTMLVideoElement) => ({
        muted: node.muted,
        controls: node.controls,
        autoplay: node.autoplay,
        poster: new URL(node.poster).pathname,
        label: node.getAttribute('aria-label'),
      })),
    ).toEqual({
      muted: true,
      controls: true,
      autoplay: true,
      poster: '/demo-poster.webp',
      label: 'Demo of Tend: signing up, adding a contact and drafting a follow-up message',
    });
    await checkScreen(page, 'demo-page');
    // It starts by itself (muted, so the browser lets it): time advances without a click on play.
    await expect
      .poll(() => video.evaluate((node: HTMLVideoElement) => node.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.5);
    const state = await video.evaluate((node: HTMLVideoElement) => ({
      readyState: node.readyState,
      duration: node.duration,
      width: node.videoWidth,
      height: node.videoHeight,
      paused: node.paused,
      error: node.error?.message ?? null,
      tracks: (node as HTMLVideoElement & { audioTracks?: { length: number } }).audioTracks?.length ?? null,
    }));
    expect(state.error).toBeNull();
    expect(state.paused).toBe(false);
    expect(state.readyState).toBeGreaterThanOrEqual(2);
    // A finite duration: the file says how long it is, so the controls can seek.
    expect(Number.isFinite(state.duration)).toBe(true);
    expect(state.duration).toBeGreaterThan(10);
    expect([state.width, state.height]).toEqual([1280, 800]);
    // It shows the app, not a blank picture: frames drawn while it plays, from the start and from
    // the middle, each have varied light (a uniform white or black frame has a spread near 0).
    const spread = async (from: number) => {
      await video.evaluate(async (node: HTMLVideoElement, at) => {
        node.currentTime = at;
        await node.play();
        const start = node.currentTime;
        await new Promise<void>((resolve) => {
          const check = () => (node.currentTime > start + 0.5 ? resolve() : setTimeout(check, 50));
          check();
        });
      }, from);
      return video.evaluate((node: HTMLVideoElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = node.videoWidth;
        canvas.height = node.videoHeight;
        const context = canvas.getContext('2d')!;
        context.drawImage(node, 0, 0);
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let sum = 0;
        let squares = 0;
        const count = pixels.length / 4;
        for (let i = 0; i < pixels.length; i += 4) {
          const luma = 0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!;
          sum += luma;
          squares += luma * luma;
        }
        const mean = sum / count;
        return Math.sqrt(squares / count - mean * mean);
      });
    };
    expect(await spread(0)).toBeGreaterThan(5);
    expect(await spread(state.duration / 2)).toBeGreaterThan(5);
    // Seeking works too.
    await video.evaluate((node: HTMLVideoElement) => {
      node.currentTime = node.duration - 1;
    });
    await expect
      .poll(() => video.evaluate((node: HTMLVideoElement) => node.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(state.duration - 2);

    // Under 2 MB, as a WebM file.
    const file = await page.context().request.get(`${baseUrl()}/demo.webm`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('video/webm');
    expect((await file.body()).length).toBeLessThan(2 * 1024 * 1024);
  });

  it('every link works: in-page sections exist, app routes and files answer 200, mail and external links are well formed', async () => {
    const page = await browser.openPage();
    const config = await publicConfig(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const all = (await links(page)).filter((link) => !link.hidden);
    expect(all.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    for (const link of all) {
      if (seen.has(link.href)) continue;
      seen.add(link.href);
      if (link.href.startsWith('#')) {
        expect(await page.locator(link.href).count(), `section ${link.href}`).toBe(1);
      } else if (link.href.startsWith('mailto:')) {
        expect(link.href).toBe(`mailto:${String(config['support_email'])}`);
      } else if (link.href.startsWith('/')) {
        const answer = await page.context().request.get(`${baseUrl()}${link.href}`);
        expect(answer.status(), `${link.text} -> ${link.href}`).toBe(200);
      } else {
        // External pages (the newsletter, the company page): the configured address, in a new tab.
        expect([config['newsletter_url'], config['linkedin_company_url']]).toContain(link.href);
        expect(new URL(link.href).protocol).toBe('https:');
        expect(link.target).toBe('_blank');
      }
    }
    expect([...seen]).toEqual(
      expect.arrayContaining(['/signup', '/login', '/terms', '/privacy-policy', '#features', '#pricing', '#demo']),
    );

    // The in-app routes show their screens when followed from the page.
    for (const [name, heading] of [
      ['Terms of Use', 'Terms of Use'],
      ['Privacy Policy', 'Privacy Policy'],
    ] as const) {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name }).click();
      await visible(page.getByRole('heading', { level: 1, name: heading }));
    }
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    await visible(page.getByRole('button', { name: 'Log in' }));
  });
});

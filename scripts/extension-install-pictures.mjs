// The pictures of the in-app install page (web/src/features/extension/assets/): Chromium's own
// chrome://extensions with the built extension loaded, so they show what the reader will see.
// Run after `npm run build -w extension`: node scripts/extension-install-pictures.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@tend/test-kit';

const ROOT = resolve(import.meta.dirname, '..');
const dist = join(ROOT, 'extension', 'dist');
const out = join(ROOT, 'web', 'src', 'features', 'extension', 'assets');
const profile = mkdtempSync(join(tmpdir(), 'tend-install-pictures-'));

const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...CHROMIUM_ARGS, `--disable-extensions-except=${dist}`, `--load-extension=${dist}`],
  viewport: { width: 1100, height: 420 },
  deviceScaleFactor: 1,
});
try {
  const page = await context.newPage();
  await page.goto('chrome://extensions');
  const toggle = page.locator('#devMode');
  await toggle.click();
  await page.locator('#loadUnpacked').waitFor();
  await page.waitForTimeout(400);
  // Step 2: Developer mode on, and the 'Load unpacked' button it shows.
  await page.screenshot({ path: join(out, 'developer-mode.png'), clip: { x: 0, y: 0, width: 1100, height: 112 } });
  // Step 3: the loaded extension's card.
  const card = page.locator('extensions-item').first();
  await card.waitFor();
  await card.screenshot({ path: join(out, 'extension-loaded.png') });
  // Step 4: the popup, not connected yet (opened as a tab: same page, same state).
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const view = popup.locator('[data-view]').first();
  await view.waitFor();
  await popup.waitForTimeout(300);
  await popup.locator('body').screenshot({ path: join(out, 'extension-popup-connect.png') });
  console.log('Wrote developer-mode.png, extension-loaded.png and extension-popup-connect.png');
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}

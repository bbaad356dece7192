import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './app';

export const SCREENSHOT_DIR = join(ROOT, 'docs', 'screenshots');

/**
 * Saves what the viewport shows as docs/screenshots/<name>.png, only when SCREENSHOTS=1
 * (`npm run screenshots`); otherwise does nothing, so the ordinary test run writes no files.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env['SCREENSHOTS'] !== '1') return;
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Screenshot names are kebab-case: "${name}"`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let web fonts and the last re-render settle so the picture is what a user sees.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}.png`),
    type: 'png',
    animations: 'disabled',
    caret: 'hide',
    fullPage: false,
  });
}

import type { Page } from 'playwright-core';
import { expectNoSeriousAxeViolations, type AxeExclusion } from './axe';
import { screenshot } from './screenshot';

export interface CheckScreenOptions {
  /** Rules switched off for this scan only; each with its reason (written at the call, too). */
  exclusions?: readonly AxeExclusion[];
}

/** Waits until every running finite animation (a dialog fading in, a toast sliding) has finished. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Running ones only: a paused animation (a toast's timer under the pointer) would never finish.
    const finite = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
      );
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Every screen and dialog a journey reaches goes through here: axe-core scans what the page shows
 * (a serious or critical violation fails the journey) and `npm run screenshots` saves it as
 * docs/screenshots/<name>.png. Animations finish first, so colours are read as the user sees them.
 */
export async function checkScreen(page: Page, name: string, options: CheckScreenOptions = {}): Promise<void> {
  await settle(page);
  await expectNoSeriousAxeViolations(page, name, options.exclusions);
  await screenshot(page, name);
}

/**
 * On how many lines the first occurrence of `text` on the page is drawn (its characters' distinct
 * line tops): an email address should stay on one line unless it is wider than its line.
 */
export async function linesOfText(page: Page, text: string): Promise<number> {
  return page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const tops = new Set<number>();
      for (let i = at; i < at + wanted.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    }
    throw new Error(`"${wanted}" is not on the page.`);
  }, text);
}

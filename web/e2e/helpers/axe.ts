import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** A rule switched off for one scan, with the reason written next to the scan that needs it. */
export interface AxeExclusion {
  rule: string;
  why: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on what the page shows now and fails on any
 * serious or critical violation, naming the rule and the elements. `label` says which screen or
 * dialog was scanned. Nothing is excluded unless the caller says which rule and why.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  label: string,
  exclusions: readonly AxeExclusion[] = [],
): Promise<void> {
  for (const exclusion of exclusions) {
    if (!exclusion.why.trim()) throw new Error(`Axe exclusion of "${exclusion.rule}" on ${label} needs a reason.`);
  }
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol, which the app's CSP (script-src 'self') does not govern.
  if (!loaded) await page.evaluate(axeSource);
  const disabled = Object.fromEntries(exclusions.map((exclusion) => [exclusion.rule, { enabled: false }]));
  const violations = await page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules,
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations;
  }, disabled);
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary?.split('\n').join(' ') ?? ''}`)
          .join('\n'),
    );
  expect(serious, `serious or critical accessibility violations on ${label}`).toEqual([]);
}

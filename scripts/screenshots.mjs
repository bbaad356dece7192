// `npm run screenshots`: runs the browser journeys with SCREENSHOTS=1, so every screen they visit is
// saved as docs/screenshots/<screen>.png (viewport 1280x800, committed so anyone can see the product).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureBuilt, ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();

const dir = join(ROOT, 'docs', 'screenshots');
// Start clean so a screen that no journey visits any more does not linger.
for (const file of existsSync(dir) ? readdirSync(dir) : []) {
  if (file.endsWith('.png')) rmSync(join(dir, file));
}

console.log('\n━━ browser tests (saving screenshots) ━━');
const code = await run(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--config', 'web/e2e/vitest.config.ts', '--reporter=default'],
  { env: { ...process.env, SCREENSHOTS: '1' } },
);

const saved = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.png')) : [];
console.log(`\n${saved.length} screenshot(s) in docs/screenshots/`);
if (code !== 0) console.error('✖ Some browser journeys failed: their screenshots may be missing.');

// Every screen a journey names (`checkScreen(page, 'name')` and the like) must have its picture: a
// journey that stops early, or a skipped one, would otherwise leave a hole nobody sees (issue 27).
const e2eDir = join(ROOT, 'web', 'e2e');
const named = new Set();
for (const file of readdirSync(e2eDir).filter((name) => name.endsWith('.e2e.ts'))) {
  const source = readFileSync(join(e2eDir, file), 'utf8');
  for (const match of source.matchAll(
    /\b(?:checkScreen|checkScreenWithoutToasts|screenshot)\(\s*\w+,\s*'([a-z0-9-]+)'/g,
  )) {
    named.add(match[1]);
  }
}
const missing = [...named].filter((name) => !saved.includes(`${name}.png`)).sort();
if (missing.length > 0) {
  console.error(`✖ ${missing.length} screen(s) named by the journeys were not produced: ${missing.join(', ')}`);
}
process.exit(code || (saved.length === 0 || missing.length > 0 ? 1 : 0));

// `npm run screenshots`: runs the browser journeys with SCREENSHOTS=1, so every screen they visit is
// saved as docs/screenshots/<screen>.png (viewport 1280x800, committed so anyone can see the product).
import { existsSync, readdirSync, rmSync } from 'node:fs';
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
process.exit(code || (saved.length === 0 ? 1 : 0));

// `npm run demo-video`: films the demo journey (web/e2e/demo-video.e2e.ts) in Chromium and saves
// the landing page's video as web/public/demo.webm (VP9, no sound, under 2 MB) with its poster
// web/public/demo-poster.webp. Run it again whenever the screens it shows change, then rebuild.
import { ROOT, ensureBuilt, ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();

console.log('\n━━ filming the demo journey ━━');
const code = await run(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'web/e2e/vitest.config.ts',
    '--reporter=default',
    'demo-video.e2e.ts',
  ],
  { cwd: ROOT, env: { ...process.env, RECORD_DEMO: '1' } },
);
if (code !== 0) console.error('✖ The demo journey failed: the video was not saved.');
else console.log('\nSaved web/public/demo.webm and web/public/demo-poster.webp (`npm run build -w web` ships them).');
process.exit(code);

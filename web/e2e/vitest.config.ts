import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_PATH } from './helpers/chromium-path.ts';

// Browser journeys: the built app (api + worker + scheduler, built SPA) started once by the global
// setup, driven through Debian's Chromium by playwright-core. One file at a time: the machine is small.
const chromiumMissing = !existsSync(CHROMIUM_PATH);
if (chromiumMissing) {
  const message = `Chromium is missing at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`;
  if (process.env['CI'] === 'true') throw new Error(`[browser tests] ${message} CI=true requires the browser suite.`);
  console.warn(`\n[browser tests] !!! ${message} The browser journeys are SKIPPED. !!!\n`);
}

export default defineConfig({
  // Keep Vite's cache with web/'s, not in a node_modules folder inside web/e2e.
  cacheDir: '../node_modules/.vite-e2e',
  test: {
    root: import.meta.dirname,
    environment: 'node',
    include: chromiumMissing ? [] : ['**/*.e2e.ts'],
    passWithNoTests: chromiumMissing,
    globalSetup: chromiumMissing ? [] : ['./global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});

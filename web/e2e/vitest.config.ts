import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_PATH } from './helpers/chromium-path.ts';

// Browser journeys: the built app (api + worker + scheduler, built SPA) started once by the global
// setup, driven through Debian's Chromium by playwright-core. One file at a time: the machine is small.
// A missing browser fails the suite with how to get it: a skipped journey would read as a pass.
if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(
    `[browser tests] Chromium is missing at ${CHROMIUM_PATH}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

export default defineConfig({
  // Keep Vite's cache with web/'s, not in a node_modules folder inside web/e2e.
  cacheDir: '../node_modules/.vite-e2e',
  test: {
    root: import.meta.dirname,
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});

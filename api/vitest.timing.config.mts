import { defineConfig } from 'vitest/config';
import base from './vitest.config.mjs';

// Timing measurements (a side channel that must stay closed): alone, one file at a time, so the
// other suites' load cannot tilt them.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/timing/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    maxWorkers: 1,
    fileParallelism: false,
  },
});

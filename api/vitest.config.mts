import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// NestJS and MikroORM need decorator metadata, which SWC emits and esbuild/oxc do not.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' }, jsc: { target: 'es2022' } })],
  resolve: {
    alias: { '@tend/contracts': resolve(import.meta.dirname, '../libs/contracts/src/index.ts') },
  },
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    // Timing measurements run alone (vitest.timing.config.mts).
    exclude: ['test/timing/**', '**/node_modules/**'],
    globalSetup: ['test/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});

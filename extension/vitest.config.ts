import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@tend/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  define: { __TEND_DEFAULT_APP_ORIGIN__: JSON.stringify('http://localhost:3000') },
  test: {
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.spec.ts', 'build/**/*.spec.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});

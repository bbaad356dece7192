/**
 * The page reader injected into the LinkedIn tab (dist/content.js): one self-contained classic
 * script, built after vite.config.ts into the same dist/ (which it then checks is complete), then
 * the Chrome Web Store folder, extension/store/ (build/store.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { appOriginFromEnv } from './build/manifest.ts';
import { checkStoreFolder, writeStoreFolder } from './build/store.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const dist = fileURLToPath(new URL('./dist', import.meta.url));

/** Fails the build when a file the manifest names is missing. */
function checkDist(): Plugin {
  return {
    name: 'tend-extension-check-dist',
    closeBundle() {
      const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as {
        action: { default_popup: string };
        options_ui: { page: string };
        background: { service_worker: string };
        icons: Record<string, string>;
      };
      const needed = [
        manifest.action.default_popup,
        manifest.options_ui.page,
        manifest.background.service_worker,
        ...Object.values(manifest.icons),
        'content.js',
      ];
      const missing = needed.filter((file) => !existsSync(join(dist, file)));
      if (missing.length) throw new Error(`extension/dist is missing ${missing.join(', ')}`);
    },
  };
}

/** Writes extension/store/ (the zip, icons, screenshots and listing) from the complete dist/, and checks it. */
function storeFolder(): Plugin {
  return {
    name: 'tend-extension-store',
    async closeBundle() {
      const outDir = fileURLToPath(new URL('./store', import.meta.url));
      await writeStoreFolder({
        distDir: dist,
        outDir,
        screenshotsDir: fileURLToPath(new URL('./store-screenshots', import.meta.url)),
        appOrigin: appOriginFromEnv(process.env['APP_URL']),
        version,
      });
      const problems = checkStoreFolder(outDir, version);
      if (problems.length)
        throw new Error(`extension/store is not ready for the Chrome Web Store:\n- ${problems.join('\n- ')}`);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  resolve: {
    alias: {
      '@tend/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  plugins: [checkDist(), storeFolder()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'chrome110',
    reportCompressedSize: false,
    lib: {
      entry: fileURLToPath(new URL('./src/content/page-reader.ts', import.meta.url)),
      formats: ['iife'],
      name: 'TendPageReader',
      fileName: () => 'content.js',
    },
    rolldownOptions: {
      output: {
        // The script's last statement is its result for `chrome.scripting.executeScript({files})`:
        // injecting the reader also reads the profile, one round trip to the tab instead of two
        // (docs/PERFORMANCE.md, the popup's start).
        footer: 'globalThis.__tendPageReader.readProfile();',
      },
    },
  },
});

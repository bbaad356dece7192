/**
 * The extension build (the pages and the service worker), run by the root `npm run build`:
 * dist/ is the folder Chrome loads unpacked, with manifest.json at its root. The content script
 * is a second, self-contained build (vite.content.config.ts), since Chrome injects it as a
 * classic script that cannot import shared chunks.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { renderIcon } from './build/icons.ts';
import { appOriginFromEnv, buildManifest, ICON_SIZES } from './build/manifest.ts';

const appOrigin = appOriginFromEnv(process.env['APP_URL']);
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Writes manifest.json (from APP_URL) and the icons into the bundle. */
function extensionManifest(): Plugin {
  return {
    name: 'tend-extension-manifest',
    generateBundle() {
      const manifest = buildManifest({ appOrigin, version });
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
      for (const size of ICON_SIZES) {
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: renderIcon(size) });
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  publicDir: false,
  resolve: {
    alias: {
      '@tend/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  plugins: [extensionManifest()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome110',
    // The popup's shared chunks are fetched with its script, not after it is parsed (a waterfall
    // in every open); no polyfill, which would be an inline script MV3's policy refuses.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        popup: fileURLToPath(new URL('./popup.html', import.meta.url)),
        options: fileURLToPath(new URL('./options.html', import.meta.url)),
        background: fileURLToPath(new URL('./src/background/service-worker.ts', import.meta.url)),
      },
      output: {
        // The manifest names the service worker by a fixed path.
        entryFileNames: (chunk) => (chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});

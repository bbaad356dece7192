import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = 'http://localhost:3000';
const webDir = fileURLToPath(new URL('./', import.meta.url));
/** `@/lib/...`, `@/components/ui/...`: shared code by its place in src, never by `../../`. */
const aliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@tend/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
};
const contractsDir = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));

/**
 * The shared contracts build their zod schemas at module level, and a bundler must keep a call it
 * cannot prove free of side effects: every screen that reads one message from the contracts would
 * carry zod (~23 KiB gzipped). Building a schema has no side effect, so this marks each schema
 * expression in the contracts with a `@__PURE__` annotation: the schemas the SPA never uses (and zod with them)
 * drop out, and the two it validates with travel in the board's chunk. Only expressions in value
 * position are marked (after `=`, `:`, `(`, `,`, `[`, `=>` or `return`), never a statement.
 */
function pureContractSchemas(): Plugin {
  const schemaExpression = /((?:[=:(,[]|=>|\breturn)\s*)(z|[A-Za-z]\w*Schema)(?=\s*[.(])/g;
  return {
    name: 'tend:pure-contract-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(contractsDir) || !id.endsWith('.ts') || id.endsWith('.spec.ts')) return null;
      return { code: code.replace(schemaExpression, '$1/* @__PURE__ */ $2'), map: null, moduleSideEffects: false };
    },
  };
}

/**
 * Renders the landing page into landing.html at build time, from the app's own components (see
 * src/app/prerender-landing.tsx): a visitor's first page is HTML and CSS without any script, not the
 * whole app. The API fills in its configured links and free allowance once at start-up and serves
 * the result at / to visitors who are not signed in (api/src/infra/http/landing-page.ts).
 */
function prerenderLanding(): Plugin {
  return {
    name: 'tend:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        if (!context.filename.endsWith('landing.html')) return html;
        const server = await createServer({
          configFile: false,
          root: webDir,
          logLevel: 'error',
          appType: 'custom',
          plugins: [react()],
          resolve: { alias: aliases },
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        });
        try {
          const module = (await server.ssrLoadModule('/src/app/prerender-landing.tsx')) as {
            prerenderLandingPage: () => { title: string; markup: string };
          };
          const page = module.prerenderLandingPage();
          if (!html.includes('<!--prerendered-landing-->')) throw new Error('landing.html lost its placeholder.');
          return html
            .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
            .replace('<!--prerendered-landing-->', page.markup);
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * Puts the landing page's stylesheets (some 3 KiB compressed) into landing.html itself: a visitor's
 * first page then paints from one response, without waiting for three render-blocking requests
 * (docs/PERFORMANCE.md, landing speed). Its entry (src/landing.ts) holds styles only, so its script
 * tags go too: even an empty module script delays the first paint. The build fails if that entry
 * ever gets code, which would otherwise silently not run. The app's pages keep their cached files.
 */
function inlineLandingStyles(): Plugin {
  return {
    name: 'tend:inline-landing-styles',
    apply: 'build',
    // After Vite has written its links into the page, before compression (listed after this) runs.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['landing.html'];
      if (!page || page.type !== 'asset' || typeof page.source !== 'string') return;
      page.source = page.source.replace(
        /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
        (link: string, fileName: string) => {
          const sheet = bundle[fileName];
          if (!sheet || sheet.type !== 'asset') throw new Error(`landing.html links ${fileName}, which is not built.`);
          return `<style>${String(sheet.source).trim()}</style>`;
        },
      );
      // Its entry holds styles only, now in the page: no script tag, no preload, stays.
      for (const chunk of Object.values(bundle)) {
        const entry =
          chunk.type === 'chunk'
            ? Object.entries(chunk.modules).find(([id]) => id.endsWith('/src/landing.ts'))
            : undefined;
        if (entry && entry[1].renderedLength > 0)
          throw new Error('src/landing.ts has code, but landing.html runs no script.');
      }
      page.source = page.source.replace(
        /<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/g,
        '',
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    pureContractSchemas(),
    prerenderLanding(),
    inlineLandingStyles(),
    // index.html.br/.gz and assets/*.br/.gz next to each file; the API serves the best one accepted.
    // Source maps are built for error reports but never served in production: not compressed.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt)$/,
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: aliases },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The app, and the prerendered landing page with its own small entry.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
      },
      output: {
        // React, its DOM renderer and the router change together and every screen needs them: one
        // long-lived chunk. Every other package lands in the chunk of the screens that use it, so
        // the landing page does not download the board's drag and drop (no catch-all vendor chunk).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
          ],
        },
      },
    },
  },
});

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename, join, relative, sep } from 'node:path';
import { landingDocument, type LandingDocument, type LandingSettings } from './landing-page';

/** Vite names every file under `assets/` by its content hash: a new build never reuses a name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so the browser revalidates it every time. */
export const REVALIDATE = 'no-cache';
/** Other files at the root (favicon.svg) keep their names across builds. */
export const SHORT_LIVED = 'public, max-age=3600';

export interface WebAppOptions {
  /** Production serves no source maps (they are built, for error reports, but stay on the server). */
  production: boolean;
  /** Whether the request carries a signed-in session: `/` is then the app, which opens the board. */
  isSignedIn: (req: Request) => boolean;
  /** The server's values the landing page shows, filled in once at start-up (landing-page.ts). */
  landing: LandingSettings;
}

/** Anything that can mount Express middleware: an Express app or Nest's `NestExpressApplication`. */
export interface MiddlewareHost {
  use(handler: RequestHandler): unknown;
}

const HTML_PAGES = new Set(['index.html']);
const VARY_BY_COOKIE = 'tendVaryByCookie';
const EARLIER_VARY = 'tendEarlierVary';

/** Paths the API answers itself: its routes, the dev mailbox, the extension's download and calendar feeds. */
const SERVER_PATHS = /^\/(api|dev|calendar)(\/|$)|^\/extension\.zip$/;

const isAppRequest = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && !SERVER_PATHS.test(req.path);

/** Sets `Vary` to what CORS had set, what the file server set and, at `/`, `Cookie`. */
function mergeVary(res: Response): void {
  const vary = [res.locals[EARLIER_VARY], res.getHeader('Vary'), res.locals[VARY_BY_COOKIE] ? 'Cookie' : undefined];
  const names = vary.flatMap((value) => (typeof value === 'string' ? value.split(',') : []));
  const merged = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  if (merged.length > 0) res.setHeader('Vary', merged.join(', '));
}

/**
 * Sends the landing page from memory in the best encoding the request accepts. Express's `send`
 * adds an ETag of the bytes sent and answers a matching `If-None-Match` with 304.
 */
function sendLanding(req: Request, res: Response, page: LandingDocument): void {
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.setHeader('Cache-Control', REVALIDATE);
  res.setHeader('Vary', 'Accept-Encoding');
  mergeVary(res);
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
  res.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
}

/**
 * Serves the built SPA from `distDir`: the precompressed `.br` / `.gz` next to each file (written
 * by the build) in the best encoding the request accepts, with `Vary: Accept-Encoding`; hashed
 * assets cached for a year, HTML revalidated; at `/` the prerendered landing page (landing.html)
 * to a visitor who is not signed in (filled in with the server's links and free allowance at
 * start-up, so it needs no script), index.html for every other client-side route; a 404 for a
 * missing asset (an old chunk name after a deploy must not get HTML); no `.map` in production.
 * API and dev-mailbox requests never touch the file system. Does nothing without a built SPA.
 */
export function serveWebApp(app: MiddlewareHost, distDir: string, options: WebAppOptions): void {
  if (!existsSync(join(distDir, 'index.html'))) return;
  const assetsDir = join(distDir, 'assets') + sep;
  const landingFile = join(distDir, 'landing.html');
  const landing = existsSync(landingFile) ? landingDocument(readFileSync(landingFile, 'utf8'), options.landing) : null;

  const serveFile = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      cacheControl: false,
      // serve-static hands over the Node response; Express's own (with `locals`) is the same object.
      setHeaders: (nodeResponse: ServerResponse, path: string) => {
        const res = nodeResponse as Response;
        const original = path.replace(/\.(br|gz)$/, '');
        if (original.startsWith(assetsDir)) res.setHeader('Cache-Control', IMMUTABLE);
        else if (HTML_PAGES.has(relative(distDir, original))) res.setHeader('Cache-Control', REVALIDATE);
        else res.setHeader('Cache-Control', SHORT_LIVED);
        // express-static-gzip sets `Vary: Accept-Encoding` over what CORS had set (`Origin`): merge.
        mergeVary(res);
      },
    },
  }) as RequestHandler;

  const notFound = (res: Response) => {
    res.status(404).type('text/plain').setHeader('Cache-Control', 'no-store');
    res.send('Not found');
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isAppRequest(req)) return next();
    const file = basename(req.path);
    if (options.production && file.endsWith('.map')) return notFound(res);
    // The build's landing.html is the template of the page at `/`: only the filled-in page is sent.
    if (req.path === '/landing.html') return landing ? sendLanding(req, res, landing) : notFound(res);
    res.locals[EARLIER_VARY] = res.getHeader('Vary');
    void serveFile(req, res, () => {
      // Not a file of the build: a hashed asset that is not there is a 404, anything else a route.
      if (req.path.startsWith('/assets/')) return notFound(res);
      next();
    });
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isAppRequest(req)) return next();
    const url = req.url;
    // One address, two documents: a cache must not hand a visitor's page to a signed-in user.
    if (req.path === '/') res.locals[VARY_BY_COOKIE] = true;
    res.locals[EARLIER_VARY] = res.getHeader('Vary');
    if (landing && req.path === '/' && !options.isSignedIn(req)) return sendLanding(req, res, landing);
    req.url = '/index.html';
    void serveFile(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  });
}

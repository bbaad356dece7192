import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, serveWebApp } from '../src/infra/http/static-assets';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-Ab12.js"></script></head></html>\n';
/** The prerendered page as the build leaves it: the configuration's defaults, filled in at start-up. */
const LANDING =
  '<!doctype html><html><body><h1>Keep your professional network warm.</h1>' +
  '<p>Start with <span data-free-plan-cards="">25</span> free cards</p>' +
  '<a hidden="" target="_blank" data-config-link="newsletter_url">Newsletter</a></body></html>\n';
/** LANDING as this server sends it (landing-page.spec.ts covers every rule of the filling). */
const LANDING_SENT =
  '<!doctype html><html><body><h1>Keep your professional network warm.</h1>' +
  '<p>Start with <span data-free-plan-cards="">40</span> free cards</p>' +
  '<a href="https://news.example.org/" target="_blank" data-config-link="newsletter_url">Newsletter</a></body></html>\n';
const BEST = { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } };
const LANDING_SETTINGS = {
  support_email: 'help@example.org',
  newsletter_url: 'https://news.example.org/',
  linkedin_company_url: '',
  free_plan_card_limit: 40,
};
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT);
const INDEX_GZ = gzipSync(INDEX);

/** A built SPA as Vite and the compression plugin leave it: each file with its .br and .gz. */
function writeBuild(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': INDEX,
    'landing.html': LANDING,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/app-Ab12.js': SCRIPT,
    'assets/app-Ab12.js.map': '{"version":3,"sources":[],"mappings":""}',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'assets/app-Ab12.js.br'), SCRIPT_BR);
  writeFileSync(join(dir, 'assets/app-Ab12.js.gz'), SCRIPT_GZ);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dir, 'index.html.gz'), INDEX_GZ);
  writeFileSync(join(dir, 'landing.html.gz'), gzipSync(LANDING));
}

/**
 * The body as a Buffer. superagent decodes gzip and brotli itself (and fails on a body that is not
 * what its Content-Encoding says); Content-Length tells which file went over the wire.
 */
function rawBody(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

function appFor(dist: string, production: boolean) {
  const app = express();
  // These tests mark a signed-in request with a header; the app asks its session.
  serveWebApp(app, dist, {
    production,
    isSignedIn: (req) => req.headers['x-test-signed-in'] === 'yes',
    landing: LANDING_SETTINGS,
  });
  app.use('/api', (_req, res) => {
    res.json({ reached: 'api' });
  });
  app.use('/calendar', (_req, res) => {
    res.json({ reached: 'calendar' });
  });
  return app;
}

describe('serving the built SPA', () => {
  let dist: string;
  let production: express.Express;
  let development: express.Express;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'tend-static-'));
    writeBuild(dist);
    production = appFor(dist, true);
    development = appFor(dist, false);
  });

  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sends brotli to a browser that accepts it, cached for a year, varying by encoding', async () => {
    const res = await request(production)
      .get('/assets/app-Ab12.js')
      .set('Accept-Encoding', 'gzip, deflate, br, zstd')
      .buffer(true)
      .parse(rawBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(SCRIPT_BR.length);
    expect((res.body as Buffer).toString()).toBe(SCRIPT);
  });

  it('keeps what CORS put in Vary (a module script is fetched with an Origin header)', async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader('Vary', 'Origin');
      next();
    });
    serveWebApp(app, dist, { production: true, isSignedIn: () => false, landing: LANDING_SETTINGS });
    const res = await request(app).get('/assets/app-Ab12.js').set('Accept-Encoding', 'br');
    expect(res.headers['vary']).toBe('Origin, Accept-Encoding');
  });

  it('sends gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await request(production)
        .get('/assets/app-Ab12.js')
        .set('Accept-Encoding', accept)
        .buffer(true)
        .parse(rawBody);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(Number(res.headers['content-length']), accept).toBe(SCRIPT_GZ.length);
      expect((res.body as Buffer).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file itself when no encoding is accepted', async () => {
    const res = await request(production)
      .get('/assets/app-Ab12.js')
      .set('Accept-Encoding', 'identity')
      .buffer(true)
      .parse(rawBody);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    expect((res.body as Buffer).toString()).toBe(SCRIPT);
  });

  it('answers every client-side route with index.html, compressed and revalidated', async () => {
    for (const path of ['/kanban', '/kanban/12', '/reset-password/a%40b.c/token']) {
      const res = await request(production).get(path).set('Accept-Encoding', 'gzip').buffer(true).parse(rawBody);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^text\/html; charset=utf-8$/i);
      expect(res.headers['content-encoding'], path).toBe('gzip');
      expect(res.headers['cache-control'], path).toBe(REVALIDATE);
      expect(Number(res.headers['content-length']), path).toBe(INDEX_GZ.length);
      expect((res.body as Buffer).toString(), path).toBe(INDEX);
    }
    const direct = await request(production).get('/index.html').set('Accept-Encoding', 'identity');
    expect(direct.headers['cache-control']).toBe(REVALIDATE);
    expect(direct.text).toBe(INDEX);
  });

  it("answers / with the prerendered landing page, filled in with the server's values, to a visitor and with the app when signed in", async () => {
    const visitor = await request(production).get('/').set('Accept-Encoding', 'gzip');
    expect(visitor.status).toBe(200);
    expect(visitor.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(visitor.headers['content-encoding']).toBe('gzip');
    expect(visitor.headers['cache-control']).toBe(REVALIDATE);
    expect(visitor.headers['vary']).toBe('Accept-Encoding, Cookie');
    expect(visitor.text).toBe(LANDING_SENT);

    // Brotli when accepted, the page itself when no encoding is; a revalidation is answered 304.
    const brotli = await request(production).get('/').set('Accept-Encoding', 'br, gzip').buffer(true).parse(rawBody);
    expect(brotli.headers['content-encoding']).toBe('br');
    // superagent decodes the body; its length on the wire is that of the brotli file.
    expect(Number(brotli.headers['content-length'])).toBe(brotliCompressSync(LANDING_SENT, BEST).length);
    expect((brotli.body as Buffer).toString()).toBe(LANDING_SENT);
    const plain = await request(production).get('/').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(LANDING_SENT);
    const etag = plain.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await request(production).get('/').set('Accept-Encoding', 'identity').set('If-None-Match', etag!);
    expect(again.status).toBe(304);
    // The build's file is only the template: asked for by name, it is the filled-in page too.
    expect((await request(production).get('/landing.html').set('Accept-Encoding', 'identity')).text).toBe(LANDING_SENT);

    const member = await request(production).get('/').set('Accept-Encoding', 'gzip').set('x-test-signed-in', 'yes');
    expect(member.headers['cache-control']).toBe(REVALIDATE);
    expect(member.headers['vary']).toBe('Accept-Encoding, Cookie');
    expect(member.text).toBe(INDEX);

    // Every other route is the app, for visitors too.
    expect((await request(production).get('/signup')).text).toBe(INDEX);
  });

  it('keeps a short cache for unhashed files at the root', async () => {
    const res = await request(production).get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a missing asset instead of index.html', async () => {
    const res = await request(production).get('/assets/app-Old9.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
  });

  it('builds source maps but serves them only outside production', async () => {
    expect((await request(production).get('/assets/app-Ab12.js.map')).status).toBe(404);
    const dev = await request(development).get('/assets/app-Ab12.js.map');
    expect(dev.status).toBe(200);
    expect(dev.text).toContain('"version":3');
  });

  it('never answers API paths from the file system', async () => {
    const res = await request(production).get('/api/anything');
    expect(res.body).toEqual({ reached: 'api' });
    // A calendar app polling a feed's address must get the feed (or its 404), never the SPA.
    const feed = await request(production).get(`/calendar/${'a'.repeat(43)}.ics`);
    expect(feed.body).toEqual({ reached: 'calendar' });
  });
});

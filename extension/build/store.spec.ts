// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildManifest, ICON_SIZES } from './manifest';
import {
  checkStoreFolder,
  pngSize,
  renderStoreIcon,
  STORE_PERMISSIONS,
  STORE_SCREENSHOT,
  writeStoreFolder,
  zipEntries,
  zipName,
} from './store';
import { STORE_SHORT_DESCRIPTION_MAX, storeListing, type StoreListing } from './store-listing';

const REPO = resolve(import.meta.dirname, '..', '..');
const ORIGIN = 'https://tend.example.com';
const work: string[] = [];

afterEach(() => {
  for (const dir of work.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tend-store-'));
  work.push(dir);
  return dir;
}

/** A built extension (what dist/ holds) and one screenshot, then the store folder written from them. */
async function written(): Promise<string> {
  const root = tempDir();
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const manifest = buildManifest({ appOrigin: ORIGIN, version: '1.2.3' });
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify(manifest));
  for (const file of ['popup.html', 'background.js', 'content.js', 'assets/popup.js'])
    writeFileSync(join(dist, file), '');
  const shots = join(root, 'shots');
  mkdirSync(shots);
  await sharp({ create: { ...STORE_SCREENSHOT, channels: 3, background: { r: 240, g: 240, b: 240 } } })
    .png()
    .toFile(join(shots, '1-save.png'));
  const out = join(root, 'store');
  await writeStoreFolder({ distDir: dist, outDir: out, screenshotsDir: shots, appOrigin: ORIGIN, version: '1.2.3' });
  return out;
}

describe('the Chrome Web Store folder', () => {
  it('holds the zip, every icon size, the store icon, the screenshots and the listing', async () => {
    const out = await written();
    expect(checkStoreFolder(out, '1.2.3')).toEqual([]);
    expect(readdirSync(join(out, 'icons')).sort()).toEqual(
      [...ICON_SIZES.map((size) => `icon-${size}.png`), 'store-icon-128.png'].sort(),
    );
    for (const size of ICON_SIZES) {
      expect(pngSize(readFileSync(join(out, 'icons', `icon-${size}.png`)))).toEqual({ width: size, height: size });
    }
    expect(zipEntries(readFileSync(join(out, zipName('1.2.3'))))).toEqual([
      'assets/popup.js',
      'background.js',
      'content.js',
      'manifest.json',
      'popup.html',
    ]);
    const listing = JSON.parse(readFileSync(join(out, 'listing.json'), 'utf8')) as StoreListing;
    expect(listing.privacy.policyUrl).toBe(`${ORIGIN}/privacy-policy`);
    const markdown = readFileSync(join(out, 'listing.md'), 'utf8');
    for (const text of [
      listing.shortDescription,
      listing.singlePurpose,
      ...listing.permissions.map((p) => p.justification),
    ]) {
      expect(markdown).toContain(text);
    }
  });

  it('says what is missing or the wrong size', async () => {
    const out = await written();
    rmSync(join(out, 'screenshots', '1-save.png'));
    writeFileSync(join(out, 'icons', 'icon-48.png'), readFileSync(join(out, 'icons', 'icon-32.png')));
    rmSync(join(out, 'listing.md'));
    expect(checkStoreFolder(out, '1.2.3')).toEqual([
      'icons/icon-48.png must be a 48x48 PNG (is 32x32)',
      'screenshots/ holds no screenshot (run the extension journey with SCREENSHOTS=1)',
      'listing.md is missing',
    ]);
    expect(checkStoreFolder(out, '9.9.9')).toContain('tend-extension-9.9.9.zip is missing');
  });

  it('draws the store icon as 96 px of artwork in 16 px of transparent margin', async () => {
    const { data, info } = await sharp(renderStoreIcon()).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([128, 128, 4]);
    const alpha = (x: number, y: number) => data[(y * 128 + x) * 4 + 3];
    expect([alpha(8, 64), alpha(64, 8), alpha(120, 64), alpha(64, 120)]).toEqual([0, 0, 0, 0]);
    expect([alpha(20, 64), alpha(64, 20), alpha(64, 64)]).toEqual([255, 255, 255]);
  });

  it('keeps the screenshots the browser journey took from the real popup, each 1280x800', () => {
    const dir = join(REPO, 'extension', 'store-screenshots');
    const shots = readdirSync(dir).filter((name) => name.endsWith('.png'));
    expect(shots.length).toBeGreaterThan(0);
    for (const shot of shots) {
      expect(pngSize(readFileSync(join(dir, shot))), shot).toEqual({ width: 1280, height: 800 });
    }
  });
});

describe('the listing', () => {
  const listing = storeListing(ORIGIN);

  it('justifies exactly the manifest’s permissions and its host access', () => {
    const manifest = buildManifest({ appOrigin: ORIGIN, version: '1.0.0' });
    expect(manifest.permissions).toEqual([...STORE_PERMISSIONS]);
    expect(listing.permissions.map((p) => p.permission)).toEqual([
      ...manifest.permissions,
      `Host permission: ${manifest.host_permissions[0]}`,
    ]);
    expect(manifest.description).toBe(listing.shortDescription);
    expect(listing.shortDescription.length).toBeLessThanOrEqual(STORE_SHORT_DESCRIPTION_MAX);
  });

  it('declares privacy practices that say what the app’s privacy page says', () => {
    const privacyPage = readFileSync(join(REPO, 'web', 'src', 'features', 'landing', 'legal-content.ts'), 'utf8');
    for (const sentence of listing.privacy.policySentences) expect(privacyPage).toContain(sentence);
    expect(listing.privacy.dataCollected.map((d) => d.category)).toEqual([
      'Personally identifiable information',
      'Authentication information',
      'Website content',
    ]);
    expect(listing.remoteCode.uses).toBe(false);
  });
});

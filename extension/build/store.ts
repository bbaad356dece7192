/**
 * extension/store/: everything a Chrome Web Store submission asks for, written by the build next to
 * dist/ (docs/OPERATIONS.md says how to publish it):
 *
 *   tend-extension-<version>.zip   dist/ with manifest.json at the zip's root (what the store takes)
 *   icons/icon-{16,32,48,128}.png  the manifest's icons
 *   icons/store-icon-128.png       the store's icon: 96 px of artwork in 16 px of transparent margin
 *   screenshots/*.png              1280x800, taken from the real popup by web/e2e/extension.e2e.ts
 *                                  (SCREENSHOTS=1) into extension/store-screenshots/, copied here
 *   listing.md, listing.json       the texts (store-listing.ts)
 *
 * `checkStoreFolder` lists what is missing or wrong; the build fails on any of it, and
 * build/store.spec.ts checks a folder written from scratch.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ZipFile } from 'yazl';
import { renderIcon } from './icons.ts';
import { ICON_SIZES } from './manifest.ts';
import { listingMarkdown, STORE_SHORT_DESCRIPTION_MAX, storeListing, type StoreListing } from './store-listing.ts';

/** The store's screenshot size (it also takes 640x400; Tend gives the larger). */
export const STORE_SCREENSHOT = { width: 1280, height: 800 } as const;
export const STORE_SCREENSHOTS_MAX = 5;
/** Chrome's three API permissions, each of which the listing must justify. */
export const STORE_PERMISSIONS = ['activeTab', 'scripting', 'storage'] as const;

export interface StoreInput {
  distDir: string;
  outDir: string;
  screenshotsDir: string;
  appOrigin: string;
  version: string;
}

export const zipName = (version: string) => `tend-extension-${version}.zip`;

/** The store icon: the same drawing at 96 px, centred in 128 px of transparent margin (the store's guideline). */
export function renderStoreIcon(): Buffer {
  return renderIcon(128, 16);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

async function zipFolder(dir: string): Promise<Buffer> {
  const zip = new ZipFile();
  for (const path of filesUnder(dir)) {
    zip.addBuffer(readFileSync(join(dir, path)), path, { mtime: new Date('2025-01-01T00:00:00Z') });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function writeStoreFolder(input: StoreInput): Promise<void> {
  const { outDir } = input;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'icons'), { recursive: true });
  mkdirSync(join(outDir, 'screenshots'), { recursive: true });
  writeFileSync(join(outDir, zipName(input.version)), await zipFolder(input.distDir));
  for (const size of ICON_SIZES) writeFileSync(join(outDir, 'icons', `icon-${size}.png`), renderIcon(size));
  writeFileSync(join(outDir, 'icons', 'store-icon-128.png'), renderStoreIcon());
  if (existsSync(input.screenshotsDir)) {
    for (const file of readdirSync(input.screenshotsDir)
      .filter((name) => name.endsWith('.png'))
      .sort()) {
      copyFileSync(join(input.screenshotsDir, file), join(outDir, 'screenshots', file));
    }
  }
  const listing = storeListing(input.appOrigin);
  writeFileSync(join(outDir, 'listing.json'), `${JSON.stringify(listing, null, 2)}\n`);
  writeFileSync(join(outDir, 'listing.md'), listingMarkdown(listing));
}

/** Width and height from a PNG's header; null when the bytes are not a PNG. */
export function pngSize(data: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (data.length < 24 || !data.subarray(0, 8).equals(signature) || data.toString('ascii', 12, 16) !== 'IHDR') {
    return null;
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** The names in a zip's central directory (enough to check what the store will unpack). */
export function zipEntries(data: Buffer): string[] {
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) return [];
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count && data.readUInt32LE(at) === 0x02014b50; i++) {
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    names.push(data.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** What a submission from `dir` would lack or have wrong; empty when it is complete. */
export function checkStoreFolder(dir: string, version: string): string[] {
  const problems: string[] = [];
  const png = (path: string, width: number, height: number) => {
    const file = join(dir, path);
    if (!existsSync(file)) return problems.push(`${path} is missing`);
    const size = pngSize(readFileSync(file));
    if (!size || size.width !== width || size.height !== height) {
      problems.push(
        `${path} must be a ${width}x${height} PNG (is ${size ? `${size.width}x${size.height}` : 'not a PNG'})`,
      );
    }
    return 0;
  };
  for (const size of ICON_SIZES) png(`icons/icon-${size}.png`, size, size);
  png('icons/store-icon-128.png', 128, 128);

  const shots = existsSync(join(dir, 'screenshots'))
    ? readdirSync(join(dir, 'screenshots')).filter((name) => name.endsWith('.png'))
    : [];
  if (shots.length === 0)
    problems.push('screenshots/ holds no screenshot (run the extension journey with SCREENSHOTS=1)');
  if (shots.length > STORE_SCREENSHOTS_MAX)
    problems.push(`the store takes at most ${STORE_SCREENSHOTS_MAX} screenshots`);
  for (const shot of shots) png(`screenshots/${shot}`, STORE_SCREENSHOT.width, STORE_SCREENSHOT.height);

  const zipFile = join(dir, zipName(version));
  if (!existsSync(zipFile)) {
    problems.push(`${zipName(version)} is missing`);
  } else {
    const entries = zipEntries(readFileSync(zipFile));
    for (const needed of ['manifest.json', 'popup.html', 'background.js', 'content.js']) {
      if (!entries.includes(needed)) problems.push(`the zip has no ${needed} at its root`);
    }
  }

  if (!existsSync(join(dir, 'listing.md'))) problems.push('listing.md is missing');
  const listingFile = join(dir, 'listing.json');
  if (!existsSync(listingFile)) {
    problems.push('listing.json is missing');
    return problems;
  }
  const listing = JSON.parse(readFileSync(listingFile, 'utf8')) as StoreListing;
  const text = (value: unknown, what: string) => {
    if (typeof value !== 'string' || value.trim() === '') problems.push(`the listing has no ${what}`);
  };
  text(listing.shortDescription, 'short description');
  text(listing.longDescription, 'detailed description');
  text(listing.singlePurpose, 'single purpose');
  text(listing.privacy?.policyUrl, 'privacy policy address');
  if ((listing.shortDescription ?? '').length > STORE_SHORT_DESCRIPTION_MAX) {
    problems.push(`the short description is over ${STORE_SHORT_DESCRIPTION_MAX} characters`);
  }
  for (const permission of STORE_PERMISSIONS) {
    const justified = listing.permissions?.find((p) => p.permission === permission);
    if (!justified?.justification.trim()) problems.push(`the listing does not justify the ${permission} permission`);
  }
  if (!listing.permissions?.some((p) => p.permission.startsWith('Host permission') && p.justification.trim())) {
    problems.push('the listing does not justify the host permission');
  }
  if (!listing.privacy?.dataCollected?.length) problems.push('the listing declares no data usage');
  if (listing.privacy?.certifications?.length !== 3)
    problems.push('the listing does not make the three certifications');
  return problems;
}

import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { ZipFile } from 'yazl';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** `npm run build` writes the extension here (api/dist/modules/extension-tokens -> repo root). */
export const EXTENSION_DIST_DIR = resolve(__dirname, '..', '..', '..', '..', 'extension', 'dist');

export const EXTENSION_NOT_BUILT_MESSAGE =
  'The Chrome extension has not been built on this server. Run npm run build, then try again.';

/** Every file under `dir`, as paths relative to it with forward slashes, in a stable order. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * The manifest with its access given to this server's origin: the build grants the `APP_URL` it
 * was built with, and a download from this server must connect to this server (extension/README).
 */
export function manifestForOrigin(manifestJson: string, appOrigin: string): string {
  const manifest = JSON.parse(manifestJson) as Record<string, unknown>;
  const pattern = `${appOrigin}/*`;
  manifest['host_permissions'] = [pattern];
  manifest['externally_connectable'] = { matches: [pattern] };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * `GET /extension.zip`: the built extension (`extension/dist`, made by `npm run build`) as a zip
 * Chrome's 'Load unpacked' can use once unpacked, made on the first download and kept in memory.
 */
@Injectable()
export class ExtensionPackageService {
  private zip: Promise<Buffer> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The zip, or 404 when the extension was not built here. */
  package(distDir = EXTENSION_DIST_DIR): Promise<Buffer> {
    if (!existsSync(join(distDir, 'manifest.json'))) {
      return Promise.reject(new NotFoundException({ errors: [EXTENSION_NOT_BUILT_MESSAGE] }));
    }
    this.zip ??= this.build(distDir).catch((error: unknown) => {
      this.zip = null;
      throw error;
    });
    return this.zip;
  }

  private async build(distDir: string): Promise<Buffer> {
    const origin = new URL(this.config.appUrl).origin;
    const zip = new ZipFile();
    // One folder inside the zip: unpacking it gives a folder to pick in 'Load unpacked'.
    for (const path of await filesUnder(distDir)) {
      const data = await readFile(join(distDir, path));
      const content = path === 'manifest.json' ? Buffer.from(manifestForOrigin(data.toString('utf8'), origin)) : data;
      zip.addBuffer(content, `tend-extension/${path}`, { mtime: new Date('2025-01-01T00:00:00Z') });
    }
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

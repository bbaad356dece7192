import { Inject, Injectable } from '@nestjs/common';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const SAFE_KEY = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z]{3,4}$/;

/** Files under STORAGE_DIR, addressed by server-made keys such as `photos/<32 hex>.webp`. */
@Injectable()
export class FileStorage {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Refusing unsafe storage key ${key}`);
    return join(this.config.storageDir, key);
  }

  /**
   * For `res.sendFile(key, { root })`: the key stays relative to the storage folder, because
   * `send` refuses any absolute path that passes through a dot-folder (the default `.data/uploads`).
   */
  locate(key: string): { root: string; key: string } {
    this.pathOf(key);
    return { root: this.config.storageDir, key };
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, data, { mode: 0o600 });
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  /** A stream that writes a new file (its folder made first). */
  async writeStream(key: string): Promise<WriteStream> {
    const path = this.pathOf(key);
    await mkdir(join(path, '..'), { recursive: true });
    return createWriteStream(path, { mode: 0o600 });
  }

  /** The size of a stored file, or null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

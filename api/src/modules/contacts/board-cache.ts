import { Injectable } from '@nestjs/common';
import { gzipSync } from 'node:zlib';

export interface BoardSnapshot {
  json: Buffer;
  gzip: Buffer;
}

const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Serialized boards keyed by (user, board version, plan), least recently used out first. The
 * version comes from the user row the request already loaded, and every board write bumps it
 * in its own transaction, so a hit is never older than the database that request saw.
 */
@Injectable()
export class BoardCache {
  private readonly entries = new Map<string, BoardSnapshot>();
  private bytes = 0;

  async get(key: string, build: () => Promise<string>): Promise<BoardSnapshot> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const json = Buffer.from(await build());
    const snapshot = { json, gzip: gzipSync(json, { level: 4 }) };
    this.entries.set(key, snapshot);
    this.bytes += json.length + snapshot.gzip.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldKey);
      this.bytes -= old.json.length + old.gzip.length;
    }
    return snapshot;
  }
}

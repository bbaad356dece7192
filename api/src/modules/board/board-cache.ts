import { Injectable } from '@nestjs/common';
import { gzipSync } from 'node:zlib';

export interface BoardSnapshot {
  json: Buffer;
  gzip: Buffer;
}

const MAX_BYTES = 64 * 1024 * 1024;

function sizeOf(snapshot: BoardSnapshot): number {
  return snapshot.json.length + snapshot.gzip.length;
}

/**
 * Serialized boards keyed by (user, board version, plan), least recently used out first. The
 * version comes from the user row the request already loaded, and every board write bumps it
 * in its own transaction, so a hit is never older than the database that request saw.
 * Concurrent misses of one key share one build, and `bytes` always equals what the map holds.
 */
@Injectable()
export class BoardCache {
  private readonly entries = new Map<string, BoardSnapshot>();
  private readonly builds = new Map<string, Promise<BoardSnapshot>>();
  private held = 0;
  /** The bound on `bytes`; the oldest snapshots go first beyond it. */
  maxBytes = MAX_BYTES;

  /** Bytes of the snapshots held now (JSON and gzip). */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, build: () => Promise<string>): Promise<BoardSnapshot> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit);
    }
    const pending = this.builds.get(key);
    if (pending) return pending;
    const building = build()
      .then((text) => {
        const json = Buffer.from(text);
        const snapshot = { json, gzip: gzipSync(json, { level: 4 }) };
        this.store(key, snapshot);
        return snapshot;
      })
      .finally(() => this.builds.delete(key));
    this.builds.set(key, building);
    return building;
  }

  private store(key: string, snapshot: BoardSnapshot): void {
    const previous = this.entries.get(key);
    if (previous) this.held -= sizeOf(previous);
    this.entries.delete(key);
    this.entries.set(key, snapshot);
    this.held += sizeOf(snapshot);
    for (const [oldKey, old] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.held -= sizeOf(old);
    }
  }
}

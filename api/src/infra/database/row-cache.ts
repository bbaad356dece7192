import type { ChangedTable, RowChangeFeed } from './row-change-feed';

export interface RowCacheOptions {
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  /** A safety net only: changes evict entries at once through the feed. */
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

interface PendingLoad<V> {
  promise: Promise<V | undefined>;
  /** Set when the row changed while it was being read: the answer is used once, never kept. */
  stale: boolean;
}

/**
 * A read-through cache of database rows for the per-request reads (the session, the signed-in
 * user), kept correct by the row-change feed:
 * - a hit is served only while the feed is live;
 * - a change notice evicts the key, and a read that was in flight when it came is not kept;
 * - concurrent misses of one key share one database read, so a cold key under load is one query.
 * Values must be treated as immutable by callers.
 */
export class RowCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loads = new Map<string, PendingLoad<V>>();

  private subscribed = false;

  constructor(
    private readonly feed: RowChangeFeed,
    private readonly table: ChangedTable,
    private readonly options: RowCacheOptions,
  ) {}

  /**
   * The cached value, or `load()`'s. `expiresAt` lets a value end sooner than the TTL (a session
   * whose cookie expires).
   */
  async get(key: string, load: () => Promise<V | undefined>, expiresAt?: (value: V) => number): Promise<V | undefined> {
    // Subscribing on first use keeps roles that never read (worker, scheduler) off the feed.
    if (!this.subscribed) {
      this.subscribed = true;
      this.feed.onChange(this.table, (key) => this.evict(key));
      this.feed.onReset(() => this.clear());
    }
    const hit = this.entries.get(key);
    if (hit) {
      if (this.feed.live && hit.expiresAt > Date.now()) return hit.value;
      this.entries.delete(key);
    }
    const joined = this.loads.get(key);
    if (joined) return joined.promise;

    const cacheable = this.feed.live;
    const pending: PendingLoad<V> = { promise: load(), stale: false };
    this.loads.set(key, pending);
    try {
      const value = await pending.promise;
      if (value !== undefined && cacheable && !pending.stale && this.feed.live) {
        const ttlEnd = Date.now() + this.options.ttlMs;
        this.store(key, { value, expiresAt: Math.min(ttlEnd, expiresAt?.(value) ?? ttlEnd) });
      }
      return value;
    } finally {
      if (this.loads.get(key) === pending) this.loads.delete(key);
    }
  }

  evict(key: string): void {
    this.entries.delete(key);
    const pending = this.loads.get(key);
    if (pending) {
      pending.stale = true;
      // Later readers must not join a read that may predate the change.
      this.loads.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    for (const pending of this.loads.values()) pending.stale = true;
    this.loads.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

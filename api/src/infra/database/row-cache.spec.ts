import { describe, expect, it } from 'vitest';
import { RowCache } from './row-cache';
import type { ChangedTable, RowChangeFeed } from './row-change-feed';

/** Just the feed's surface the cache uses: liveness and the two kinds of notice. */
class FeedDouble {
  live = true;
  private readonly changed: ((key: string) => void)[] = [];
  private readonly resets: (() => void)[] = [];
  onChange(_table: ChangedTable, listener: (key: string) => void): void {
    this.changed.push(listener);
  }
  onReset(listener: () => void): void {
    this.resets.push(listener);
  }
  change(key: string): void {
    for (const listener of this.changed) listener(key);
  }
  reset(): void {
    for (const listener of this.resets) listener();
  }
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setUp(maxEntries = 10) {
  const feed = new FeedDouble();
  const cache = new RowCache<string>(feed as unknown as RowChangeFeed, 'user', { maxEntries, ttlMs: 60_000 });
  let reads = 0;
  const load = (value: string) => () => {
    reads += 1;
    return Promise.resolve(value);
  };
  return { feed, cache, load, reads: () => reads };
}

describe('RowCache', () => {
  it('reads once, then answers from memory until the row changes', async () => {
    const { feed, cache, load, reads } = setUp();
    expect(await cache.get('1', load('a'))).toBe('a');
    expect(await cache.get('1', load('b'))).toBe('a');
    expect(reads()).toBe(1);
    feed.change('1');
    expect(await cache.get('1', load('b'))).toBe('b');
    expect(reads()).toBe(2);
  });

  it('shares one read among concurrent misses of a key', async () => {
    const { cache } = setUp();
    const read = deferred<string>();
    let reads = 0;
    const load = () => {
      reads += 1;
      return read.promise;
    };
    const answers = Promise.all([cache.get('1', load), cache.get('1', load), cache.get('1', load)]);
    read.resolve('a');
    expect(await answers).toEqual(['a', 'a', 'a']);
    expect(reads).toBe(1);
  });

  it('does not keep a read that was in flight when the row changed, nor let later readers join it', async () => {
    const { feed, cache } = setUp();
    const stale = deferred<string>();
    const first = cache.get('1', () => stale.promise);
    feed.change('1');
    const second = cache.get('1', () => Promise.resolve('fresh'));
    stale.resolve('stale');
    expect(await first).toBe('stale');
    expect(await second).toBe('fresh');
    expect(await cache.get('1', () => Promise.resolve('unused'))).toBe('fresh');
  });

  it('keeps nothing while the feed is down and forgets everything when it resets', async () => {
    const { feed, cache, load, reads } = setUp();
    await cache.get('1', load('a'));
    feed.live = false;
    feed.reset();
    expect(cache.size).toBe(0);
    await cache.get('1', load('a'));
    await cache.get('1', load('a'));
    expect(reads()).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('ends an entry at its own expiry when that comes before the TTL', async () => {
    const { cache, load, reads } = setUp();
    await cache.get('1', load('a'), () => Date.now() - 1);
    await cache.get('1', load('a'), () => Date.now() - 1);
    expect(reads()).toBe(2);
  });

  it('drops the least recently stored entry beyond its bound, and never caches a missing row', async () => {
    const { cache, reads } = setUp(2);
    let count = 0;
    const load = (value: string | undefined) => () => {
      count += 1;
      return Promise.resolve(value);
    };
    await cache.get('1', load('a'));
    await cache.get('2', load('b'));
    await cache.get('3', load('c'));
    expect(cache.size).toBe(2);
    await cache.get('1', load('a'));
    expect(count).toBe(4);
    await cache.get('none', load(undefined));
    await cache.get('none', load(undefined));
    expect(count).toBe(6);
    expect(reads()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { BoardCache } from './board-cache';

function deferred(): { promise: Promise<string>; resolve: (value: string) => void } {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

describe('BoardCache', () => {
  it('builds once for concurrent misses of a key and counts its bytes once', async () => {
    const cache = new BoardCache();
    const json = deferred();
    let builds = 0;
    const build = () => {
      builds += 1;
      return json.promise;
    };
    const answers = Promise.all([
      cache.get('1:1:all', build),
      cache.get('1:1:all', build),
      cache.get('1:1:all', build),
    ]);
    json.resolve('[{"id":1,"name":"Ada"}]');
    const [first, second, third] = await answers;
    expect(builds).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe((first?.json.length ?? 0) + (first?.gzip.length ?? 0));
  });

  it('keeps its byte count equal to what it holds while evicting the oldest boards', async () => {
    const cache = new BoardCache();
    const one = await cache.get('a', () => Promise.resolve('x'.repeat(1_000)));
    cache.maxBytes = 3 * (one.json.length + one.gzip.length);
    for (const key of ['b', 'c', 'd', 'e']) await cache.get(key, () => Promise.resolve('x'.repeat(1_000)));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * (one.json.length + one.gzip.length));
    // The oldest went first: 'a' is built again.
    let rebuilt = false;
    await cache.get('a', () => {
      rebuilt = true;
      return Promise.resolve('x'.repeat(1_000));
    });
    expect(rebuilt).toBe(true);
  });

  it('forgets a failed build so the next request tries again', async () => {
    const cache = new BoardCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('k', () => Promise.resolve('[]'))).json.toString()).toBe('[]');
    expect(cache.size).toBe(1);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertionIndex, renumber, sortColumn } from './board-order';

describe('board order', () => {
  it('sorts by vertical order descending, ties by id', () => {
    const sorted = sortColumn([
      { id: 3, verticalOrder: 1 },
      { id: 1, verticalOrder: 2 },
      { id: 2, verticalOrder: 1 },
    ]);
    expect(sorted.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('renumbers as length - index - 1', () => {
    expect([...renumber([7, 5, 9]).entries()]).toEqual([
      [7, 2],
      [5, 1],
      [9, 0],
    ]);
  });

  it('maps a shown index to the full column around hidden cards', () => {
    const column = [1, 2, 3, 4];
    const visible = new Set([2, 4]);
    expect(insertionIndex(column, visible, 0)).toBe(1);
    expect(insertionIndex(column, visible, 1)).toBe(3);
    expect(insertionIndex(column, visible, 2)).toBe(4);
    expect(insertionIndex(column, new Set<number>(), 0)).toBe(0);
    expect(insertionIndex(column, null, 9)).toBe(4);
  });

  it('always yields a permutation of 0..n-1', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 60 }), (ids) => {
        const orders = [...renumber(ids).values()].sort((a, b) => a - b);
        expect(orders).toEqual(ids.map((_, i) => i));
      }),
    );
  });
});

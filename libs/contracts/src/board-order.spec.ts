import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBoardOrder, insertionIndex, moveOrders, renumber } from './board-order';

describe('board order', () => {
  it('sorts by vertical order descending, ties by id ascending', () => {
    const tied = [
      { id: 9, vertical_order: 1 },
      { id: 4, vertical_order: 1 },
      { id: 7, vertical_order: 5 },
    ];
    expect([...tied].sort(compareBoardOrder).map((card) => card.id)).toEqual([7, 4, 9]);
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
    expect(insertionIndex(column, null, -3)).toBe(0);
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

describe('moveOrders', () => {
  /** The column's ids top to bottom under the given orders. */
  const column = (orders: Map<number, number>, ids: readonly number[]) =>
    ids
      .map((id) => ({ id, vertical_order: orders.get(id) ?? -1 }))
      .sort(compareBoardOrder)
      .map((card) => card.id);

  it('reorders inside a column', () => {
    const orders = moveOrders({ cardId: 3, from: [1, 2, 3], index: 0 });
    expect(column(orders, [1, 2, 3])).toEqual([3, 1, 2]);
    expect([...orders.values()].sort()).toEqual([0, 1, 2]);
  });

  it('moves across columns and renumbers both', () => {
    const orders = moveOrders({ cardId: 2, from: [1, 2, 3], to: [4, 5], index: 1 });
    expect(column(orders, [1, 3])).toEqual([1, 3]);
    expect([orders.get(1), orders.get(3)]).toEqual([1, 0]);
    expect(column(orders, [4, 2, 5])).toEqual([4, 2, 5]);
    expect([orders.get(4), orders.get(2), orders.get(5)]).toEqual([2, 1, 0]);
  });

  it('enters an empty column, and an index past the end lands at the bottom', () => {
    expect([...moveOrders({ cardId: 1, from: [1, 2], to: [], index: 0 })]).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(column(moveOrders({ cardId: 1, from: [1], to: [4, 5], index: 99 }), [1, 4, 5])).toEqual([4, 5, 1]);
  });

  it('counts only the visible cards of a limited plan', () => {
    // 8 and 9 are hidden: index 1 among the shown (6, 7) is before 7.
    const orders = moveOrders({ cardId: 1, from: [1], to: [6, 8, 7, 9], index: 1, visible: new Set([1, 6, 7]) });
    expect(column(orders, [1, 6, 7, 8, 9])).toEqual([6, 8, 1, 7, 9]);
  });

  it('always leaves both columns a permutation of 0..n-1 holding the same cards (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 30 }),
        fc.nat(40),
        fc.nat(40),
        fc.boolean(),
        (ids, split, index, across) => {
          const from = ids.slice(0, Math.max(1, split % (ids.length + 1)));
          const to = ids.slice(from.length);
          const cardId = from[index % from.length] as number;
          const orders = moveOrders({ cardId, from, to: across ? to : undefined, index });
          const source = across ? from.filter((id) => id !== cardId) : from;
          const destination = across ? [...to, cardId] : [];
          for (const group of [source, destination]) {
            expect(group.map((id) => orders.get(id)).sort((a, b) => (a ?? -1) - (b ?? -1))).toEqual(
              group.map((_, i) => i),
            );
          }
        },
      ),
    );
  });
});

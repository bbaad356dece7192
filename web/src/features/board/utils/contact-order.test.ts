import { describe, expect, it } from 'vitest';
import { makeContact } from '@/test/fixtures';
import { applyMove, groupContactsByTier, mergeContacts } from './contact-order';

/** Column ids top to bottom, as the board shows them. */
function column(contacts: ReturnType<typeof makeContact>[], tierId: number): number[] {
  return (groupContactsByTier(contacts).get(tierId) ?? []).map((contact) => contact.id);
}

function orders(contacts: ReturnType<typeof makeContact>[], tierId: number): number[] {
  return (groupContactsByTier(contacts).get(tierId) ?? []).map((contact) => contact.vertical_order);
}

// Column 1 (top to bottom): 1, 2, 3; column 2: 4, 5.
const board = [
  makeContact({ id: 3, tier_id: 1, vertical_order: 0 }),
  makeContact({ id: 1, tier_id: 1, vertical_order: 2 }),
  makeContact({ id: 2, tier_id: 1, vertical_order: 1 }),
  makeContact({ id: 5, tier_id: 2, column_order: 1, vertical_order: 0 }),
  makeContact({ id: 4, tier_id: 2, column_order: 1, vertical_order: 1 }),
];

describe('board order', () => {
  it('groups contacts by tier', () => {
    expect(column(board, 1)).toEqual([1, 2, 3]);
    expect(column(board, 2)).toEqual([4, 5]);
    expect(groupContactsByTier(board).get(3)).toBeUndefined();
  });

  it('leaves people in the network out of the columns, and never moves them', () => {
    const inNetwork = makeContact({ id: 9, on_board: false, tier_id: null, column_order: null, vertical_order: 0 });
    const grouped = groupContactsByTier([...board, inNetwork]);
    expect([...grouped.values()].flat().map((contact) => contact.id)).not.toContain(9);
    expect(grouped.size).toBe(2);
    const unchanged = applyMove([...board, inNetwork], { contactId: 9, tierId: 1, index: 0, columnOrder: 0 });
    expect(unchanged).toEqual([...board, inNetwork]);
  });
});

describe('applyMove', () => {
  it('reorders within a column and renumbers it as length - index - 1', () => {
    const moved = applyMove(board, { contactId: 3, tierId: 1, index: 0, columnOrder: 0 });
    expect(column(moved, 1)).toEqual([3, 1, 2]);
    expect(orders(moved, 1)).toEqual([2, 1, 0]);
    expect(column(moved, 2)).toEqual([4, 5]);
  });

  it('moves across columns, setting tier and column order and renumbering both columns', () => {
    const moved = applyMove(board, { contactId: 2, tierId: 2, index: 1, columnOrder: 1 });
    expect(column(moved, 1)).toEqual([1, 3]);
    expect(orders(moved, 1)).toEqual([1, 0]);
    expect(column(moved, 2)).toEqual([4, 2, 5]);
    expect(orders(moved, 2)).toEqual([2, 1, 0]);
    expect(moved.find((contact) => contact.id === 2)).toMatchObject({ tier_id: 2, column_order: 1, vertical_order: 1 });
  });

  it('accepts an empty destination column', () => {
    const moved = applyMove(board, { contactId: 1, tierId: 3, index: 0, columnOrder: 2 });
    expect(column(moved, 3)).toEqual([1]);
    expect(orders(moved, 3)).toEqual([0]);
    expect(column(moved, 1)).toEqual([2, 3]);
  });

  it('clamps an index past the end to the bottom', () => {
    const moved = applyMove(board, { contactId: 1, tierId: 2, index: 99, columnOrder: 1 });
    expect(column(moved, 2)).toEqual([4, 5, 1]);
    expect(orders(moved, 2)).toEqual([2, 1, 0]);
  });

  it('resolves tied orders by id before moving, the way the server reads the column', () => {
    const tied = [
      makeContact({ id: 8, tier_id: 1, vertical_order: 0 }),
      makeContact({ id: 6, tier_id: 1, vertical_order: 0 }),
      makeContact({ id: 7, tier_id: 1, vertical_order: 0 }),
    ];
    const moved = applyMove(tied, { contactId: 8, tierId: 1, index: 1, columnOrder: 0 });
    expect(column(moved, 1)).toEqual([6, 8, 7]);
    expect(orders(moved, 1)).toEqual([2, 1, 0]);
  });

  it('keeps untouched contacts as the same objects and does not change the input', () => {
    const before = structuredClone(board);
    const moved = applyMove(board, { contactId: 1, tierId: 1, index: 1, columnOrder: 0 });
    expect(board).toEqual(before);
    expect(column(moved, 1)).toEqual([2, 1, 3]);
    // 3 keeps its order and column 2 is untouched: the same objects come back.
    for (const id of [3, 4, 5]) {
      expect(moved.find((contact) => contact.id === id)).toBe(board.find((contact) => contact.id === id));
    }
  });

  it('returns the list unchanged for an unknown contact', () => {
    expect(applyMove(board, { contactId: 99, tierId: 2, index: 0, columnOrder: 1 })).toEqual(board);
  });
});

describe('mergeContacts', () => {
  it("replaces contacts by id and ignores ones the list does not show (a free plan's hidden cards)", () => {
    const answer = [
      makeContact({ id: 2, tier_id: 2, vertical_order: 5 }),
      makeContact({ id: 42, tier_id: 2, vertical_order: 9 }),
    ];
    const merged = mergeContacts(board, answer);
    expect(merged).toHaveLength(board.length);
    expect(merged.find((contact) => contact.id === 2)).toBe(answer[0]);
    expect(merged.some((contact) => contact.id === 42)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { makeContact, makeUser } from '@/test/fixtures';
import { matchesFilter, visibleColumnIds } from './board-filter';
import { dropIndexInColumn } from './drop-index';
import { isAtFreePlanLimit, isTrialExpired } from './free-plan';

describe('matchesFilter', () => {
  const ada = makeContact({ name: 'Ada Lovelace', title: 'Analyst', company: 'Analytical Engines Ltd' });

  it('matches name, title and company, case-insensitively', () => {
    expect(matchesFilter(ada, 'lovelace')).toBe(true);
    expect(matchesFilter(ada, 'ANALYST')).toBe(true);
    expect(matchesFilter(ada, 'engines')).toBe(true);
    expect(matchesFilter(ada, 'babbage')).toBe(false);
  });

  it('ignores surrounding spaces and matches everything when empty', () => {
    expect(matchesFilter(ada, '  ada ')).toBe(true);
    expect(matchesFilter(ada, '   ')).toBe(true);
  });

  it('does not match on missing title or company', () => {
    const bare = makeContact({ name: 'Plato', title: null, company: null });
    expect(matchesFilter(bare, 'null')).toBe(false);
    expect(matchesFilter(bare, 'plat')).toBe(true);
  });

  it('does not search other fields', () => {
    const withEmail = makeContact({ name: 'Ada', title: null, company: null, email: 'grace@example.com' });
    expect(matchesFilter(withEmail, 'grace')).toBe(false);
  });
});

describe('visibleColumnIds', () => {
  const columns = new Map([
    [1, [makeContact({ id: 1, name: 'Ada' }), makeContact({ id: 2, name: 'Grace' })]],
    [2, [makeContact({ id: 3, name: 'Adam', tier_id: 2 })]],
  ]);

  it('lists every column, empty ones included, in board order', () => {
    expect(visibleColumnIds([1, 2, 3], columns, '')).toEqual({ 1: [1, 2], 2: [3], 3: [] });
  });

  it('narrows each column to matching cards', () => {
    expect(visibleColumnIds([1, 2, 3], columns, 'ada')).toEqual({ 1: [1], 2: [3], 3: [] });
  });

  it('narrows to the cards one import added, together with the filter text', () => {
    const imported = new Set([2, 3]);
    expect(visibleColumnIds([1, 2, 3], columns, '', imported)).toEqual({ 1: [2], 2: [3], 3: [] });
    expect(visibleColumnIds([1, 2, 3], columns, 'ada', imported)).toEqual({ 1: [], 2: [3], 3: [] });
    expect(visibleColumnIds([1, 2, 3], columns, '', new Set())).toEqual({ 1: [], 2: [], 3: [] });
  });
});

describe('dropIndexInColumn', () => {
  it('is the shown position when nothing is filtered', () => {
    expect(dropIndexInColumn([10, 11, 5, 12], [10, 11, 12], 5)).toBe(2);
    expect(dropIndexInColumn([5, 10], [10], 5)).toBe(0);
    expect(dropIndexInColumn([10, 5], [10], 5)).toBe(1);
    expect(dropIndexInColumn([5], [], 5)).toBe(0);
  });

  it('counts the moved card out when it stays in its column', () => {
    // Column 10, 5, 11, 12 with 5 dragged below 11.
    expect(dropIndexInColumn([10, 11, 5, 12], [10, 5, 11, 12], 5)).toBe(2);
  });

  it('places the card above the next shown card when hidden cards sit in between', () => {
    // Whole column 20, 21, 22, 23; only 21 and 23 match the filter; dropped between them.
    expect(dropIndexInColumn([21, 5, 23], [20, 21, 22, 23], 5)).toBe(3);
    // Dropped at the top of what is shown: right above 21.
    expect(dropIndexInColumn([5, 21, 23], [20, 21, 22, 23], 5)).toBe(1);
    // Dropped at the bottom: right below 23.
    expect(dropIndexInColumn([21, 23, 5], [20, 21, 22, 23], 5)).toBe(4);
  });

  it('goes to the top when no card of the column is shown', () => {
    expect(dropIndexInColumn([5], [20, 21], 5)).toBe(0);
  });
});

describe('free plan', () => {
  it('is at its limit with as many contacts as the server allows, or more', () => {
    expect(isAtFreePlanLimit(makeUser({ plan: 'free' }), 24, 25)).toBe(false);
    expect(isAtFreePlanLimit(makeUser({ plan: 'free' }), 25, 25)).toBe(true);
    expect(isAtFreePlanLimit(makeUser({ plan: 'free' }), 30, 25)).toBe(true);
    expect(isAtFreePlanLimit(makeUser({ plan: 'premium' }), 300, 25)).toBe(false);
    // The server's allowance, and none at all on a self-hosted server without billing.
    expect(isAtFreePlanLimit(makeUser({ plan: 'free' }), 10, 10)).toBe(true);
    expect(isAtFreePlanLimit(makeUser({ plan: 'free' }), 5_000, null)).toBe(false);
  });

  it('holds a user with no plan yet to the allowance, as the API does', () => {
    expect(isAtFreePlanLimit(makeUser({ plan: null }), 25, 25)).toBe(true);
  });

  it('treats a free user with free_trial as a premium plan that ended', () => {
    expect(isTrialExpired(makeUser({ plan: 'free', free_trial: true }))).toBe(true);
    expect(isTrialExpired(makeUser({ plan: 'free', free_trial: false }))).toBe(false);
    expect(isTrialExpired(makeUser({ plan: 'premium', free_trial: true }))).toBe(false);
  });
});

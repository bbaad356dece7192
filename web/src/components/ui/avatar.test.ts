import { describe, expect, it } from 'vitest';
import { initialsOf } from './avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace brewster murray hopper')).toBe('GH');
    expect(initialsOf('plato')).toBe('P');
    expect(initialsOf('   ')).toBe('?');
  });

  it('skips words without a letter and leading marks', () => {
    expect(initialsOf('Contact 25')).toBe('C');
    expect(initialsOf('(Ada) "Lovelace"')).toBe('AL');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
  });
});

import { describe, expect, it } from 'vitest';
import { contactSearchText, foldForSearch, searchWords } from './search-fold';

describe('foldForSearch', () => {
  it('folds accents and case', () => {
    expect(foldForSearch('Müller')).toBe('muller');
    expect(foldForSearch('ÉMILE Zoë Ångström')).toBe('emile zoe angstrom');
    expect(foldForSearch('François Čapek')).toBe('francois capek');
  });

  it('spells the letters Unicode does not decompose', () => {
    expect(foldForSearch('Straße')).toBe('strasse');
    expect(foldForSearch('Søren Łukasz Ærø Œuvre')).toBe('soren lukasz aero oeuvre');
  });

  it('folds compatibility forms and white space', () => {
    expect(foldForSearch('  ﬁne\tＡｃｍｅ  ')).toBe('fine acme');
  });

  it('splits a query into folded words', () => {
    expect(searchWords('  Müller   ACME ')).toEqual(['muller', 'acme']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('builds the text a person is found by', () => {
    expect(contactSearchText({ name: 'Jörg Müller', title: null, company: 'Zürich AG', email: 'J@X.io' })).toBe(
      'jorg muller zurich ag j@x.io',
    );
  });
});

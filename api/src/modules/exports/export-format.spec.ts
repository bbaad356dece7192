import { EXPORT_CONTACT_COLUMNS } from '@tend/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOwnContactsCsv, neutraliseCell, OWN_CSV_COLUMNS, restoreCell } from './export-format';

describe('neutraliseCell (OWASP, CSV injection)', () => {
  it('puts a single quote before a cell that starts like a formula, and leaves every other cell as it is', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseCell(`${start}HYPERLINK("http://evil.example","Click")`)).toBe(
        `'${start}HYPERLINK("http://evil.example","Click")`,
      );
    }
    expect(neutraliseCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(neutraliseCell(' =1+1')).toBe(' =1+1');
    expect(neutraliseCell('2024-01-05')).toBe('2024-01-05');
    expect(neutraliseCell('')).toBe('');
    // Quotes typed before a formula's first character get one more, so the rule can be undone.
    expect(neutraliseCell("'=1+1")).toBe("''=1+1");
    expect(neutraliseCell("'quoted")).toBe("'quoted");
  });

  it('is undone exactly by restoreCell, whatever the text', () => {
    const text = fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', 'a', ',', '"', ' ') });
    fc.assert(
      fc.property(text, (value) => {
        expect(restoreCell(neutraliseCell(value))).toBe(value);
        // A neutralised cell never starts like a formula.
        expect(/^[=+\-@\t\r]/.test(neutraliseCell(value))).toBe(false);
      }),
    );
  });
});

describe('isOwnContactsCsv', () => {
  it('knows our export by its own columns, whatever columns are added later', () => {
    expect(OWN_CSV_COLUMNS.every((column) => EXPORT_CONTACT_COLUMNS.includes(column))).toBe(true);
    expect(isOwnContactsCsv([...EXPORT_CONTACT_COLUMNS])).toBe(true);
    expect(isOwnContactsCsv([...EXPORT_CONTACT_COLUMNS, 'birthday'])).toBe(true);
    expect(isOwnContactsCsv(['name', 'title', 'company', 'email'])).toBe(false);
    expect(isOwnContactsCsv(['First Name', 'Last Name', 'Notes'])).toBe(false);
  });
});

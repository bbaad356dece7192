import { describe, expect, it } from 'vitest';
import { isIsoDate, localDate } from './dates';
import { CONTACT_METHODS, createInteractionRequestSchema, updateInteractionRequestSchema } from './interactions';

const valid = { contact_id: 3, date_contacted: '2026-03-01', contact_method: 'Email' };

function errors(input: unknown): string[] {
  const result = createInteractionRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('interaction requests', () => {
  it('accepts the spec’s seven methods exactly as written, and nothing else', () => {
    for (const method of CONTACT_METHODS) expect(errors({ ...valid, contact_method: method })).toEqual([]);
    for (const method of ['email', 'EMAIL', 'Other', 'Fax', ' Email'])
      expect(errors({ ...valid, contact_method: method })[0]).toMatch(/^Contact method must be one of:/);
    expect(errors({ ...valid, contact_method: undefined })).toEqual(['Contact method is required.']);
  });

  it('requires a real date contacted; empty notes and no next date are fine', () => {
    expect(errors({ ...valid, date_contacted: undefined })).toEqual(['Date contacted is required.']);
    expect(errors({ ...valid, date_contacted: '2026-02-30' })).toEqual(['Date contacted must be a date (YYYY-MM-DD).']);
    expect(createInteractionRequestSchema.parse(valid)).toMatchObject({ notes: '', next_contact_date: null });
    expect(createInteractionRequestSchema.parse({ ...valid, next_contact_date: '' }).next_contact_date).toBeNull();
  });

  it('caps notes at 1000 characters and refuses unknown fields', () => {
    expect(errors({ ...valid, notes: 'x'.repeat(1000) })).toEqual([]);
    expect(errors({ ...valid, notes: 'x'.repeat(1001) })).toEqual(['Notes must be at most 1000 characters.']);
    expect(errors({ ...valid, viewed: true })).toHaveLength(1);
  });

  it('takes partial updates and tells a cleared next date from an untouched one', () => {
    expect(updateInteractionRequestSchema.parse({ notes: 'hi' })).toEqual({ notes: 'hi' });
    expect(updateInteractionRequestSchema.parse({ next_contact_date: null })).toEqual({ next_contact_date: null });
  });
});

describe('dates', () => {
  it('knows real calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
  });

  it('gives the local date on both sides of the date line', () => {
    const at = new Date('2026-06-01T11:30:00Z');
    expect(localDate('Pacific/Kiritimati', at)).toBe('2026-06-02');
    expect(localDate('Pacific/Pago_Pago', at)).toBe('2026-06-01');
    expect(localDate('UTC', at)).toBe('2026-06-01');
  });
});

import { describe, expect, it } from 'vitest';
import { DRAFT_PURPOSES, DRAFT_TONES, draftRequestSchema, draftResponseSchema } from './ai';

function errors(input: unknown): string[] {
  const result = draftRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('draft requests', () => {
  it('take the spec’s {id} alone, with a warm check-in by default', () => {
    expect(draftRequestSchema.parse({ id: 7 })).toEqual({ id: 7, tone: 'warm', purpose: 'check-in' });
  });

  it('accept every tone and purpose, and nothing else', () => {
    for (const tone of DRAFT_TONES) expect(errors({ id: 1, tone })).toEqual([]);
    for (const purpose of DRAFT_PURPOSES) expect(errors({ id: 1, purpose })).toEqual([]);
    expect(errors({ id: 1, tone: 'Warm' })).toEqual(['Tone must be one of: warm, brief, formal.']);
    expect(errors({ id: 1, tone: '' })).toEqual(['Tone must be one of: warm, brief, formal.']);
    expect(errors({ id: 1, purpose: 'sell' })).toEqual([
      'Purpose must be one of: check-in, referral, thank-you, congratulate, reconnect.',
    ]);
  });

  it('need a contact id and refuse unknown fields', () => {
    expect(errors({})).toEqual(['Contact id is required.']);
    expect(errors({ id: 'seven' })).toEqual(['Contact id must be a number.']);
    expect(errors({ id: 1.5 })).toEqual(['Contact id must be a whole number.']);
    expect(errors({ id: 0 })).toEqual(['Contact id must be positive.']);
    expect(errors({ id: 1, prompt: 'write a poem' })).toHaveLength(1);
  });
});

describe('draft responses', () => {
  it('hold at most 1000 characters', () => {
    const draft = { response: 'x'.repeat(1000), provider: 'template', model: 'template', used_interaction_ids: [] };
    expect(draftResponseSchema.safeParse(draft).success).toBe(true);
    expect(draftResponseSchema.safeParse({ ...draft, response: 'x'.repeat(1001) }).success).toBe(false);
  });
});

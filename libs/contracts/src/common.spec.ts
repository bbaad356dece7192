import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailSchema, isValidEmail, matchesEmailRule } from './common';
import { createContactRequestSchema } from './contacts';

/**
 * The spec's pattern as it was written, kept only as the reference the linear check must agree
 * with. Never run it on long inputs: it backtracks exponentially.
 */
const SPEC_PATTERN = /^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$/;

describe('the email rule', () => {
  it('accepts and refuses the spec’s cases', () => {
    const accepted = [
      'a@b.co',
      'ada@example.com',
      'first-last@mail.example.org',
      'x_y@d.io',
      'first.last-name@sub-domain.example.co.uk',
      'a.b.c@d-e.f.gh',
      '1@2.34',
      'a@b.co.uk.org',
      'a@bcd.ef.ghij.kl',
    ];
    const refused = [
      '',
      'a@b',
      'a@b.abcd',
      '@b.com',
      'a@.com',
      'a b@c.com',
      'a@@b.com',
      'a@b@c.com',
      'a.@b.com',
      '.a@b.com',
      'a..b@c.com',
      'a@b..com',
      'a@b.com.',
      'a@b-.com',
      'a@b.c',
      'a@b-co',
      'a@b.c-om',
      'a@b.co-',
      'ada@exämple.com',
      'ada@example.com ',
      'a+b@c.com',
    ];
    for (const email of accepted) {
      expect(matchesEmailRule(email), email).toBe(true);
      expect(SPEC_PATTERN.test(email), `the spec's pattern on ${email}`).toBe(true);
    }
    for (const email of refused) {
      expect(matchesEmailRule(email), email).toBe(false);
      expect(SPEC_PATTERN.test(email), `the spec's pattern on ${email}`).toBe(false);
    }
  });

  it('agrees with the spec’s pattern on any short string of the characters that matter', () => {
    const chars = fc.constantFrom('a', 'Z', '0', '_', '.', '-', '@', '!', ' ', 'é');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        expect(matchesEmailRule(text)).toBe(SPEC_PATTERN.test(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees with the spec’s pattern on strings shaped like addresses', () => {
    const run = fc.stringMatching(/^[a-z0-9_]{0,4}$/);
    const separator = fc.constantFrom('', '.', '-', '..', '.-', '@');
    const part = fc
      .array(fc.tuple(run, separator), { minLength: 1, maxLength: 5 })
      .map((pieces) => pieces.flat().join(''));
    fc.assert(
      fc.property(part, fc.constantFrom('@', '@@', ''), part, (local, at, domain) => {
        const text = `${local}${at}${domain}`;
        expect(matchesEmailRule(text)).toBe(SPEC_PATTERN.test(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it(`refuses a hostile ${EMAIL_MAX_LENGTH}-character input in under 10 ms`, () => {
    const hostile = [
      `${'a'.repeat(EMAIL_MAX_LENGTH - 1)}!`,
      `a@${'a'.repeat(EMAIL_MAX_LENGTH - 3)}!`,
      `${'a.'.repeat(126)}a!`,
      `a@${'a-'.repeat(125)}a!`,
      `a@${'a.aa'.repeat(62)}!`,
      `${'_'.repeat(120)}@${'a'.repeat(128)}.abcd`,
    ];
    const check = (input: string) => [
      isValidEmail(input),
      emailSchema.safeParse(input).success,
      createContactRequestSchema.safeParse({ name: 'x', email: input }).success,
    ];
    // Warm the schemas up first, so the timing is the rule's and not the first call's compilation.
    expect(check('ada@example.com')).toEqual([true, true, true]);
    for (const input of hostile) {
      expect(input.length).toBeLessThanOrEqual(EMAIL_MAX_LENGTH);
      const started = performance.now();
      const results = check(input);
      const took = performance.now() - started;
      expect(results).toEqual([false, false, false]);
      expect(took, `${input.slice(0, 20)}… took ${took.toFixed(2)} ms`).toBeLessThan(10);
    }
  });

  it('trims, lower-cases and caps the length in the schema', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    const long = `${'a'.repeat(EMAIL_MAX_LENGTH - 6)}@b.com`;
    expect(isValidEmail(long)).toBe(true);
    expect(isValidEmail(`a${long}`)).toBe(false);
    expect(emailSchema.safeParse(`a${long}`).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { passwordChecklist, passwordProblems, passwordSchema, PASSWORDS_MUST_MATCH_MESSAGE } from './password';
import { emailSchema, isValidEmail } from './common';

describe('password rules', () => {
  it('ticks each checklist item as it is met', () => {
    expect(passwordChecklist('').map((i) => i.met)).toEqual([false, false, false, false]);
    expect(passwordChecklist('abcdefgh').map((i) => [i.id, i.met])).toEqual([
      ['length', true],
      ['uppercase', false],
      ['lowercase', true],
      ['digit', false],
    ]);
    expect(passwordChecklist('Abcdefg1').every((i) => i.met)).toBe(true);
  });

  it('blocks a submit until password and confirmation are good and equal', () => {
    expect(passwordProblems('Abcdefg1', 'Abcdefg1')).toEqual([]);
    expect(passwordProblems('Abcdefg1', 'Abcdefg2')).toEqual([PASSWORDS_MUST_MATCH_MESSAGE]);
    expect(passwordProblems('short', 'short').length).toBeGreaterThan(0);
  });

  it('accepts 256 characters and refuses 257', () => {
    expect(passwordSchema.safeParse(`Aa1${'x'.repeat(253)}`).success).toBe(true);
    expect(passwordSchema.safeParse(`Aa1${'x'.repeat(254)}`).success).toBe(false);
  });
});

describe('email rule', () => {
  it('follows the spec format and lower-cases', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    for (const ok of ['a@b.co', 'first-last@mail.example.org', 'x_y@d.io']) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ['', 'a@b', 'a@b.abcd', '@b.com', 'a b@c.com', 'a@@b.com']) expect(isValidEmail(bad)).toBe(false);
  });
});

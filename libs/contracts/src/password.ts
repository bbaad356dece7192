import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be abused (security brief). */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORDS_MUST_MATCH_MESSAGE = 'Passwords must match.';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit';
  label: string;
  test: (password: string) => boolean;
}

/** The spec's live checklist, in the order the screens show it. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /\d/.test(p) },
];

export function passwordChecklist(password: string): { id: PasswordRule['id']; label: string; met: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

/**
 * The spec's combined password and confirmation check: returns the messages that block a submit
 * (the forms do not show them; the checklist already does).
 */
export function passwordProblems(password: string, confirmation: string): string[] {
  const problems: string[] = [];
  if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
  }
  for (const rule of PASSWORD_RULES) {
    if (!rule.test(password)) problems.push(`Password needs: ${rule.label.toLowerCase()}.`);
  }
  if (password !== confirmation) problems.push(PASSWORDS_MUST_MATCH_MESSAGE);
  return problems;
}

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` })
  .superRefine((password, ctx) => {
    for (const rule of PASSWORD_RULES) {
      if (!rule.test(password)) {
        ctx.addIssue({ code: 'custom', message: `Password needs: ${rule.label.toLowerCase()}.` });
      }
    }
  });

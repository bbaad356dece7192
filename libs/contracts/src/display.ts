// Display rules shared by the SPA and the extension. No zod here: screens that only show text do
// not pull the schema library into their bundle (docs/PERFORMANCE.md).

/**
 * Truncation lengths (PRODUCT.md §9), with one choice of the brief: column names are cut at 20,
 * not 18, so that the default 'Potential Referrals' (19) shows in full. `tier` is a column's name
 * in a menu or the contact card's column selector.
 */
export const CARD_TRUNCATION = { name: 18, title: 23, company: 33, header: 50, column: 20, tier: 30 } as const;

/** Appends '...' past `max` characters (the spec's truncation). */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Notes and follow-up messages: at most 1000 characters (PRODUCT.md §9). */
export const NOTES_MAX_LENGTH = 1000;

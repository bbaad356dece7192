// Display rules shared by the SPA and the extension. No zod here: screens that only show text do
// not pull the schema library into their bundle (docs/PERFORMANCE.md).

/** Board card truncation lengths (spec section 9). */
export const CARD_TRUNCATION = { name: 18, title: 23, company: 33, header: 50, column: 18 } as const;

/** Appends '...' past `max` characters (the spec's truncation). */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

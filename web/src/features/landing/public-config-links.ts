/**
 * Marks a link whose address comes from the server's configuration; the value is the config key.
 * The server fills these in on the prerendered landing page (api/src/infra/http/landing-page.ts).
 */
export const CONFIG_LINK_ATTRIBUTE = 'data-config-link';

/** Marks text that names the free plan's card allowance (a number, or 'unlimited' on this server). */
export const FREE_CARDS_ATTRIBUTE = 'data-free-plan-cards';

/** How the landing page names the free allowance: '25', or 'unlimited' when the server sets none. */
export function freePlanCardsText(limit: number | null): string {
  return limit === null ? 'unlimited' : String(limit);
}

import type { PublicConfig } from '@/lib/public-config';

/** Marks a link whose address comes from `GET /api/config`; the value is the config key. */
export const CONFIG_LINK_ATTRIBUTE = 'data-config-link';

type LinkKey = 'support_email' | 'linkedin_company_url' | 'newsletter_url';
const LINK_KEYS: readonly LinkKey[] = ['support_email', 'linkedin_company_url', 'newsletter_url'];

/**
 * Points the marked links of `root` at the configured addresses (a mail link for the support
 * address) and shows them; a link whose address is not configured stays hidden. The prerendered
 * landing page is built before any configuration exists, so its entry calls this after loading.
 */
export function applyPublicConfigLinks(root: ParentNode, config: PublicConfig): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>(`a[${CONFIG_LINK_ATTRIBUTE}]`)) {
    const key = link.getAttribute(CONFIG_LINK_ATTRIBUTE) as LinkKey;
    if (!LINK_KEYS.includes(key)) continue;
    const value = config[key];
    if (!value) {
      link.hidden = true;
      continue;
    }
    link.href = key === 'support_email' ? `mailto:${value}` : value;
    link.hidden = false;
  }
}

/** Marks text that names the free plan's card allowance (a number, or 'unlimited' on this server). */
export const FREE_CARDS_ATTRIBUTE = 'data-free-plan-cards';

/** How the landing page names the free allowance: '25', or 'unlimited' when the server sets none. */
export function freePlanCardsText(limit: number | null): string {
  return limit === null ? 'unlimited' : String(limit);
}

/**
 * Writes the server's free plan allowance into the marked text of `root`: the prerendered page
 * says the default (25), and the server may be set to another number or to no limit.
 */
export function applyFreePlanCards(root: ParentNode, config: PublicConfig): void {
  for (const node of root.querySelectorAll<HTMLElement>(`[${FREE_CARDS_ATTRIBUTE}]`)) {
    node.textContent = freePlanCardsText(config.free_plan_card_limit);
  }
}

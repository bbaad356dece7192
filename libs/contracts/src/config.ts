import { z } from 'zod';

/** `GET /api/config`: the public links and switches the SPA and the extension read (nothing secret). */
export const publicConfigSchema = z.object({
  support_email: z.string(),
  chrome_extension_url: z.string(),
  newsletter_url: z.string(),
  linkedin_company_url: z.string(),
  billing_enabled: z.boolean(),
  /** True in development without SMTP: mail is readable at /dev/mailbox. */
  dev_mailbox: z.boolean(),
  /** Cards the free plan holds; null when this server's free plan is unlimited. */
  free_plan_card_limit: z.number().int().positive().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * The landing page is prerendered with the configuration's defaults; the server fills in its own
 * values at start-up (api/src/infra/http/landing-page.ts). These attributes mark what it fills in:
 * a link to a configured address (the value is its key in `PublicConfig`)...
 */
export const CONFIG_LINK_ATTRIBUTE = 'data-config-link';
/** ...and text naming the free plan's card allowance. */
export const FREE_CARDS_ATTRIBUTE = 'data-free-plan-cards';

/** The configured addresses the landing page links to, by their key in `PublicConfig`. */
export const CONFIG_LINK_KEYS = ['support_email', 'newsletter_url', 'linkedin_company_url'] as const;
export type ConfigLinkKey = (typeof CONFIG_LINK_KEYS)[number];

/** How the landing page names the free allowance: '25', or 'unlimited' when the server sets none. */
export function freePlanCardsText(limit: number | null): string {
  return limit === null ? 'unlimited' : String(limit);
}

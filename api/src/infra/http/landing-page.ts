import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** What of the server's configuration the landing page shows (the same values `GET /api/config` gives). */
export interface LandingSettings {
  support_email: string;
  newsletter_url: string;
  linkedin_company_url: string;
  /** The free plan's card allowance; null when this server sets no limit. */
  free_plan_card_limit: number | null;
}

/** The landing page for this server, ready to send in each encoding a browser may accept. */
export interface LandingDocument {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

type LinkKey = 'support_email' | 'newsletter_url' | 'linkedin_company_url';
const LINK_KEYS: ReadonlySet<string> = new Set<LinkKey>(['support_email', 'newsletter_url', 'linkedin_company_url']);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Fills the prerendered landing page (web/dist/landing.html, built with the configuration's
 * defaults) with this server's values, so the page needs no script to show them: each link marked
 * `data-config-link="key"` points at the configured address (a mail link for the support address)
 * or stays hidden when there is none, and each `data-free-plan-cards` text names the allowance.
 * Runs once at start-up on the build's own file; every pattern is a single pass without nesting.
 */
export function personaliseLanding(template: string, settings: LandingSettings): string {
  const withLinks = template.replace(/<a\s[^>]*>/g, (tag) => {
    const key = /\sdata-config-link="([a-z_]+)"/.exec(tag)?.[1];
    if (!key || !LINK_KEYS.has(key)) return tag;
    const value = settings[key as LinkKey];
    const bare = tag.replace(/\shref="[^"]*"/, '').replace(/\shidden=""/, '');
    if (!value) return bare.replace(/^<a/, '<a hidden=""');
    const href = key === 'support_email' ? `mailto:${value}` : value;
    return bare.replace(/^<a/, `<a href="${escapeAttribute(href)}"`);
  });
  const allowance = settings.free_plan_card_limit === null ? 'unlimited' : String(settings.free_plan_card_limit);
  return withLinks.replace(/(<span data-free-plan-cards="">)[^<]*(<\/span>)/g, `$1${allowance}$2`);
}

/** The personalised page, compressed once (brotli at its best quality, as the build does). */
export function landingDocument(template: string, settings: LandingSettings): LandingDocument {
  const html = Buffer.from(personaliseLanding(template, settings));
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

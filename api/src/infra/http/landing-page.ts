import {
  CONFIG_LINK_ATTRIBUTE,
  CONFIG_LINK_KEYS,
  FREE_CARDS_ATTRIBUTE,
  freePlanCardsText,
  type ConfigLinkKey,
  type PublicConfig,
} from '@tend/contracts';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** What of the server's configuration the landing page shows (the same values `GET /api/config` gives). */
export type LandingSettings = Pick<PublicConfig, ConfigLinkKey | 'free_plan_card_limit'>;

/** The landing page for this server, ready to send in each encoding a browser may accept. */
export interface LandingDocument {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const LINK_KEYS: ReadonlySet<string> = new Set(CONFIG_LINK_KEYS);
const CONFIG_LINK = new RegExp(`\\s${CONFIG_LINK_ATTRIBUTE}="([a-z_]+)"`);
const FREE_CARDS_TEXT = new RegExp(`(<span ${FREE_CARDS_ATTRIBUTE}="">)[^<]*(</span>)`, 'g');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Fills the prerendered landing page (web/dist/landing.html, built with the configuration's
 * defaults) with this server's values, so the page needs no script to show them: each link marked
 * with CONFIG_LINK_ATTRIBUTE points at the configured address (a mail link for the support
 * address) or stays hidden when there is none, and each FREE_CARDS_ATTRIBUTE text names the allowance.
 * Runs once at start-up on the build's own file; every pattern is a single pass without nesting.
 */
export function personaliseLanding(template: string, settings: LandingSettings): string {
  const withLinks = template.replace(/<a\s[^>]*>/g, (tag) => {
    const key = CONFIG_LINK.exec(tag)?.[1];
    if (!key || !LINK_KEYS.has(key)) return tag;
    const value = settings[key as ConfigLinkKey];
    const bare = tag.replace(/\shref="[^"]*"/, '').replace(/\shidden=""/, '');
    if (!value) return bare.replace(/^<a/, '<a hidden=""');
    const href = key === 'support_email' ? `mailto:${value}` : value;
    return bare.replace(/^<a/, `<a href="${escapeAttribute(href)}"`);
  });
  return withLinks.replace(FREE_CARDS_TEXT, `$1${freePlanCardsText(settings.free_plan_card_limit)}$2`);
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

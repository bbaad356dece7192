/**
 * The one canonical form of a LinkedIn profile address, used everywhere a profile is compared or
 * stored: the extension, the API's duplicate check and the CSV import.
 *
 *   https://www.linkedin.com/in/<slug>
 *
 * - any LinkedIn host (`linkedin.com`, `uk.linkedin.com`, `m.linkedin.com`, ...) becomes
 *   `www.linkedin.com`; `http` becomes `https`; a missing scheme is allowed (`linkedin.com/in/x`);
 * - query, hash, trailing slash and any path after the slug (`/overlay/...`, `/details/...`,
 *   `/recent-activity/...`, a locale such as `/fr`) are dropped;
 * - the slug is percent-decoded, NFC-normalised, lower-cased (LinkedIn's public addresses are
 *   case-insensitive) and percent-encoded again with `encodeURIComponent`, so `/in/José`,
 *   `/in/jos%C3%A9` and `/in/JOS%c3%a9` are one address. Member-id slugs (`ACoAA...`), which
 *   LinkedIn reads case-sensitively, keep their case;
 * - anything else (another site, a company page, `/pub/` addresses, which cannot be mapped to
 *   their `/in/` slug, a malformed slug) gives null.
 */
export const LINKEDIN_PROFILE_ORIGIN = 'https://www.linkedin.com';

/** LinkedIn's own limit for a public profile address is 100 characters. */
export const LINKEDIN_SLUG_MAX_LENGTH = 100;

/** Member-id slugs (`/in/ACoAAB...`) are base64-like and case-sensitive. */
const MEMBER_ID_SLUG = /^ACoA[A-Za-z0-9_-]{10,}$/;

/** Whitespace, controls and characters that cannot be part of a slug once decoded. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_SLUG = /[\s\u0000-\u001f\u007f/\\?#%<>"'`{}|^]/u;

export function isLinkedInHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
}

export function canonicalLinkedInUrl(input: string): string | null {
  if (typeof input !== 'string') return null;
  let text = input.trim();
  if (!text || text.length > 2000) return null;
  if (text.startsWith('//')) text = `https:${text}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) text = `https://${text}`;

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  if (!isLinkedInHost(url.hostname)) return null;

  // `new URL` has already resolved dot segments and percent-encoded raw non-ASCII characters.
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  // LinkedIn Lite serves the same profiles under /mwlite/in/<slug>.
  if (segments[0]?.toLowerCase() === 'mwlite') segments.shift();
  if (segments[0]?.toLowerCase() !== 'in' || segments[1] === undefined) return null;

  const slug = normaliseSlug(segments[1]);
  return slug === null ? null : `${LINKEDIN_PROFILE_ORIGIN}/in/${slug}`;
}

/** True when `input` is a LinkedIn profile address (any of the forms `canonicalLinkedInUrl` accepts). */
export function isLinkedInProfileUrl(input: string): boolean {
  return canonicalLinkedInUrl(input) !== null;
}

function normaliseSlug(rawSegment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawSegment);
  } catch {
    return null; // a malformed percent sequence
  }
  decoded = decoded.normalize('NFC');
  if (!decoded || FORBIDDEN_IN_SLUG.test(decoded) || /^\.+$/.test(decoded)) return null;
  if ([...decoded].length > LINKEDIN_SLUG_MAX_LENGTH) return null;
  // Lower-casing can leave a decomposed sequence (Turkish İ -> i + U+0307): normalise again.
  const cased = MEMBER_ID_SLUG.test(decoded) ? decoded : decoded.toLowerCase().normalize('NFC');
  return encodeURIComponent(cased);
}

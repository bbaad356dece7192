/**
 * The Tend app's origin: where the API, the connect page and the board are. Shared by the build
 * (the default comes from `APP_URL`) and the options page, so both accept the same values.
 */
export const FALLBACK_APP_ORIGIN = 'http://localhost:3000';

export const APP_ORIGIN_RULE =
  'Use the address of your Tend app, such as https://tend.example.com (http:// only for localhost).';

/** `https://host[:port]` (or `http://` on a loopback host), without path; null for anything else. */
export function normaliseAppOrigin(input: string): string | null {
  const text = input.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.hostname) return null;
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) return null;
  return url.origin;
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]'
  );
}

/** `https://host/*` -> `https://host`; null for a pattern that is not one origin's. */
export function originFromMatchPattern(pattern: string): string | null {
  const match = /^(https?:\/\/[^/*]+)\/\*$/.exec(pattern);
  return match?.[1] ? normaliseAppOrigin(match[1]) : null;
}

/** The match pattern Chrome grants (host permission, externally_connectable) for an origin. */
export function originMatchPattern(origin: string): string {
  return `${origin}/*`;
}

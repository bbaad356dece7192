import type { Request } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    /**
     * The user a valid extension token names, set by the extension-token guard on a route that
     * takes one. Such a request is authenticated by that header alone: its cookies play no part.
     */
    extensionUserId?: number;
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header ('' for a bearer header without one), or
 * null when the request sends no bearer credential (no header, or another scheme such as a proxy's
 * Basic credentials, which are none of the API's business).
 */
export function bearerTokenOf(req: Pick<Request, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^\s*bearer(?:\s+(.*))?$/i.exec(header);
  if (!match) return null;
  return (match[1] ?? '').trim();
}

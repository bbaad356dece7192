import type { NextFunction, Request, Response } from 'express';
import { csrfSync } from 'csrf-sync';

export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FAILED_MESSAGE = 'Missing or invalid CSRF token. Reload the page and try again.';

/**
 * Synchronizer-token CSRF: each session is born with its token (see SessionsService), which every
 * state-changing request must send back in X-CSRF-Token.
 */
const csrf = csrfSync({
  getTokenFromRequest: (req) => {
    const value = req.headers['x-csrf-token'];
    return Array.isArray(value) ? value[0] : value;
  },
  getTokenFromState: (req) => req.session?.csrfToken,
});

/** Paths that prove themselves another way (Stripe signs its webhook). */
const CSRF_EXEMPT = new Set(['/api/billing/webhook']);

export function csrfProtection(req: Request, res: Response, next: NextFunction): void {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || CSRF_EXEMPT.has(req.path)) return next();
  if (csrf.isRequestValid(req)) return next();
  res.status(403).json({ errors: [CSRF_FAILED_MESSAGE] });
}

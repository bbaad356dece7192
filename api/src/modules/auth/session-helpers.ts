import type { Request, Response } from 'express';
import { exposeCsrfToken } from '../../infra/http/csrf';

export const SESSION_COOKIE = 'tend.sid';

declare module 'express-session' {
  interface SessionData {
    /** When the user signed in: sessions end 30 days after it, however active. */
    signedInAt?: number;
    /** Last time the session's expiry was moved on (at most hourly): idle sessions end 7 days later. */
    activeAt?: number;
  }
}

export function logIn(req: Request, user: { id: number }): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user, (err) => (err ? reject(err as Error) : resolve())));
}

/**
 * Logs out: the session row is destroyed (the old id is dead) and a fresh anonymous session
 * takes its place, whose CSRF token the response carries so the client can go on (log in again).
 */
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.user) {
    // passport >= 0.6 regenerates the session on logout, destroying the old row.
    await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err as Error) : resolve())));
  } else {
    await new Promise<void>((resolve, reject) =>
      req.session.regenerate((err) => (err ? reject(err as Error) : resolve())),
    );
  }
  exposeCsrfToken(req, res, true);
}

import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'tend.sid';

declare module 'express-session' {
  interface SessionData {
    /** When the user signed in: sessions end 30 days after it, however active. */
    signedInAt?: number;
  }
}

export function logIn(req: Request, user: { id: number }): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user, (err) => (err ? reject(err as Error) : resolve())));
}

/** Logs out and destroys the session row, so the old id is dead. */
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.user) await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err as Error) : resolve())));
  if (req.session) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
  res.clearCookie(SESSION_COOKIE, { path: '/' });
}

import { parse } from 'cookie';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE, type ActiveSession, type SessionsService } from './sessions.service';

declare module 'express-serve-static-core' {
  interface Request {
    /** The live session the request's cookie names, if any (set by `sessionMiddleware`). */
    session?: ActiveSession;
  }
}

/** Resolves the session cookie into `req.session` (and moves an active session's expiry on, hourly). */
export function sessionMiddleware(sessions: SessionsService): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const header = req.headers.cookie;
    const id = header ? parse(header)[SESSION_COOKIE] : undefined;
    if (!id) return next();
    sessions
      .resume(id)
      .then((session) => session && sessions.keepAlive(id, session, res))
      .then((session) => {
        req.session = session;
        next();
      }, next);
  };
}

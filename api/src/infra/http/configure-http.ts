import type { NestExpressApplication } from '@nestjs/platform-express';
import connectPgSimple from 'connect-pg-simple';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import passport from 'passport';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/app-config';
import { SESSION_COOKIE } from '../../modules/auth/session-helpers';
import { csrfProtection } from './csrf';

const DAY_MS = 24 * 3_600_000;
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
export const WEB_DIST_DIR = resolve(__dirname, '..', '..', '..', '..', 'web', 'dist');

/** Body-parser and other pre-routing failures become `{"errors": [...]}` like everything else. */
function preRoutingErrors(
  err: { type?: string; status?: number },
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (res.headersSent) return next(err);
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
  const message =
    err.type === 'entity.parse.failed'
      ? 'The request body is not valid JSON.'
      : err.type === 'entity.too.large'
        ? 'The request is too large.'
        : status < 500
          ? 'The request could not be read.'
          : 'Something went wrong on our side. Please try again in a moment.';
  res.status(status).json({ errors: [message] });
}

/** Express middleware in the order the security brief needs: headers, session, passport, CSRF. */
export function configureHttp(app: NestExpressApplication, config: AppConfig, pool: Pool): void {
  app.set('trust proxy', config.trustProxy ? 1 : false);
  app.disable('x-powered-by');
  app.enableCors({
    origin: (origin, done) => done(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    exposedHeaders: ['X-CSRF-Token', 'Location', 'Retry-After'],
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: config.isProduction ? [] : null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      hsts: config.isProduction,
    }),
  );
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Large enough that an absurd password reaches validation (a clear 400) rather than the size limit.
  app.use(express.json({ limit: '2mb' }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(preRoutingErrors);

  const PgStore = connectPgSimple(session);
  /**
   * Rolling idle expiry without a write per request: the row's expiry is pushed forward at most
   * once per hour per session (per process), so idle sessions still end after ~7 days.
   */
  class ThrottledTouchStore extends PgStore {
    private readonly lastTouch = new Map<string, number>();

    override touch(sid: string, sess: session.SessionData, callback?: () => void): void {
      const now = Date.now();
      if (now - (this.lastTouch.get(sid) ?? 0) < 3_600_000) {
        callback?.();
        return;
      }
      if (this.lastTouch.size > 50_000) this.lastTouch.clear();
      this.lastTouch.set(sid, now);
      super.touch(sid, sess, callback);
    }
  }
  app.use(
    session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: new ThrottledTouchStore({
        pool,
        tableName: 'http_sessions',
        createTableIfMissing: false,
        pruneSessionInterval: 15 * 60,
      }),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: config.trustProxy,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: '/', maxAge: SESSION_IDLE_MS },
    }),
  );
  // Idle expiry is the rolling cookie; this is the absolute cap.
  app.use((req: Request, _res: Response, next: NextFunction) => {
    const signedInAt = req.session?.signedInAt;
    if (signedInAt && Date.now() - signedInAt > SESSION_ABSOLUTE_MS) {
      req.session.regenerate((err) => next(err));
      return;
    }
    next();
  });
  app.use(passport.initialize());
  app.use(passport.session());
  app.use('/api', csrfProtection);

  // The built SPA: static files, and index.html for every client-side route.
  const index = join(WEB_DIST_DIR, 'index.html');
  if (existsSync(index)) {
    const serveStatic = express.static(WEB_DIST_DIR, { index: false, maxAge: '1h' });
    const isAppRoute = (req: Request) =>
      (req.method === 'GET' || req.method === 'HEAD') && !/^\/(api|dev)(\/|$)/.test(req.path);
    // API calls never touch the file system.
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (isAppRoute(req)) void serveStatic(req, res, next);
      else next();
    });
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (isAppRoute(req)) {
        res.setHeader('Cache-Control', 'no-cache');
        // `root` keeps send from refusing an install path that has a dot-folder in it.
        res.sendFile('index.html', { root: WEB_DIST_DIR });
        return;
      }
      next();
    });
  }
}

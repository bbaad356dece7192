import { MikroORM } from '@mikro-orm/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import { resolve } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { requestEntityManagerMiddleware } from '../database/request-entity-manager';
import { replayedHeaders } from './security-headers';
import { serveWebApp } from './static-assets';

export const WEB_DIST_DIR = resolve(__dirname, '..', '..', '..', '..', 'web', 'dist');

/** Stripe signs the exact bytes it sends: this one path keeps its body raw (a Buffer), unparsed. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

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

/**
 * Express middleware in the order the security brief needs: headers, body, then the session
 * (handed in by the composition root; CSRF and sign-in are Nest guards after it).
 */
export function configureHttp(app: NestExpressApplication, config: AppConfig, session: RequestHandler): void {
  app.set('trust proxy', config.trustProxy ? 1 : false);
  app.disable('x-powered-by');
  app.use(requestEntityManagerMiddleware(app.get(MikroORM)));
  // CORS only concerns requests that name an origin (a browser sends none on same-origin GETs).
  const crossOrigin = cors({
    origin: (origin, done) => done(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    exposedHeaders: ['X-CSRF-Token', 'Location', 'Retry-After'],
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.headers.origin === undefined) next();
    else crossOrigin(req, res, next);
  });
  app.use(
    replayedHeaders(
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
    ),
  );
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Before the JSON parser, which then leaves the already-read body alone.
  app.use(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }));
  // Large enough that an absurd password reaches validation (a clear 400) rather than the size limit.
  app.use(express.json({ limit: '2mb' }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(preRoutingErrors);

  app.use(session);

  // The built SPA: precompressed static files, and index.html for every client-side route.
  serveWebApp(app, WEB_DIST_DIR, {
    production: config.isProduction,
    isSignedIn: (req) => typeof req.session?.userId === 'number',
    landing: {
      support_email: config.links.supportEmail,
      newsletter_url: config.links.newsletterUrl,
      linkedin_company_url: config.links.linkedinCompanyUrl,
      free_plan_card_limit: config.freePlanCardLimit,
    },
  });
}

import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';
import { CSRF_EXEMPT } from '../../../infra/http/access.decorators';
import '../../../infra/http/bearer-token';
import { SessionsService } from './sessions.service';

export const CSRF_FAILED_MESSAGE = 'Missing or invalid CSRF token. Reload the page and try again.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Synchronizer-token CSRF for sessions: each session is born with its token (see SessionsService). */
const sessionTokens = csrfSync({
  getTokenFromRequest: (req) => {
    const value = req.headers['x-csrf-token'];
    return Array.isArray(value) ? value[0] : value;
  },
  getTokenFromState: (req) => req.session?.csrfToken,
});

/**
 * The first global guard: every state-changing request must send the X-CSRF-Token it was given
 * (the session's, or a signed-out visitor's signed token). It runs before the sign-in guard, the
 * body-validating guards, file uploads and the handler, so a refused request changes nothing.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    // Authenticated by a valid extension token alone (ExtensionTokenGuard ran first and dropped
    // the cookie session): a header no browser attaches by itself, so nothing to forge.
    if (req.extensionUserId !== undefined) return true;
    if (this.reflector.getAllAndOverride<boolean>(CSRF_EXEMPT, [context.getHandler(), context.getClass()])) return true;
    if (this.sessions.isCsrfTokenValid(req, (request) => sessionTokens.isRequestValid(request))) return true;
    throw new ForbiddenException({ errors: [CSRF_FAILED_MESSAGE] });
  }
}

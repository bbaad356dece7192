import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EXTENSION_TOKEN_MESSAGES } from '@tend/contracts';
import type { Request } from 'express';
import { EXTENSION_ALLOWED } from '../../infra/http/access.decorators';
import { bearerTokenOf } from '../../infra/http/bearer-token';
import { ExtensionTokensService } from './extension-tokens.service';

/**
 * The first global guard. A request without a bearer token passes untouched (the web app's
 * cookies and CSRF rules apply as always). One with a bearer token:
 * - on a route not marked `@ExtensionAllowed()` (account, billing, settings, everything else) is
 *   refused (403), even when it also carries a valid session cookie;
 * - on a marked route is authenticated by the token alone (401 when unknown or revoked): the
 *   session cookie is dropped for this request, and the CSRF guard lets it through, since a
 *   browser never attaches an Authorization header on its own (a cross-site page cannot send one
 *   without a CORS preflight the API refuses).
 */
@Injectable()
export class ExtensionTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: ExtensionTokensService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const token = bearerTokenOf(req);
    if (token === null) return true;
    const allowed = this.reflector.getAllAndOverride<boolean>(EXTENSION_ALLOWED, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!allowed) throw new ForbiddenException({ errors: [EXTENSION_TOKEN_MESSAGES.notAccepted] });
    const userId = await this.tokens.authenticate(token, req.ip);
    req.session = undefined;
    req.extensionUserId = userId;
    return true;
  }
}

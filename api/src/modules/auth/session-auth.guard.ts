import {
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UsersService } from '../users/users.service';
import { ALLOW_UNVERIFIED, IS_PUBLIC } from '../../infra/http/access.decorators';
import type { AppRequest } from '../users/request-user';
import '../../infra/http/bearer-token';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please log in to continue.';
export const VERIFY_EMAIL_FIRST_MESSAGE = 'Please confirm your email address to continue.';

/**
 * Global guard: finds the session's user (from the signed-in user cache, so usually without a
 * query), then requires a signed-in, verified user unless the route says otherwise.
 */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AppRequest>();
    // An extension token's user (its guard dropped the session), else the session cookie's.
    const userId = req.extensionUserId ?? req.session?.userId;
    if (userId && !req.signedInUser) {
      const user = await this.users.findSignedIn(userId);
      if (user) req.signedInUser = user;
    }
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const user = req.signedInUser;
    if (!user) throw new UnauthorizedException({ errors: [SIGN_IN_REQUIRED_MESSAGE] });
    if (!user.emailVerified && !this.reflector.getAllAndOverride<boolean>(ALLOW_UNVERIFIED, targets)) {
      throw new ForbiddenException({ errors: [VERIFY_EMAIL_FIRST_MESSAGE] });
    }
    return true;
  }
}

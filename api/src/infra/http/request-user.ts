import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from '../../modules/users/user.entity';

/** What passport keeps in the session: the id only; the row is loaded per request. */
export interface SessionPrincipal {
  id: number;
}

export interface AppRequest extends Request {
  currentUser?: User;
}

/** The signed-in user, loaded by the global guard with the request's EntityManager. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): User | undefined => {
  return ctx.switchToHttp().getRequest<AppRequest>().currentUser;
});

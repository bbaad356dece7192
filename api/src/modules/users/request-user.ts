import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { SignedInUserCache, type SignedInUser } from './signed-in-user-cache';
import type { User } from './user.entity';

export interface AppRequest extends Request {
  /** Set by the global guard for a signed-in session. */
  signedInUser?: SignedInUser;
  /** The same user as an entity, made on first use by `@CurrentUser()`. */
  currentUser?: User;
}

/** The signed-in user as a plain read-only snapshot: what read-only handlers need, at no cost. */
export const SignedIn = createParamDecorator((_: unknown, ctx: ExecutionContext): SignedInUser | undefined => {
  return ctx.switchToHttp().getRequest<AppRequest>().signedInUser;
});

/** The signed-in user as an entity of the request's EntityManager, for handlers that change it. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): User | undefined => {
  const req = ctx.switchToHttp().getRequest<AppRequest>();
  if (!req.currentUser && req.signedInUser) req.currentUser = SignedInUserCache.toEntity(req.signedInUser);
  return req.currentUser;
});

import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionPrincipal } from '../../infra/http/request-user';

/** Keeps only the user id in the session; the global guard loads the row per request. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: { id: number }, done: (err: Error | null, principal: SessionPrincipal) => void): void {
    done(null, { id: user.id });
  }

  deserializeUser(principal: SessionPrincipal, done: (err: Error | null, principal: SessionPrincipal) => void): void {
    done(null, principal);
  }
}

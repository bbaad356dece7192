import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CachedPgSessionStore } from './session-store';

/** Ends sessions by user, for password changes, resets and account deletion. */
@Injectable()
export class SessionRegistry {
  constructor(
    private readonly em: EntityManager,
    private readonly store: CachedPgSessionStore,
  ) {}

  async endSessionsOfUser(userId: number, exceptSessionId?: string): Promise<number> {
    const ended = await this.em
      .getConnection()
      .execute<{ sid: string }[]>(
        `delete from http_sessions where (sess -> 'passport' -> 'user' ->> 'id') = ? and sid <> ? returning sid`,
        [String(userId), exceptSessionId ?? ''],
      );
    // Every process hears of it through the row-change feed; this one forgets them right away.
    this.store.forget(ended.map((row) => row.sid));
    return ended.length;
  }
}

import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** Ends sessions by user, for password changes, resets and account deletion. */
@Injectable()
export class SessionRegistry {
  constructor(private readonly em: EntityManager) {}

  async endSessionsOfUser(userId: number, exceptSessionId?: string): Promise<number> {
    const result = await this.em
      .getConnection()
      .execute<{ affectedRows: number }>(
        `delete from http_sessions where (sess -> 'passport' -> 'user' ->> 'id') = ? and sid <> ?`,
        [String(userId), exceptSessionId ?? ''],
        'run',
      );
    return result.affectedRows;
  }
}

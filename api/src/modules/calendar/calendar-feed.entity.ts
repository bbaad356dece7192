import { Entity, OneToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * A user's private calendar feed. The address's token is an HMAC of the user and `nonce` under
 * SESSION_SECRET, so Settings can show the address again without the token being stored: a copy
 * of this table holds only the token's SHA-256 (to find the feed) and the nonce, neither of which
 * opens the feed. Reset replaces the nonce, and the old address stops answering.
 */
@Entity({ tableName: 'calendar_feeds' })
export class CalendarFeed {
  [OptionalProps]?: 'createdAt';

  @OneToOne(() => User, { ref: true, primary: true, deleteRule: 'cascade', fieldName: 'user_id' })
  user!: Ref<User>;

  /** 128 random bits, base64url. */
  @Property({ type: 'string', length: 32 })
  nonce!: string;

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

import { Entity, Index, ManyToOne, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { User } from '../../users/user.entity';

/**
 * A browser session. The cookie carries a random 256-bit id; only its HMAC under SESSION_SECRET is
 * stored, so a copy of this table cannot be replayed as cookies. Anonymous sessions (no user)
 * exist to carry the CSRF token of the log-in and sign-up forms.
 */
@Entity({ tableName: 'http_sessions' })
export class HttpSession {
  @PrimaryKey({ type: 'string', length: 64 })
  idHash!: string;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade', index: true })
  user!: Ref<User> | null;

  /** The synchronizer token every non-GET request of this session must send back. */
  @Property({ type: 'string', length: 64 })
  csrfToken!: string;

  /** When the session began (at sign-in for a signed-in one): the absolute cap counts from here. */
  @Property({ type: 'datetime' })
  startedAt!: Date;

  /** The last activity that moved the idle expiry on (at most hourly). */
  @Property({ type: 'datetime' })
  activeAt!: Date;

  @Index()
  @Property({ type: 'datetime' })
  expiresAt!: Date;
}

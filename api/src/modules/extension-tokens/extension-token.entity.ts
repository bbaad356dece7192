import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Ref } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * A connected Chrome extension: one per user and extension id (connecting the same extension again
 * replaces its token). The extension holds a random 256-bit token; only its SHA-256 is stored, so a
 * copy of this table cannot be replayed. Revoking deletes the row.
 */
@Entity({ tableName: 'extension_tokens' })
@Unique({ properties: ['user', 'extensionId'] })
export class ExtensionToken {
  [OptionalProps]?: 'createdAt' | 'lastUsedAt' | 'browser';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** Chrome's id of the extension install (32 letters a-p), as the connect page was given it. */
  @Property({ type: 'string', length: 32 })
  extensionId!: string;

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  /** "Chrome on macOS": read from the connect page's user agent, so Settings can tell two apart. */
  @Property({ type: 'string', length: 60, nullable: true })
  browser: string | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** Moved on by requests made with the token, at most once a minute. */
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;
}

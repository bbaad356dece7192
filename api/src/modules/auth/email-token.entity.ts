import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { User } from '../users/user.entity';

export type EmailTokenPurpose = 'verify_email' | 'change_email' | 'reset_password';

/** A single-use link token; only its SHA-256 is stored. */
@Entity({ tableName: 'email_tokens' })
@Index({ properties: ['user', 'purpose'] })
export class EmailToken {
  [OptionalProps]?: 'createdAt' | 'usedAt' | 'targetEmail';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Enum({ items: ['verify_email', 'change_email', 'reset_password'] })
  purpose!: EmailTokenPurpose;

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  /** The address the token confirms (the pending address for an email change). */
  @Property({ type: 'string', length: 254, nullable: true })
  targetEmail: string | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

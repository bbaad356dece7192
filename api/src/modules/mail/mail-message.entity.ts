import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type MailKind =
  | 'verify-email'
  | 'confirm-email-change'
  | 'reset-password'
  | 'password-changed'
  | 'account-deleted'
  | 'follow-up-reminder'
  | 'premium-started'
  | 'payment-failed'
  | 'premium-ended';

/** One email to send. The queue job carries only this row's id, never an address or a token. */
@Entity({ tableName: 'mail_messages' })
export class MailMessage {
  [OptionalProps]?:
    'createdAt' | 'sentAt' | 'attempts' | 'lastError' | 'lastAttemptAt' | 'userId' | 'sealedBody' | 'jobKey';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /**
   * The queue job's id (`mail-<jobKey>`): random, so unique for all time. A serial id would repeat
   * in a new or restored database on the same Redis, where BullMQ still holds the finished job of
   * that id and silently ignores the add: the mail would never leave.
   */
  @Property({ type: 'uuid', unique: true, defaultRaw: 'gen_random_uuid()' })
  jobKey!: string;

  @Property({ type: 'string', length: 40 })
  kind!: MailKind;

  /** Not a foreign key: an account-deleted notice outlives its user. */
  @Index()
  @Property({ type: 'integer', nullable: true })
  userId: number | null = null;

  @Property({ type: 'string', length: 254 })
  toAddress!: string;

  @Property({ type: 'string', length: 200 })
  subject!: string;

  /**
   * The rendered text and HTML, sealed with AES-256-GCM (they may hold a link token) and wiped
   * once sent, so a database reader never finds a usable link.
   */
  @Property({ type: 'text', nullable: true })
  sealedBody: string | null = null;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  lastAttemptAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

import { Entity, Enum, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Ref } from '@mikro-orm/core';
import { User } from '../users/user.entity';

export type ReminderDeliveryStatus = 'pending' | 'sent' | 'empty';

/**
 * One user's reminder email for one local day: made by the fan-out (unique per user and day, so a
 * second fan-out, or two schedulers, make nothing more) and settled by the worker under its row
 * lock, in the same transaction that records the email and marks the cards it covers.
 */
@Entity({ tableName: 'reminder_deliveries' })
@Unique({ properties: ['user', 'localDate'] })
export class ReminderDelivery {
  [OptionalProps]?: 'jobKey' | 'status' | 'people' | 'mailMessageId' | 'createdAt' | 'settledAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** The user's local date the reminder is for. */
  @Property({ type: 'date' })
  localDate!: string;

  /** The queue job's id (`reminder-<jobKey>`): random, so unique for all time. */
  @Property({ type: 'uuid', unique: true, defaultRaw: 'gen_random_uuid()' })
  jobKey!: string;

  @Enum({ items: ['pending', 'sent', 'empty'], default: 'pending' })
  status: ReminderDeliveryStatus = 'pending';

  /** The people (due cards) the email listed. */
  @Property({ type: 'integer', default: 0 })
  people: number = 0;

  @Property({ type: 'integer', nullable: true })
  mailMessageId: number | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  settledAt: Date | null = null;
}

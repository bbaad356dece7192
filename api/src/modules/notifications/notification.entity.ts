import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Contact } from '../contacts/contact.entity';
import { Interaction } from '../interactions/interaction.entity';
import { User } from '../users/user.entity';

/**
 * The reminder raised by an interaction's next-contact date: exactly one per interaction that has
 * such a date (unique), kept by the server in the same transaction as the interaction.
 */
@Entity({ tableName: 'notifications' })
@Index({ properties: ['user', 'date'] })
/** What the reminder fan-out scans: only the notifications still waiting to be reminded. */
@Index({
  name: 'notifications_due_index',
  expression:
    'create index "notifications_due_index" on "notifications" ("user_id", "date") where not "viewed" and "reminded_at" is null',
})
export class Notification {
  [OptionalProps]?: 'viewed' | 'remindedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => Contact, { ref: true, deleteRule: 'cascade' })
  contact!: Ref<Contact>;

  @ManyToOne(() => Interaction, { ref: true, deleteRule: 'cascade', unique: true })
  interaction!: Ref<Interaction>;

  /** The next-contact date: due from the start of this date in the user's time zone. */
  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'boolean', default: false })
  viewed: boolean = false;

  /** When a daily reminder email covered it (null: not yet); a new date makes it due again. */
  @Property({ type: 'datetime', nullable: true })
  remindedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

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
export class Notification {
  [OptionalProps]?: 'viewed' | 'createdAt' | 'updatedAt';

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

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

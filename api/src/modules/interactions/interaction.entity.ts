import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import type { ContactMethod } from '@tend/contracts';
import { Contact } from '../contacts/contact.entity';
import { User } from '../users/user.entity';

/** One logged contact with a person: when, how, what was said, and when to follow up. */
@Entity({ tableName: 'interactions' })
@Index({ properties: ['contact', 'dateContacted', 'id'] })
@Index({ properties: ['user', 'dateContacted'] })
export class Interaction {
  [OptionalProps]?: 'notes' | 'nextContactDate' | 'nextContactSetAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** Deleting a contact deletes its interactions. */
  @ManyToOne(() => Contact, { ref: true, deleteRule: 'cascade' })
  contact!: Ref<Contact>;

  @Property({ type: 'date' })
  dateContacted!: string;

  @Property({ type: 'string', length: 40 })
  contactMethod!: ContactMethod;

  @Property({ type: 'text', default: '' })
  notes: string = '';

  @Property({ type: 'date', nullable: true })
  nextContactDate: string | null = null;

  /**
   * When it was logged or its next-contact date last changed: the daily loop's rule compares it with
   * the card's last Snooze or schedule to know which explicit date is the newer.
   */
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  nextContactSetAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

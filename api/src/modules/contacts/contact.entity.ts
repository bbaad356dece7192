import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Tier } from '../tiers/tier.entity';
import { User } from '../users/user.entity';
import type { ContactFieldProperties } from './contact-field-values';

/**
 * A card on the board. Its column is `tier`; the spec's `column_order` is that tier's position,
 * derived on read so it can never drift. Cards in a column are ordered by `verticalOrder` descending.
 * Its editable fields are the contracts' `CONTACT_FIELDS`, one column each (`ContactFieldProperties`).
 */
@Entity({ tableName: 'contacts' })
@Index({ properties: ['user', 'tier', 'verticalOrder'] })
@Index({ properties: ['user', 'createdAt'] })
export class Contact implements ContactFieldProperties {
  [OptionalProps]?:
    | 'title'
    | 'company'
    | 'linkedIn'
    | 'email'
    | 'phoneNumber'
    | 'connectionDescription'
    | 'dateConnected'
    | 'photoKey'
    | 'verticalOrder'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /**
   * A column with cards cannot be deleted: the database enforces the spec's rule. NO ACTION (checked
   * at the end of the statement) rather than RESTRICT, so deleting a user cascades cleanly.
   */
  @ManyToOne(() => Tier, { ref: true, deleteRule: 'no action' })
  tier!: Ref<Tier>;

  @Property({ type: 'integer', default: 0 })
  verticalOrder: number = 0;

  @Property({ type: 'string', length: 120 })
  name!: string;

  @Property({ type: 'string', length: 120, nullable: true })
  title: string | null = null;

  @Property({ type: 'string', length: 120, nullable: true })
  company: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  linkedIn: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  @Property({ type: 'string', length: 40, nullable: true })
  phoneNumber: string | null = null;

  @Property({ type: 'text', nullable: true })
  connectionDescription: string | null = null;

  @Property({ type: 'date', nullable: true })
  dateConnected: string | null = null;

  /** File name under STORAGE_DIR/photos (random, never user-chosen). */
  @Property({ type: 'string', length: 80, nullable: true })
  photoKey: string | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

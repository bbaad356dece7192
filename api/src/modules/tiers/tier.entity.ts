import { Check, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Ref } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/** A column of the board. Position 0 is the inbox column: it cannot be renamed or deleted. */
@Entity({ tableName: 'tiers' })
@Unique({ properties: ['user', 'position'] })
export class Tier {
  [OptionalProps]?: 'cadenceDays' | 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 60 })
  name!: string;

  @Property({ type: 'integer' })
  position!: number;

  /** How often its cards are due, in days (the daily loop's cadence); null: no cadence. */
  @Property({ type: 'integer', nullable: true })
  @Check({ name: 'tiers_cadence_days_check', expression: 'cadence_days >= 1 and cadence_days <= 365' })
  cadenceDays: number | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Ref } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/** A column of the board. Position 0 is the inbox column: it cannot be renamed or deleted. */
@Entity({ tableName: 'tiers' })
@Unique({ properties: ['user', 'position'] })
export class Tier {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 60 })
  name!: string;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

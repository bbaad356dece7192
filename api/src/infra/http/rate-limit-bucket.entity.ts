import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The table rate-limiter-flexible's PostgreSQL store uses (shared by every api replica). */
@Entity({ tableName: 'rate_limits' })
export class RateLimitBucket {
  @PrimaryKey({ type: 'string', length: 255 })
  key!: string;

  @Property({ type: 'integer', default: 0 })
  points!: number;

  @Property({ type: 'bigint', nullable: true })
  expire!: string | null;
}

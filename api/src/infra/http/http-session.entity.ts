import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** The table connect-pg-simple keeps sessions in; declared here so migrations own its schema. */
@Entity({ tableName: 'http_sessions' })
export class HttpSession {
  @PrimaryKey({ type: 'string', length: 255 })
  sid!: string;

  @Property({ type: 'json' })
  sess!: Record<string, unknown>;

  @Index()
  @Property({ type: 'datetime', length: 6 })
  expire!: Date;
}

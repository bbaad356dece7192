import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { User } from '../users/user.entity';

export type DataExportState = 'pending' | 'ready' | 'failed' | 'downloaded';

/** A zip of everything a user has, built by a job; downloadable once, until `expiresAt`. */
@Entity({ tableName: 'data_exports' })
@Index({ properties: ['expiresAt'] })
export class DataExport {
  [OptionalProps]?: 'state' | 'fileKey' | 'size' | 'expiresAt' | 'downloadedAt' | 'createdAt';

  /** Random, so the job id `export-<id>` is unique for all time. */
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ type: 'string', length: 20, default: 'pending' })
  state: DataExportState = 'pending';

  /** `exports/<random>.zip` under STORAGE_DIR while ready. */
  @Property({ type: 'string', length: 80, nullable: true })
  fileKey: string | null = null;

  @Property({ type: 'integer', nullable: true })
  size: number | null = null;

  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  downloadedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Ref } from '@mikro-orm/core';
import type { ImportFormat, ImportMapping, ImportRowError, ImportState, OnDuplicate } from '@tend/contracts';
import { User } from '../users/user.entity';

/** The index that keeps one import per user being read or run: a second one is refused (409). */
export const ONE_IMPORT_AT_A_TIME = 'imports_one_at_a_time_per_user';

/**
 * An import: an uploaded file being read (`reading`, the file kept under `uploadKey` until then),
 * its preview (the readable rows kept in `import_rows`, so the run needs no file) and then its run,
 * batch by batch. `position` is how many of those rows are done, committed with each batch, so a
 * retried job resumes where the last committed batch ended and never adds a row twice.
 */
@Entity({ tableName: 'imports' })
@Index({ properties: ['state', 'createdAt'] })
@Unique({
  name: ONE_IMPORT_AT_A_TIME,
  expression: `create unique index "${ONE_IMPORT_AT_A_TIME}" on "imports" ("user_id") where "state" in ('reading', 'running')`,
})
export class ImportRun {
  [OptionalProps]?:
    | 'state'
    | 'uploadKey'
    | 'mapping'
    | 'columns'
    | 'total'
    | 'newCount'
    | 'duplicates'
    | 'unreadable'
    | 'fits'
    | 'toProcess'
    | 'errors'
    | 'position'
    | 'imported'
    | 'updated'
    | 'toNetwork'
    | 'skipped'
    | 'overLimit'
    | 'limitReached'
    | 'stoppedAtRow'
    | 'message'
    | 'contactIds'
    | 'createdAt'
    | 'finishedAt';

  /** Random, so the job id `import-<id>` is unique for all time. */
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  /**
   * The column the cards go to (checked again when the run starts), the rest into the network; null:
   * everyone into the network (issue 26).
   */
  @Property({ type: 'integer', nullable: true })
  tierId!: number | null;

  /** What the file looks like by its first bytes; the reading settles it (a CSV may be LinkedIn's). */
  @Property({ type: 'string', length: 20 })
  format!: ImportFormat;

  @Property({ type: 'string', length: 255 })
  fileName!: string;

  @Property({ type: 'string', length: 10 })
  onDuplicate!: OnDuplicate;

  @Property({ type: 'string', length: 20, default: 'reading' })
  state: ImportState = 'reading';

  /** The uploaded file under STORAGE_DIR while it is being read (`imports/<random>.bin`). */
  @Property({ type: 'string', length: 80, nullable: true })
  uploadKey: string | null = null;

  @Property({ type: 'json', nullable: true })
  columns: string[] | null = null;

  /** While reading: the mapping the request gave (null: guess it); then the one used. */
  @Property({ type: 'json', nullable: true })
  mapping: ImportMapping | null = null;

  @Property({ type: 'integer', default: 0 })
  total: number = 0;

  @Property({ type: 'integer', default: 0 })
  newCount: number = 0;

  @Property({ type: 'integer', default: 0 })
  duplicates: number = 0;

  @Property({ type: 'integer', default: 0 })
  unreadable: number = 0;

  @Property({ type: 'integer', default: 0 })
  fits: number = 0;

  @Property({ type: 'json' })
  errors: ImportRowError[] = [];

  /** Readable rows (the `import_rows` of this import): what the run goes through. */
  @Property({ type: 'integer', default: 0 })
  toProcess: number = 0;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Property({ type: 'integer', default: 0 })
  imported: number = 0;

  /** Of `imported`, the people put into the network. */
  @Property({ type: 'integer', default: 0 })
  toNetwork: number = 0;
  @Property({ type: 'integer', default: 0 })
  updated: number = 0;

  @Property({ type: 'integer', default: 0 })
  skipped: number = 0;

  @Property({ type: 'integer', default: 0 })
  overLimit: number = 0;

  @Property({ type: 'boolean', default: false })
  limitReached: boolean = false;

  @Property({ type: 'integer', nullable: true })
  stoppedAtRow: number | null = null;

  @Property({ type: 'text', nullable: true })
  message: string | null = null;

  /**
   * The cards this import added, for the board's "what came in" filter: up to 30,000 ids, so read
   * only when asked for (`?include=ids`) and appended to in SQL by each batch.
   */
  @Property({ type: 'json', lazy: true })
  contactIds: number[] = [];

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;
}

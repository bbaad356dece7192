import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import type { ImportFormat, ImportMapping, ImportRowError, ImportState, OnDuplicate } from '@tend/contracts';
import { User } from '../users/user.entity';
import type { NewCard } from '../contacts/contacts.service';

/** One readable person of an import, as the preview read it (kept until the run ends). */
export interface StoredRow {
  row: number;
  card: NewCard;
  keys: string[];
}

/**
 * An import: a previewed file (its readable rows kept here, so the run needs no file) and then its
 * run, batch by batch. `position` is how many of `rows` are done, committed with each batch, so a
 * retried job resumes where the last committed batch ended and never adds a row twice.
 */
@Entity({ tableName: 'imports' })
@Index({ properties: ['state', 'createdAt'] })
export class ImportRun {
  [OptionalProps]?:
    | 'state'
    | 'mapping'
    | 'columns'
    | 'rows'
    | 'errors'
    | 'position'
    | 'imported'
    | 'updated'
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

  /** The column the cards go to (checked again when the run starts). */
  @Property({ type: 'integer' })
  tierId!: number;

  @Property({ type: 'string', length: 20 })
  format!: ImportFormat;

  @Property({ type: 'string', length: 255 })
  fileName!: string;

  @Property({ type: 'string', length: 10 })
  onDuplicate!: OnDuplicate;

  @Property({ type: 'string', length: 20, default: 'preview' })
  state: ImportState = 'preview';

  @Property({ type: 'json', nullable: true })
  columns: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  mapping: ImportMapping | null = null;

  @Property({ type: 'integer' })
  total!: number;

  @Property({ type: 'integer' })
  newCount!: number;

  @Property({ type: 'integer' })
  duplicates!: number;

  @Property({ type: 'integer' })
  unreadable!: number;

  @Property({ type: 'integer' })
  fits!: number;

  @Property({ type: 'json' })
  errors: ImportRowError[] = [];

  /** The readable rows, in file order; cleared when the run ends. */
  @Property({ type: 'json', nullable: true, lazy: true })
  rows: StoredRow[] | null = null;

  @Property({ type: 'integer' })
  toProcess!: number;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Property({ type: 'integer', default: 0 })
  imported: number = 0;

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

  /** The cards this import added, for the board's "what came in" filter. */
  @Property({ type: 'json' })
  contactIds: number[] = [];

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;
}

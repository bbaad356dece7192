import { Entity, ManyToOne, PrimaryKey, PrimaryKeyProp, Property, type Ref } from '@mikro-orm/core';
import type { NewCard } from '../contacts/contacts.service';
import { ImportRun } from './import-run.entity';

/**
 * One readable person of an import, as the reading found them, kept from the preview until the
 * run has passed them (one row per person: a run of 30,000 reads and writes 1,000 at a time, and
 * no statement ever carries them all). Written and read in SQL (`ImportRowStore`).
 */
@Entity({ tableName: 'import_rows' })
export class ImportRow {
  [PrimaryKeyProp]?: ['run', 'ordinal'];

  @ManyToOne(() => ImportRun, { primary: true, ref: true, deleteRule: 'cascade', fieldName: 'import_id' })
  run!: Ref<ImportRun>;

  /** 0-based among the import's readable rows: the run's `position` counts these. */
  @PrimaryKey({ type: 'integer' })
  ordinal!: number;

  /** The person's row in the file (1 = the first person), as the preview's errors number them. */
  @Property({ type: 'integer' })
  row!: number;

  @Property({ type: 'json' })
  card!: NewCard;

  /** `li:<canonical LinkedIn URL>` and/or `em:<email>`: what the person is recognised by on a board. */
  @Property({ type: 'json' })
  keys!: string[];

  /** The photo the file gave them, checked and stored like an upload; removed unless a card took it. */
  @Property({ type: 'string', length: 80, nullable: true })
  photoKey: string | null = null;
}

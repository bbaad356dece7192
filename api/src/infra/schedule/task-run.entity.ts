import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { TaskResult } from './scheduled-task';

/** The last run of each scheduled task, for `/api/ready`, the log's staleness warnings and operators. */
@Entity({ tableName: 'task_runs' })
export class TaskRun {
  @PrimaryKey({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz', nullable: true })
  lastStartedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastFinishedAt: Date | null = null;

  /** When the task last ended without an error. */
  @Property({ type: 'timestamptz', nullable: true })
  lastSucceededAt: Date | null = null;

  @Property({ type: 'jsonb', nullable: true })
  lastResult: TaskResult | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;
}

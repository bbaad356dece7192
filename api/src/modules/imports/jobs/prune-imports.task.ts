import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { Clock } from '../../../infra/time/clock';
import { ImportsService } from '../imports.service';
import { PRUNE_IMPORTS } from './imports.jobs';

/** An import left before it ran is kept this long: a preview is looked at in minutes, or never. */
export const ABANDONED_IMPORT_MS = 3600_000;

/** Deletes imports left before they ran (previews never started, readings abandoned) after an hour. */
@ScheduledTask(PRUNE_IMPORTS)
@Injectable()
export class PruneImportsTask implements RunnableTask {
  constructor(
    private readonly imports: ImportsService,
    private readonly clock: Clock,
  ) {}

  async run(): Promise<TaskResult> {
    return { previews: await this.imports.prune(new Date(this.clock.nowMs() - ABANDONED_IMPORT_MS)) };
  }
}

import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { Clock } from '../../../infra/time/clock';
import { ExportsService } from '../../exports/exports.service';
import { ImportsService } from '../imports.service';

/** Deletes used or expired export files, old export rows, and previews never started after a day. */
@ScheduledTask({
  name: 'prune-imports',
  cron: '17 * * * *',
  description: 'Delete expired or downloaded export files and import previews older than a day.',
})
@Injectable()
export class PruneImportsTask implements RunnableTask {
  constructor(
    private readonly imports: ImportsService,
    private readonly exports: ExportsService,
    private readonly clock: Clock,
  ) {}

  async run(): Promise<TaskResult> {
    const previews = await this.imports.prune(new Date(this.clock.nowMs() - 24 * 3600_000));
    const { files, rows } = await this.exports.prune();
    return { previews, exportFiles: files, exportRows: rows };
  }
}

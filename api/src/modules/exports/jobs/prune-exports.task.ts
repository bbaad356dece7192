import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { ExportsService } from '../exports.service';

/** Deletes used or expired export files, and export rows after a week. */
@ScheduledTask({
  name: 'prune-exports',
  cron: '17 * * * *',
  description: 'Delete expired or downloaded export files, and export rows older than a week.',
})
@Injectable()
export class PruneExportsTask implements RunnableTask {
  constructor(private readonly exports: ExportsService) {}

  async run(): Promise<TaskResult> {
    const { files, rows } = await this.exports.prune();
    return { exportFiles: files, exportRows: rows };
  }
}

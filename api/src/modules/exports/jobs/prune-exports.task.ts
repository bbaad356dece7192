import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { ExportsService } from '../exports.service';
import { PRUNE_EXPORTS } from './exports.jobs';

/** Deletes used or expired export files, and export rows after a week. */
@ScheduledTask(PRUNE_EXPORTS)
@Injectable()
export class PruneExportsTask implements RunnableTask {
  constructor(private readonly exports: ExportsService) {}

  async run(): Promise<TaskResult> {
    const { files, rows } = await this.exports.prune();
    return { exportFiles: files, exportRows: rows };
  }
}

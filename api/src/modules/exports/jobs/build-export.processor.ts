import { Injectable } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobHandler } from '../../../infra/queue/job-handler';
import type { JobData } from '../../../infra/queue/job-map';
import { ExportsService } from '../exports.service';

/** `export.build`: writes the zip; after the last attempt the export is marked failed. */
@HandlesJob('imports', 'export.build')
@Injectable()
export class BuildExportProcessor implements JobHandler<'imports', 'export.build'> {
  constructor(private readonly exports: ExportsService) {}

  async handle({ exportId }: JobData<'imports', 'export.build'>, context: JobContext): Promise<void> {
    try {
      await this.exports.build(exportId);
    } catch (error) {
      if (context.isLastAttempt) await this.exports.markFailed(exportId);
      throw error;
    }
  }
}

import { Injectable } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobHandler } from '../../../infra/queue/job-handler';
import type { JobData } from '../../../infra/queue/job-map';
import { ImportsService } from '../imports.service';

/** `import.run`: batches of rows onto the board; a retry resumes after the last committed batch. */
@HandlesJob('imports', 'import.run')
@Injectable()
export class RunImportProcessor implements JobHandler<'imports', 'import.run'> {
  constructor(private readonly imports: ImportsService) {}

  handle({ importId }: JobData<'imports', 'import.run'>, context: JobContext): Promise<void> {
    return this.imports.run(importId, context.isLastAttempt);
  }
}

import { Injectable } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobHandler } from '../../../infra/queue/job-handler';
import type { JobData } from '../../../infra/queue/job-map';
import { ImportReaderService } from '../import-reader.service';

/** `import.read`: an uploaded file into its preview; after the last attempt the import is failed. */
@HandlesJob('imports', 'import.read')
@Injectable()
export class ReadImportProcessor implements JobHandler<'imports', 'import.read'> {
  constructor(private readonly reader: ImportReaderService) {}

  handle({ importId }: JobData<'imports', 'import.read'>, context: JobContext): Promise<void> {
    return this.reader.read(importId, context.isLastAttempt);
  }
}

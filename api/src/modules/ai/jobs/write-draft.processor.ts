import { Injectable } from '@nestjs/common';
import { HandlesJob, type JobHandler } from '../../../infra/queue/job-handler';
import type { JobData } from '../../../infra/queue/job-map';
import { DraftWriter } from '../draft-writer.service';
import type { DraftJobResult } from './ai.jobs';

/** `ai.draft`: writes one follow-up draft and answers it (sealed) to the request waiting for it. */
@HandlesJob('ai', 'ai.draft')
@Injectable()
export class WriteDraftProcessor implements JobHandler<'ai', 'ai.draft'> {
  constructor(private readonly writer: DraftWriter) {}

  handle(data: JobData<'ai', 'ai.draft'>): Promise<DraftJobResult> {
    return this.writer.write(data);
  }
}

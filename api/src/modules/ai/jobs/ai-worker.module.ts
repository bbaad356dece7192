import { Module } from '@nestjs/common';
import { AiModule } from '../ai.module';
import { WriteDraftProcessor } from './write-draft.processor';
import { AI_JOBS } from './ai.jobs';

/** The AI module's worker part: the handler of `ai.draft`. */
@Module({ imports: [AiModule], providers: [WriteDraftProcessor] })
export class AiWorkerModule {
  /** Its module's declaration, read by the composition root (app/worker-modules.ts). */
  static readonly jobs = AI_JOBS;
}

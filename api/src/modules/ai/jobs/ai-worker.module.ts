import { Module } from '@nestjs/common';
import { AiModule } from '../ai.module';
import { WriteDraftProcessor } from './write-draft.processor';

/** The AI module's worker part: the handler of `ai.draft`. */
@Module({ imports: [AiModule], providers: [WriteDraftProcessor] })
export class AiWorkerModule {}

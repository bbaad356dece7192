import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobsModule } from '../../infra/queue/job-declarations';
import { ContactsModule } from '../contacts/contacts.module';
import { UsersModule } from '../users/users.module';
import { AiController } from './ai.controller';
import { AiService } from './ai.service';
import { DRAFT_BOX, DraftBox } from './draft-box';
import { DraftLimits } from './draft-limits';
import { DraftSources } from './draft-sources';
import { DraftWriter } from './draft-writer.service';
import { AI_JOBS } from './jobs/ai.jobs';
import { AI_PROVIDER } from './providers/ai-provider';
import { createAiProvider } from './providers/create-provider';

/**
 * Follow-up drafts: the api asks (`POST /api/geminis/`), the worker writes (`ai.draft`) with the
 * provider `AI_PROVIDER` names: Gemini, an OpenAI-compatible server (a local model), or the template.
 */
@Module({
  imports: [UsersModule, ContactsModule, JobsModule.declare(AI_JOBS)],
  controllers: [AiController],
  providers: [
    AiService,
    DraftLimits,
    DraftWriter,
    DraftSources,
    { provide: AI_PROVIDER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createAiProvider(config.ai) },
    {
      provide: DRAFT_BOX,
      inject: [APP_CONFIG],
      // Sealed only when jobs go through Redis (see DraftBox).
      useFactory: (config: AppConfig) => new DraftBox(config.redisUrl ? config.sessionSecret : null),
    },
  ],
  exports: [DraftWriter],
})
export class AiModule {}

import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { JobWorkerModule } from '../infra/queue/job-worker.module';
import { AiModule } from '../modules/ai/ai.module';
import { WriteDraftProcessor } from '../modules/ai/jobs/write-draft.processor';
import { BillingModule } from '../modules/billing/billing.module';
import { SyncCustomersProcessor } from '../modules/billing/jobs/sync-customers.processor';
import { SendMailProcessor } from '../modules/mail/jobs/send-mail.processor';
import { MailModule } from '../modules/mail/mail.module';
import { DeliverReminderProcessor } from '../modules/reminders/jobs/deliver-reminder.processor';
import { RemindersModule } from '../modules/reminders/reminders.module';
import { ImportsModule } from '../modules/imports/imports.module';
import { ExportsModule } from '../modules/exports/exports.module';
import { BuildExportProcessor } from '../modules/exports/jobs/build-export.processor';
import { ReadImportProcessor } from '../modules/imports/jobs/read-import.processor';
import { RunImportProcessor } from '../modules/imports/jobs/run-import.processor';

/** The worker role: a handler for every job of the job map, no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        JobWorkerModule.forRoot({
          bullmq: config.redisUrl !== undefined,
          // A fan-out to thousands would otherwise take a core from the API and trip the SMTP
          // relay's own rate limit (Amazon SES starts at 14 a second); a day's reminders can wait minutes.
          rateLimits: { reminders: { max: config.reminderSendRate, duration: 1_000 } },
          imports: [MailModule, RemindersModule, ImportsModule, ExportsModule, AiModule, BillingModule],
          handlers: [
            SendMailProcessor,
            DeliverReminderProcessor,
            ReadImportProcessor,
            RunImportProcessor,
            BuildExportProcessor,
            WriteDraftProcessor,
            SyncCustomersProcessor,
          ],
        }),
      ],
    };
  }
}

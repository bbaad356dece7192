import type { ModuleJobs, WorkerModuleClass } from '../infra/queue/job-declarations';
import { AiWorkerModule } from '../modules/ai/jobs/ai-worker.module';
import { AuthWorkerModule } from '../modules/auth/jobs/auth-worker.module';
import { BillingWorkerModule } from '../modules/billing/jobs/billing-worker.module';
import { ExportsWorkerModule } from '../modules/exports/jobs/exports-worker.module';
import { ImportsWorkerModule } from '../modules/imports/jobs/imports-worker.module';
import { MailWorkerModule } from '../modules/mail/jobs/mail-worker.module';
import { RemindersWorkerModule } from '../modules/reminders/jobs/reminders-worker.module';

/**
 * The worker module of every module that has jobs or scheduled tasks (its handlers and its tasks).
 * The worker and the scheduler role both import them all, so one left out is missing from both:
 * its module still declares its jobs and tasks, and the boot checks refuse to start (`npm start`
 * and every test run the three roles in one process, where every module is loaded).
 */
export const WORKER_MODULES: readonly WorkerModuleClass[] = [
  MailWorkerModule,
  AuthWorkerModule,
  RemindersWorkerModule,
  ImportsWorkerModule,
  ExportsWorkerModule,
  AiWorkerModule,
  BillingWorkerModule,
];

/**
 * Every module's declaration, read from its worker module when the app is composed: the queues
 * `@nestjs/bullmq` registers (every role) and works on (the worker role). A loaded module declaring
 * a queue that is not here stops the boot (`JobDeclarations`).
 */
export const MODULE_JOBS: readonly ModuleJobs[] = WORKER_MODULES.map((module) => module.jobs);

import { Module } from '@nestjs/common';
import { WORKER_MODULES } from './worker-modules';

/**
 * The scheduler role: every module's worker module, for its `@ScheduledTask` providers (they enqueue
 * for the worker, or do one small bounded statement themselves). Boot fails while a declared task is
 * not registered (`TaskRunner`). The scheduler role fires them on their cron; `npm run task` runs one.
 */
@Module({ imports: WORKER_MODULES })
export class SchedulerModule {}

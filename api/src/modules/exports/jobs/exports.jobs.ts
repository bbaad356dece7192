import { declareJobs } from '../../../infra/queue/job-declarations';
import { defineTask } from '../../../infra/schedule/scheduled-task';
import { IMPORTS_QUEUE } from '../../imports/jobs/imports.jobs';

export const PRUNE_EXPORTS = defineTask({
  name: 'prune-exports',
  cron: '17 * * * *',
  description: 'Delete expired or downloaded export files, and export rows older than a week.',
});

/**
 * What the exports module runs in the background: ExportsModule declares it, ExportsWorkerModule
 * runs it. `export.build` runs on the `imports` queue, the queue of the work on users' files, which
 * the imports module declares: this is that same declaration (the boot check accepts one queue
 * declared by two modules when it is the same object, and refuses two different ones of one name).
 */
export const EXPORTS_JOBS = declareJobs({ queues: [IMPORTS_QUEUE], tasks: [PRUNE_EXPORTS] });

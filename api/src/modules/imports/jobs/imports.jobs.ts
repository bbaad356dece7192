import { declareJobs } from '../../../infra/queue/job-declarations';
import { defineQueue, job, JOB_ATTEMPTS } from '../../../infra/queue/job-map';
import { defineTask } from '../../../infra/schedule/scheduled-task';

export const IMPORTS_QUEUE = defineQueue({
  name: 'imports',
  concurrency: 2,
  attempts: JOB_ATTEMPTS,
  jobs: {
    /** Runs a previewed import (an `imports` row, by its UUID) batch by batch. */
    'import.run': job<{ importId: string }>(),
    /** Builds a user's export zip (a `data_exports` row, by its UUID). */
    'export.build': job<{ exportId: string }>(),
  },
});

declare module '../../../infra/queue/job-map' {
  interface Queues {
    imports: typeof IMPORTS_QUEUE;
  }
}

export const PRUNE_IMPORTS = defineTask({
  name: 'prune-imports',
  cron: '17 * * * *',
  description: 'Delete expired or downloaded export files and import previews older than a day.',
});

/** What the imports module runs in the background: ImportsModule declares it, ImportsWorkerModule runs it. */
export const IMPORTS_JOBS = declareJobs({ queues: [IMPORTS_QUEUE], tasks: [PRUNE_IMPORTS] });

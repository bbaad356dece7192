import { declareJobs } from '../../../infra/queue/job-declarations';
import { defineQueue, job, JOB_ATTEMPTS } from '../../../infra/queue/job-map';
import { defineTask } from '../../../infra/schedule/scheduled-task';

/**
 * The queue of the work on users' files: reading an upload, running an import, building an export.
 * It is declared once, here, and the exports module declares this same object for `export.build`
 * (its handler lives in modules/exports): a queue is one declaration (one `Queues` entry types its
 * jobs), and its two slots per worker are shared, so imports and exports together never take more.
 * `export.build` stays on this queue because BullMQ keeps jobs by their queue's name.
 */
export const IMPORTS_QUEUE = defineQueue({
  name: 'imports',
  concurrency: 2,
  attempts: JOB_ATTEMPTS,
  jobs: {
    /** Reads an uploaded file into its preview (an `imports` row that is `reading`, by its UUID). */
    'import.read': job<{ importId: string }>(),
    /** Runs a previewed import (an `imports` row, by its UUID) batch by batch. */
    'import.run': job<{ importId: string }>(),
    /** Builds a user's export zip (a `data_exports` row, by its UUID): the exports module's. */
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
  cron: '*/15 * * * *',
  description: 'Delete import previews never started (and files left unread) after an hour.',
});

/** What the imports module runs in the background: ImportsModule declares it, ImportsWorkerModule runs it. */
export const IMPORTS_JOBS = declareJobs({ queues: [IMPORTS_QUEUE], tasks: [PRUNE_IMPORTS] });

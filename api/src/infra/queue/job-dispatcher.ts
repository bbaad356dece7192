import type { JobData, JobName, QueueName } from './job-map';

export interface DispatchOptions {
  /**
   * Unique for all time (a row's UUID, never a bare serial id): BullMQ ignores an add whose id it
   * still holds, so an id reused by a new database on the same Redis would lose the job.
   */
  jobId: string;
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
}

/**
 * - `added`: a new job;
 * - `pending`: a job with this id is waiting or running already (the add was a duplicate);
 * - `retried`: a job with this id had failed all its attempts; it runs again from the start;
 * - `ignored`: a job with this id already completed, so nothing runs (logged and counted).
 */
export type DispatchResult = 'added' | 'pending' | 'retried' | 'ignored';

/**
 * Producers depend on this; the queue module binds BullMQ (REDIS_URL set) or the in-process
 * runner, which give the same guarantees for job ids, delays and attempts with backoff
 * (`api/test/job-runners.test.ts` runs one suite against both).
 */
export abstract class JobDispatcher {
  /** Adds that met a completed job of the same id and so ran nothing, since this process started. */
  ignoredAdds = 0;

  abstract dispatch<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: DispatchOptions,
  ): Promise<DispatchResult>;

  /**
   * Adds many new jobs at once (ids that were never used: no duplicate checks), in one round trip
   * to Redis where there is one. A fan-out of thousands of jobs uses this.
   */
  abstract dispatchMany<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    jobs: readonly { data: JobData<Q, N>; jobId: string }[],
  ): Promise<void>;

  /** Resolves when no in-process job is running or waiting (BullMQ: immediately). */
  abstract drain(): Promise<void>;
}

import type { JobData, JobName, JobResult, QueueName } from './job-map';

export interface DispatchOptions {
  /**
   * Unique for all time (a row's UUID, never a bare serial id): BullMQ ignores an add whose id it
   * still holds, so an id reused by a new database on the same Redis would lose the job.
   */
  jobId: string;
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
}

export interface WaitOptions {
  /** A new id, never used before (a request-reply job's id is its caller's alone). */
  jobId: string;
  /** Stop waiting after this long, with `JobDeadlineExceededError`. */
  timeoutMs: number;
}

/** No answer from a request-reply job within its deadline (the job itself may still run). */
export class JobDeadlineExceededError extends Error {
  constructor(
    readonly jobId: string,
    readonly timeoutMs: number,
  ) {
    super(`Job ${jobId} did not finish within ${timeoutMs} ms.`);
    this.name = 'JobDeadlineExceededError';
  }
}

/** `work`, or `JobDeadlineExceededError` once `timeoutMs` have passed (the timer is always cleared). */
export async function beforeDeadline<T>(work: Promise<T>, jobId: string, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JobDeadlineExceededError(jobId, timeoutMs)), Math.max(0, timeoutMs));
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
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
   * Request-reply: adds a job with a new id and answers what its handler returned, once it has
   * succeeded (retries included), or rejects with the handler's last error once it has used up its
   * attempts, or with `JobDeadlineExceededError` at the deadline. An id used before is refused.
   * Same in both runners: BullMQ waits through `QueueEvents`, the in-process runner awaits the run.
   */
  abstract dispatchAndWait<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: WaitOptions,
  ): Promise<JobResult<Q, N>>;

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

  /** Resolves once the job store answers (BullMQ: a read from Redis; in-process: at once). */
  abstract ping(): Promise<void>;
}

import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { JobHandlerRegistry } from './job-handler-registry';
import { JobDispatcher, type DispatchOptions, type DispatchResult } from './job-dispatcher';
import { JOB_ATTEMPTS, KEEP_COMPLETED, type JobData, type JobName, type QueueName } from './job-map';

/**
 * Runs jobs in this process through the same handlers, with the same ids, delays, attempts and
 * exponential backoff as BullMQ. Used when REDIS_URL is unset (the embedded default); nothing
 * survives a restart here (the PostgreSQL rows that jobs work from do, and the scheduler's tasks
 * pick up what was left), which the log says at boot.
 */
export class InProcessJobDispatcher extends JobDispatcher implements OnApplicationShutdown {
  private readonly logger = new Logger('InProcessJobs');
  private readonly active = new Set<Promise<void>>();
  private readonly pending = new Set<string>();
  /** Like BullMQ's completed and failed sets: the last ids that ended so, oldest first. */
  private readonly completed = new Set<string>();
  private readonly failed = new Set<string>();
  private stopping = false;
  private readonly stopped = new AbortController();

  constructor(
    private readonly handlers: () => JobHandlerRegistry,
    private readonly retryDelayMs: number,
  ) {
    super();
  }

  dispatch<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: DispatchOptions,
  ): Promise<DispatchResult> {
    if (this.pending.has(options.jobId)) return Promise.resolve('pending');
    if (this.completed.has(options.jobId)) {
      this.ignoredAdds += 1;
      this.logger.warn(`Job ${options.jobId} (${name}) already completed; the new add was ignored.`);
      return Promise.resolve('ignored');
    }
    // A re-add of a job that used up its attempts runs it again from the start, as BullMQ's retry.
    const retried = this.failed.delete(options.jobId);
    this.pending.add(options.jobId);
    const run = this.run(queue, name, data, options).finally(() => {
      this.pending.delete(options.jobId);
      this.active.delete(run);
    });
    this.active.add(run);
    return Promise.resolve(retried ? 'retried' : 'added');
  }

  async dispatchMany<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    jobs: readonly { data: JobData<Q, N>; jobId: string }[],
  ): Promise<void> {
    for (const job of jobs) await this.dispatch(queue, name, job.data, { jobId: job.jobId });
  }

  private async run(queue: QueueName, name: string, data: unknown, options: DispatchOptions): Promise<void> {
    // A delayed job that has not started when the process stops is dropped: the rows it works
    // from stay in PostgreSQL, and the scheduler's tasks pick them up again.
    if (!(await this.wait(options.delayMs ?? 0))) return;
    for (let attempt = 0; attempt < JOB_ATTEMPTS; attempt++) {
      try {
        await this.handlers().run(queue, name, data, { id: options.jobId, attemptsMade: attempt });
        this.remember(this.completed, options.jobId);
        return;
      } catch (error) {
        const last = attempt === JOB_ATTEMPTS - 1 || this.stopping;
        this.logger.warn(`Job ${name} (${options.jobId}) failed on attempt ${attempt + 1}: ${String(error)}`);
        if (last) {
          this.remember(this.failed, options.jobId);
          return;
        }
        if (!(await this.wait(this.retryDelayMs * 2 ** attempt))) return;
      }
    }
  }

  /** Waits `ms`; false when the process began stopping meanwhile. */
  private async wait(ms: number): Promise<boolean> {
    try {
      await sleep(ms, undefined, { signal: this.stopped.signal });
      return true;
    } catch {
      return false;
    }
  }

  private remember(ids: Set<string>, jobId: string): void {
    ids.add(jobId);
    if (ids.size > KEEP_COMPLETED) {
      const oldest = ids.values().next();
      if (!oldest.done) ids.delete(oldest.value);
    }
  }

  async drain(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.stopped.abort();
    await this.drain();
  }
}

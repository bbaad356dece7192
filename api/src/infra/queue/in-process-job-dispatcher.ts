import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobDeclarations } from './job-declarations';
import type { JobHandlerRegistry } from './job-handler-registry';
import {
  beforeDeadline,
  JobDispatcher,
  type DispatchOptions,
  type DispatchResult,
  type WaitOptions,
} from './job-dispatcher';
import { KEEP_COMPLETED, type JobData, type JobName, type JobResult, type QueueName } from './job-map';

/** How a run ended: the handler's answer, or its last error once the attempts were used up. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

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
    private readonly declarations: JobDeclarations,
    private readonly retryDelayMs: number,
  ) {
    super();
    // Every waiting job listens for the stop: dozens at once (request-reply drafts) are normal here.
    setMaxListeners(0, this.stopped.signal);
  }

  async dispatch<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: DispatchOptions,
  ): Promise<DispatchResult> {
    return Promise.resolve(this.start(queue, name, data, options).result);
  }

  async dispatchAndWait<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: WaitOptions,
  ): Promise<JobResult<Q, N>> {
    const { result, outcome } = this.start(queue, name, data, { jobId: options.jobId });
    if (result !== 'added' || !outcome) throw new Error(`Job id ${options.jobId} was already used (${result}).`);
    const ended = await beforeDeadline(outcome, options.jobId, options.timeoutMs);
    if (!ended) throw new Error(`Job ${options.jobId} did not run: the process is stopping.`);
    if (!ended.ok) throw ended.error;
    // The handler of this job name answered it (its queue's declaration types both sides).
    return ended.value as JobResult<Q, N>;
  }

  private start(
    queue: QueueName,
    name: string,
    data: unknown,
    options: DispatchOptions,
  ): { result: DispatchResult; outcome?: Promise<Outcome | undefined> } {
    // An undeclared queue is the caller's error, thrown before anything is kept.
    const { attempts } = this.declarations.queue(queue);
    if (this.pending.has(options.jobId)) return { result: 'pending' };
    if (this.completed.has(options.jobId)) {
      this.ignoredAdds += 1;
      this.logger.warn(`Job ${options.jobId} (${name}) already completed; the new add was ignored.`);
      return { result: 'ignored' };
    }
    // A re-add of a job that used up its attempts runs it again from the start, as BullMQ's retry.
    const retried = this.failed.delete(options.jobId);
    this.pending.add(options.jobId);
    // run() never rejects: a failure is its outcome.
    const outcome = this.run(queue, name, data, options, attempts);
    const tracked = outcome.then(() => {
      this.pending.delete(options.jobId);
      this.active.delete(tracked);
    });
    this.active.add(tracked);
    return { result: retried ? 'retried' : 'added', outcome };
  }

  async dispatchMany<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    jobs: readonly { data: JobData<Q, N>; jobId: string }[],
  ): Promise<void> {
    for (const job of jobs) await this.dispatch(queue, name, job.data, { jobId: job.jobId });
  }

  /** Never rejects; undefined when the process stopped before the job ended. */
  private async run(
    queue: QueueName,
    name: string,
    data: unknown,
    options: DispatchOptions,
    attempts: number,
  ): Promise<Outcome | undefined> {
    // A delayed job that has not started when the process stops is dropped: the rows it works
    // from stay in PostgreSQL, and the scheduler's tasks pick them up again.
    if (!(await this.wait(options.delayMs ?? 0))) return undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const value = await this.handlers().run(queue, name, data, {
          id: options.jobId,
          attemptsMade: attempt,
          isLastAttempt: attempt === attempts - 1,
        });
        this.remember(this.completed, options.jobId);
        return { ok: true, value };
      } catch (error) {
        const last = attempt === attempts - 1 || this.stopping;
        this.logger.warn(`Job ${name} (${options.jobId}) failed on attempt ${attempt + 1}: ${String(error)}`);
        if (last) {
          this.remember(this.failed, options.jobId);
          return { ok: false, error };
        }
        if (!(await this.wait(this.retryDelayMs * 2 ** attempt))) return { ok: false, error };
      }
    }
    return undefined;
  }

  /** Waits `ms`; false when the process began stopping meanwhile. */
  private async wait(ms: number): Promise<boolean> {
    // A job without a delay starts now: no timer, no listener on the stop signal (a draft's path).
    if (ms <= 0) return !this.stopped.signal.aborted;
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

  async ping(): Promise<void> {
    return Promise.resolve();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.stopped.abort();
    await this.drain();
  }
}

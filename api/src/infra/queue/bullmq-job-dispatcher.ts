import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { within } from '../time/within';
import { JobDispatcher, type DispatchOptions, type DispatchResult } from './job-dispatcher';
import { JOB_ATTEMPTS, KEEP_COMPLETED, KEEP_FAILED, type JobData, type JobName, type QueueName } from './job-map';

const ENQUEUE_TIMEOUT_MS = 2_000;

/** Producer side of BullMQ: the worker role's hosts (see worker.module.ts) consume these queues. */
export class BullMqJobDispatcher extends JobDispatcher {
  private readonly logger = new Logger('Jobs');
  private readonly adding = new Map<string, Promise<DispatchResult>>();

  constructor(
    private readonly queues: Record<QueueName, Queue>,
    private readonly retryDelayMs: number,
  ) {
    super();
  }

  async dispatch<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: DispatchOptions,
  ): Promise<DispatchResult> {
    // While Redis is away, BullMQ would hold the command (and the HTTP request) until it returns.
    return within(
      ENQUEUE_TIMEOUT_MS,
      this.add(this.queues[queue], name, data, options),
      `Redis did not take job ${options.jobId} within ${ENQUEUE_TIMEOUT_MS} ms`,
    );
  }

  /**
   * BullMQ answers an add whose id it still holds with the old job and adds nothing, silently.
   * So look first: a failed job is retried (a re-add means "run it again"), a waiting or running
   * one is left alone, a completed one is logged and counted. Concurrent adds of one id in this
   * process wait for the first; across processes BullMQ itself keeps the job single.
   */
  private add(queue: Queue, name: string, data: unknown, options: DispatchOptions): Promise<DispatchResult> {
    const inFlight = this.adding.get(options.jobId);
    if (inFlight) return inFlight.then(() => 'pending');
    const adding = this.addOnce(queue, name, data, options).finally(() => this.adding.delete(options.jobId));
    this.adding.set(options.jobId, adding);
    return adding;
  }

  private async addOnce(queue: Queue, name: string, data: unknown, options: DispatchOptions): Promise<DispatchResult> {
    const existing = await queue.getJob(options.jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed') {
        // From the start: all its attempts again, not one last try.
        await existing.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        return 'retried';
      }
      if (state === 'completed') {
        this.ignoredAdds += 1;
        this.logger.warn(`Job ${options.jobId} (${name}) already completed; the new add was ignored.`);
        return 'ignored';
      }
      if (state !== 'unknown') return 'pending';
    }
    await queue.add(name, data, this.options(options.jobId, options.delayMs));
    return 'added';
  }

  async dispatchMany<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    jobs: readonly { data: JobData<Q, N>; jobId: string }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    await within(
      ENQUEUE_TIMEOUT_MS * 5,
      this.queues[queue].addBulk(jobs.map((job) => ({ name, data: job.data, opts: this.options(job.jobId) }))),
      `Redis did not take ${jobs.length} ${name} jobs in time`,
    );
  }

  private options(jobId: string, delayMs?: number) {
    return {
      jobId,
      delay: delayMs,
      attempts: JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.retryDelayMs },
      removeOnComplete: { count: KEEP_COMPLETED },
      removeOnFail: { count: KEEP_FAILED },
    };
  }

  async drain(): Promise<void> {
    return Promise.resolve();
  }
}

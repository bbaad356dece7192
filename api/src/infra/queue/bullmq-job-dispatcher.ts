import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { within } from '../time/within';
import type { JobDeclarations } from './job-declarations';
import {
  beforeDeadline,
  JobDispatcher,
  type DispatchOptions,
  type DispatchResult,
  type WaitOptions,
} from './job-dispatcher';
import { KEEP_COMPLETED, KEEP_FAILED, type JobData, type JobName, type JobResult, type QueueName } from './job-map';
import type { QueueConnection } from './queue-connection';

const ENQUEUE_TIMEOUT_MS = 2_000;

/** Producer side of BullMQ: the worker role's BullMQ workers (job-worker.module.ts) consume these queues. */
export class BullMqJobDispatcher extends JobDispatcher implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly adding = new Map<string, Promise<{ result: DispatchResult; job?: Job }>>();
  /** Every queue declared in this process, opened at boot. */
  private readonly queues = new Map<string, Queue>();
  /** One listener per queue to the job events stream, opened on the first request-reply job. */
  private readonly events = new Map<QueueName, Promise<QueueEvents>>();

  constructor(
    private readonly redis: QueueConnection,
    private readonly declarations: JobDeclarations,
    private readonly retryDelayMs: number,
  ) {
    super();
  }

  onModuleInit(): void {
    for (const { name } of this.declarations.queues()) this.queue(name);
  }

  /** The named queue, opened on first use (an undeclared name is an error that says so). */
  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(this.declarations.queue(name).name, this.redis);
      this.queues.set(name, queue);
    }
    return queue;
  }

  async dispatch<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: DispatchOptions,
  ): Promise<DispatchResult> {
    // While Redis is away, BullMQ would hold the command (and the HTTP request) until it returns.
    const { result } = await within(
      ENQUEUE_TIMEOUT_MS,
      this.add(queue, name, data, options),
      `Redis did not take job ${options.jobId} within ${ENQUEUE_TIMEOUT_MS} ms`,
    );
    return result;
  }

  async dispatchAndWait<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: WaitOptions,
  ): Promise<JobResult<Q, N>> {
    const reply = async (): Promise<unknown> => {
      // Listening before the add, so the job's end cannot pass unseen.
      const events = await within(
        ENQUEUE_TIMEOUT_MS,
        this.eventsOf(queue),
        `Redis did not answer within ${ENQUEUE_TIMEOUT_MS} ms`,
      );
      const { result, job } = await within(
        ENQUEUE_TIMEOUT_MS,
        this.add(queue, name, data, { jobId: options.jobId }),
        `Redis did not take job ${options.jobId} within ${ENQUEUE_TIMEOUT_MS} ms`,
      );
      if (result !== 'added' || !job) throw new Error(`Job id ${options.jobId} was already used (${result}).`);
      // Resolves with the handler's answer once the job completed; rejects with its last error
      // once it failed all its attempts (BullMQ reports "failed" only then). Its own timer, a
      // little after the deadline, takes its listeners away when the job never ends.
      return job.waitUntilFinished(events, options.timeoutMs + 1_000);
    };
    const answer = await beforeDeadline(reply(), options.jobId, options.timeoutMs);
    // The handler of this job name answered it (its queue's declaration types both sides).
    return answer as JobResult<Q, N>;
  }

  private eventsOf(queue: QueueName): Promise<QueueEvents> {
    let events = this.events.get(queue);
    if (!events) {
      const { connection, prefix } = this.queue(queue).opts;
      // Each waiting job listens for the queue closing: many at once is normal here, not a leak.
      this.queue(queue).setMaxListeners(0);
      const listener = new QueueEvents(queue, { connection, prefix });
      listener.on('error', (error) => this.logger.warn(`Job events of ${queue}: ${String(error)}`));
      events = listener.waitUntilReady().then(() => listener);
      // A failed start is tried again by the next caller.
      events.catch(() => this.events.delete(queue));
      this.events.set(queue, events);
    }
    return events;
  }

  /**
   * BullMQ answers an add whose id it still holds with the old job and adds nothing, silently.
   * So look first: a failed job is retried (a re-add means "run it again"), a waiting or running
   * one is left alone, a completed one is logged and counted. Concurrent adds of one id in this
   * process wait for the first; across processes BullMQ itself keeps the job single.
   */
  private add(
    queue: QueueName,
    name: string,
    data: unknown,
    options: DispatchOptions,
  ): Promise<{ result: DispatchResult; job?: Job }> {
    const inFlight = this.adding.get(options.jobId);
    if (inFlight) return inFlight.then(() => ({ result: 'pending' }));
    const adding = this.addOnce(queue, name, data, options).finally(() => this.adding.delete(options.jobId));
    this.adding.set(options.jobId, adding);
    return adding;
  }

  private async addOnce(
    queueName: QueueName,
    name: string,
    data: unknown,
    options: DispatchOptions,
  ): Promise<{ result: DispatchResult; job?: Job }> {
    const queue = this.queue(queueName);
    const existing = await queue.getJob(options.jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed') {
        // From the start: all its attempts again, not one last try.
        await existing.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        return { result: 'retried' };
      }
      if (state === 'completed') {
        this.ignoredAdds += 1;
        this.logger.warn(`Job ${options.jobId} (${name}) already completed; the new add was ignored.`);
        return { result: 'ignored' };
      }
      if (state !== 'unknown') return { result: 'pending' };
    }
    const job = await queue.add(name, data, this.options(queueName, options.jobId, options.delayMs));
    return { result: 'added', job };
  }

  async dispatchMany<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    jobs: readonly { data: JobData<Q, N>; jobId: string }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    await within(
      ENQUEUE_TIMEOUT_MS * 5,
      this.queue(queue).addBulk(jobs.map((job) => ({ name, data: job.data, opts: this.options(queue, job.jobId) }))),
      `Redis did not take ${jobs.length} ${name} jobs in time`,
    );
  }

  private options(queue: QueueName, jobId: string, delayMs?: number) {
    return {
      jobId,
      delay: delayMs,
      attempts: this.declarations.queue(queue).attempts,
      backoff: { type: 'exponential', delay: this.retryDelayMs },
      removeOnComplete: { count: KEEP_COMPLETED },
      removeOnFail: { count: KEEP_FAILED },
    };
  }

  async drain(): Promise<void> {
    return Promise.resolve();
  }

  async ping(): Promise<void> {
    const [queue] = this.queues.values();
    await queue?.getJobCounts('waiting');
  }

  async onApplicationShutdown(): Promise<void> {
    const listeners = await Promise.allSettled([...this.events.values()]);
    this.events.clear();
    await Promise.all(
      listeners.map((listener) => (listener.status === 'fulfilled' ? listener.value.close() : Promise.resolve())),
    );
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}

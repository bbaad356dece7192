import type { Queue } from 'bullmq';
import { within } from '../time/within';
import { JobDispatcher, type DispatchOptions } from './job-dispatcher';
import { DEFAULT_JOB_OPTIONS, type JobData, type JobName, type QueueName } from './job-map';

const ENQUEUE_TIMEOUT_MS = 2_000;

/** Producer side of BullMQ: the worker role's processors consume these queues. */
export class BullMqJobDispatcher extends JobDispatcher {
  readonly mode = 'bullmq' as const;

  constructor(private readonly queues: Record<QueueName, Queue>) {
    super();
  }

  async dispatch<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: DispatchOptions,
  ): Promise<void> {
    // While Redis is away, BullMQ would hold the command (and the HTTP request) until it returns.
    await within(
      ENQUEUE_TIMEOUT_MS,
      this.queues[queue].add(name, data, { ...DEFAULT_JOB_OPTIONS, jobId: options.jobId }),
      `Redis did not take job ${options.jobId} within ${ENQUEUE_TIMEOUT_MS} ms`,
    );
  }

  registerHandler(): void {
    // BullMQ's explorer binds @Processor classes to workers in the worker role.
  }

  async drain(): Promise<void> {
    return Promise.resolve();
  }
}

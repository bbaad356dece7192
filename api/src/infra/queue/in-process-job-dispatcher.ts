import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { JobDispatcher, type DispatchOptions, type JobHandler } from './job-dispatcher';
import { DEFAULT_JOB_OPTIONS, type JobData, type JobName, type QueueName } from './job-map';

/**
 * Runs jobs in this process through the same processors, with the same attempts and exponential
 * backoff as BullMQ. Used when REDIS_URL is unset (the embedded default); nothing survives a
 * restart here, which the log says at boot.
 */
export class InProcessJobDispatcher extends JobDispatcher implements OnApplicationShutdown {
  readonly mode = 'in-process' as const;
  private readonly logger = new Logger('InProcessJobs');
  private readonly handlers = new Map<QueueName, JobHandler>();
  private readonly active = new Set<Promise<void>>();
  private readonly pendingIds = new Set<string>();
  private stopping = false;

  registerHandler(queue: QueueName, handler: JobHandler): void {
    this.handlers.set(queue, handler);
  }

  async dispatch<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: DispatchOptions,
  ): Promise<void> {
    if (this.pendingIds.has(options.jobId)) return;
    this.pendingIds.add(options.jobId);
    const run = this.run(queue, name, data, options.jobId).finally(() => {
      this.pendingIds.delete(options.jobId);
      this.active.delete(run);
    });
    this.active.add(run);
    return Promise.resolve();
  }

  private async run(queue: QueueName, name: string, data: unknown, jobId: string): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const handler = this.handlers.get(queue);
    if (!handler) {
      this.logger.error(`No processor for queue "${queue}"; job ${name} (${jobId}) dropped.`);
      return;
    }
    const { attempts, backoff } = DEFAULT_JOB_OPTIONS;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        await handler.process({ id: jobId, name, data, attemptsMade: attempt });
        return;
      } catch (error) {
        const last = attempt === attempts - 1 || this.stopping;
        this.logger.warn(`Job ${name} (${jobId}) failed on attempt ${attempt + 1}: ${String(error)}`);
        if (last) return;
        await new Promise((resolve) => setTimeout(resolve, backoff.delay * 2 ** attempt));
      }
    }
  }

  async drain(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.drain();
  }
}

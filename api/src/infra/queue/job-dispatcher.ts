import type { JobData, JobName, QueueName } from './job-map';

/** The part of a job a processor reads, whether BullMQ or the in-process runner delivered it. */
export interface JobEnvelope<D = unknown> {
  id?: string | undefined;
  name: string;
  data: D;
  attemptsMade: number;
}

export interface JobHandler {
  process(job: JobEnvelope): Promise<unknown>;
}

export interface DispatchOptions {
  /** Deterministic id: dispatching the same work twice makes one job. */
  jobId: string;
}

/** Producers depend on this; the queue module binds BullMQ (REDIS_URL set) or the in-process runner. */
export abstract class JobDispatcher {
  abstract readonly mode: 'bullmq' | 'in-process';

  abstract dispatch<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: DispatchOptions,
  ): Promise<void>;

  /** Processors announce themselves; only the in-process runner uses this (BullMQ finds them itself). */
  abstract registerHandler(queue: QueueName, handler: JobHandler): void;

  /** Resolves when no in-process job is running or waiting (BullMQ: immediately). */
  abstract drain(): Promise<void>;
}

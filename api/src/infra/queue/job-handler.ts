import 'reflect-metadata';
import type { JobData, JobName, JobResult, QueueName } from './job-map';

/** What a handler may know of the delivery (the same from BullMQ and the in-process runner). */
export interface JobContext {
  id: string;
  /** Attempts that already failed (0 on the first run). */
  attemptsMade: number;
  /** This run is the job's last attempt: when it fails, the job is kept as failed and not run again. */
  isLastAttempt: boolean;
}

/** Handles one job name; `data` (and a request-reply job's answer) are typed from its queue's declaration. */
export interface JobHandler<Q extends QueueName, N extends JobName<Q>> {
  handle(data: JobData<Q, N>, context: JobContext): Promise<JobResult<Q, N>>;
}

export interface HandledJob {
  queue: QueueName;
  name: string;
}

const HANDLES_JOB = Symbol('tend:handles-job');

/**
 * Marks a provider as the handler of one job: `@HandlesJob('mail', 'mail.send')`. The worker finds
 * handlers by this mark and refuses to boot when a declared job has none, or two, or when a handler
 * names a job no loaded module declares.
 */
export function HandlesJob<Q extends QueueName, N extends JobName<Q>>(queue: Q, name: N) {
  return (target: abstract new (...args: never[]) => JobHandler<Q, N>): void => {
    Reflect.defineMetadata(HANDLES_JOB, { queue, name } satisfies HandledJob, target);
  };
}

export function handledJobOf(target: unknown): HandledJob | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getMetadata(HANDLES_JOB, target) as HandledJob | undefined;
}

import type { AppConfig } from '../../config/app-config';

declare const JOB_TYPES: unique symbol;

/** One job of a queue: the type of its payload and, for a request-reply job, of its answer (types only). */
export interface JobType<Data extends object, Result> {
  readonly [JOB_TYPES]?: { data: Data; result: Result };
}

/** Declares a job's types: `'mail.send': job<{ messageId: number }>()`; a request-reply job names its answer too. */
export function job<Data extends object, Result = void>(): JobType<Data, Result> {
  return {};
}

/** At most `max` jobs of a queue start per `duration` ms, counted in Redis across every worker. */
export interface QueueRateLimit {
  max: number;
  duration: number;
}

/**
 * A queue and its jobs, declared by the module that owns them (`modules/<module>/jobs/<module>.jobs.ts`).
 * Names are stable strings, never class names: BullMQ keeps jobs by them. Payloads hold ids only,
 * never an address, a token or message text.
 */
export interface QueueDeclaration<
  Name extends string = string,
  Jobs extends Record<string, JobType<object, unknown>> = Record<string, JobType<object, unknown>>,
> {
  readonly name: Name;
  /** Every job of the queue by name, with its types. */
  readonly jobs: Jobs;
  /** Jobs of this queue one worker process runs at once. */
  readonly concurrency: number;
  /** Runs per job before it is kept as failed (retries back off exponentially from JOB_RETRY_DELAY_MS). */
  readonly attempts: number;
  /** How fast its jobs may start (BullMQ only: in-process runs are one machine's own). */
  readonly rateLimit?: (config: AppConfig) => QueueRateLimit;
}

/** Declares a queue; its module then adds it to `Queues` (below), which types `dispatch()` and the handlers. */
export function defineQueue<const Name extends string, const Jobs extends Record<string, JobType<object, unknown>>>(
  queue: QueueDeclaration<Name, Jobs>,
): QueueDeclaration<Name, Jobs> {
  return queue;
}

/**
 * Every queue by its name. Empty here: the module that owns a queue adds it by declaration merging,
 * beside its declaration, so no file outside the module changes when a job is added:
 *
 *     declare module '../../../infra/queue/job-map' {
 *       interface Queues { mail: typeof MAIL_QUEUE }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the modules (declaration merging)
export interface Queues {}

/** A queue merged in under a key other than its own name: it is no `QueueName`, so nothing can use it. */
type MisnamedQueue = {
  [K in keyof Queues]: Queues[K] extends QueueDeclaration<K & string> ? never : K;
}[keyof Queues];

export type QueueName = Exclude<keyof Queues, MisnamedQueue>;
type JobsOf<Q extends QueueName> = Queues[Q] extends QueueDeclaration<string, infer Jobs> ? Jobs : never;
export type JobName<Q extends QueueName> = keyof JobsOf<Q> & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> =
  JobsOf<Q>[N] extends JobType<infer Data, unknown> ? Data : never;
/** What a request-reply job answers (`JobDispatcher.dispatchAndWait`); `void` for the others. */
export type JobResult<Q extends QueueName, N extends JobName<Q>> =
  JobsOf<Q>[N] extends JobType<object, infer Result> ? Result : never;

/** Attempts of a job that must happen eventually, the same in BullMQ and in-process. */
export const JOB_ATTEMPTS = 5;
/** Finished jobs BullMQ keeps (their ids are then taken: an add with one is ignored, and counted). */
export const KEEP_COMPLETED = 1_000;
export const KEEP_FAILED = 5_000;

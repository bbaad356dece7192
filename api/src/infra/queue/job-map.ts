import type { JobsOptions } from 'bullmq';

/**
 * Every queue, its job names and their payloads. Names are stable strings (never class names);
 * payloads hold ids only, never an address, a token or message text.
 */
export interface JobMap {
  mail: {
    'mail.send': { messageId: number };
  };
}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobMap[Q][N];

export const QUEUE_NAMES: readonly QueueName[] = ['mail'];

/** Same retry policy in BullMQ and in-process: 5 attempts, exponential backoff from 2 s. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 5_000 },
} satisfies JobsOptions;

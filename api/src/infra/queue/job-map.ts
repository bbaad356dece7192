/**
 * Every queue, its job names and their payloads. Names are stable strings (never class names);
 * payloads hold ids only, never an address, a token or message text.
 */
export interface JobMap {
  mail: {
    'mail.send': { messageId: number };
  };
  reminders: {
    /** One user's follow-up reminder email for one local day (a `reminder_deliveries` row). */
    'reminders.deliver': { deliveryId: number };
  };
  imports: {
    /** Runs a previewed import (an `imports` row, by its UUID) batch by batch. */
    'import.run': { importId: string };
    /** Builds a user's export zip (a `data_exports` row, by its UUID). */
    'export.build': { exportId: string };
  };
  billing: {
    /** Re-read these users' subscriptions from Stripe (the daily reconciliation, a page of users). */
    'billing.sync-customers': { userIds: number[] };
  };
}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobMap[Q][N];

export interface QueueSettings<Q extends QueueName> {
  /** Every job name of the queue: the worker refuses to boot unless each has exactly one handler. */
  jobs: readonly JobName<Q>[];
  /** Jobs of this queue one worker process runs at once. */
  concurrency: number;
}

/** The queues and what runs on them; `JobMap` and this must name the same jobs (the types check it). */
export const QUEUES: { [Q in QueueName]: QueueSettings<Q> } = {
  mail: { jobs: ['mail.send'], concurrency: 4 },
  reminders: { jobs: ['reminders.deliver'], concurrency: 8 },
  imports: { jobs: ['import.run', 'export.build'], concurrency: 2 },
  billing: { jobs: ['billing.sync-customers'], concurrency: 1 },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** Attempts per job and the first retry's delay (doubling each time), the same in BullMQ and in-process. */
export const JOB_ATTEMPTS = 5;
export const DEFAULT_RETRY_DELAY_MS = 2_000;
/** Finished jobs BullMQ keeps (their ids are then taken: an add with one is ignored, and counted). */
export const KEEP_COMPLETED = 1_000;
export const KEEP_FAILED = 5_000;

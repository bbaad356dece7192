import type { DraftPurpose, DraftTone } from '@tend/contracts';

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
    /** Reads an uploaded file into its preview (an `imports` row that is `reading`, by its UUID). */
    'import.read': { importId: string };
    /** Runs a previewed import (an `imports` row, by its UUID) batch by batch. */
    'import.run': { importId: string };
    /** Builds a user's export zip (a `data_exports` row, by its UUID). */
    'export.build': { exportId: string };
  };
  ai: {
    /**
     * A follow-up draft for one contact, asked for by its owner, wanted by `deadlineAt` (epoch ms):
     * the request waits for it (request-reply), and past the deadline nobody is waiting any more.
     */
    'ai.draft': { contactId: number; userId: number; tone: DraftTone; purpose: DraftPurpose; deadlineAt: number };
  };
  billing: {
    /** Re-read these users' subscriptions from Stripe (the daily reconciliation, a page of users). */
    'billing.sync-customers': { userIds: number[] };
  };
}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobMap[Q][N];

/**
 * What a request-reply job answers (`JobDispatcher.dispatchAndWait`), by queue and job name; jobs
 * not named here answer nothing. With Redis the answer passes through it: no plain text there
 * either (seal it).
 */
export interface JobResults {
  ai: { 'ai.draft': DraftJobResult };
}

/**
 * The draft itself travels sealed (AES-256-GCM under the session secret): through Redis it is
 * opaque. `not-found`: the contact or its owner went away (or out of sight) meanwhile.
 */
export type DraftJobResult =
  { status: 'written'; sealed: string } | { status: 'not-found' } | { status: 'failed' } | { status: 'timed-out' };

export type JobResult<Q extends QueueName, N extends JobName<Q>> = Q extends keyof JobResults
  ? N extends keyof JobResults[Q]
    ? JobResults[Q][N]
    : void
  : void;

export interface QueueSettings<Q extends QueueName> {
  /** Every job name of the queue: the worker refuses to boot unless each has exactly one handler. */
  jobs: readonly JobName<Q>[];
  /** Jobs of this queue one worker process runs at once. */
  concurrency: number;
  /** Runs per job before it is kept as failed (retries back off exponentially from JOB_RETRY_DELAY_MS). */
  attempts: number;
}

/** Attempts of a job that must happen eventually, the same in BullMQ and in-process. */
export const JOB_ATTEMPTS = 5;

/** The queues and what runs on them; `JobMap` and this must name the same jobs (the types check it). */
export const QUEUES: { [Q in QueueName]: QueueSettings<Q> } = {
  mail: { jobs: ['mail.send'], concurrency: 4, attempts: JOB_ATTEMPTS },
  reminders: { jobs: ['reminders.deliver'], concurrency: 8, attempts: JOB_ATTEMPTS },
  imports: { jobs: ['import.read', 'import.run', 'export.build'], concurrency: 2, attempts: JOB_ATTEMPTS },
  // Someone is waiting for each draft: one run (the provider call retries within it), many at once.
  ai: { jobs: ['ai.draft'], concurrency: 16, attempts: 1 },
  billing: { jobs: ['billing.sync-customers'], concurrency: 1, attempts: JOB_ATTEMPTS },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** The first retry's delay (doubling each time), the same in BullMQ and in-process. */
export const DEFAULT_RETRY_DELAY_MS = 2_000;
/** Finished jobs BullMQ keeps (their ids are then taken: an add with one is ignored, and counted). */
export const KEEP_COMPLETED = 1_000;
export const KEEP_FAILED = 5_000;

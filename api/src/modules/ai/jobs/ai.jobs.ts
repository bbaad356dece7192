import type { DraftPurpose, DraftTone } from '@tend/contracts';
import { declareJobs } from '../../../infra/queue/job-declarations';
import { defineQueue, job } from '../../../infra/queue/job-map';

/**
 * What `ai.draft` answers. The draft itself travels sealed (AES-256-GCM under the session secret):
 * through Redis it is opaque. `not-found`: the contact or its owner went away (or out of sight) meanwhile.
 */
export type DraftJobResult =
  { status: 'written'; sealed: string } | { status: 'not-found' } | { status: 'failed' } | { status: 'timed-out' };

export const AI_QUEUE = defineQueue({
  name: 'ai',
  // Someone is waiting for each draft: one run (the provider call retries within it), many at once.
  concurrency: 16,
  attempts: 1,
  jobs: {
    /**
     * A follow-up draft for one contact, asked for by its owner, wanted by `deadlineAt` (epoch ms):
     * the request waits for it (request-reply), and past the deadline nobody is waiting any more.
     */
    'ai.draft': job<
      { contactId: number; userId: number; tone: DraftTone; purpose: DraftPurpose; deadlineAt: number },
      DraftJobResult
    >(),
  },
});

declare module '../../../infra/queue/job-map' {
  interface Queues {
    ai: typeof AI_QUEUE;
  }
}

/** What the AI module runs in the background: AiModule declares it, AiWorkerModule runs it. */
export const AI_JOBS = declareJobs({ queues: [AI_QUEUE] });

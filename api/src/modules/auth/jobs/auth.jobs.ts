import { declareJobs } from '../../../infra/queue/job-declarations';
import { defineTask } from '../../../infra/schedule/scheduled-task';

export const PRUNE_SESSIONS = defineTask({
  name: 'prune-sessions',
  cron: '*/30 * * * *',
  description: 'Delete expired sign-in sessions.',
});

export const PRUNE_RATE_LIMITS = defineTask({
  name: 'prune-rate-limits',
  cron: '7 * * * *',
  description: 'Delete throttle counters whose window has ended.',
});

/**
 * The auth module's housekeeping (no queue): SessionsModule declares it (the part of auth that both
 * the HTTP role and AuthWorkerModule load), AuthWorkerModule runs it.
 */
export const AUTH_JOBS = declareJobs({ tasks: [PRUNE_SESSIONS, PRUNE_RATE_LIMITS] });

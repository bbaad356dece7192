import { declareJobs } from '../../../infra/queue/job-declarations';
import { defineQueue, job, JOB_ATTEMPTS } from '../../../infra/queue/job-map';
import { defineTask } from '../../../infra/schedule/scheduled-task';

/** `reminders.deliver`: one user's follow-up reminder email for one local day (a `reminder_deliveries` row). */
export const REMINDERS_QUEUE = defineQueue({
  name: 'reminders',
  concurrency: 8,
  attempts: JOB_ATTEMPTS,
  // A fan-out to thousands would otherwise take a core from the API and trip the SMTP relay's own
  // rate limit (Amazon SES starts at 14 a second); a day's reminders can wait minutes.
  rateLimit: (config) => ({ max: config.reminderSendRate, duration: 1_000 }),
  jobs: { 'reminders.deliver': job<{ deliveryId: number }>() },
});

declare module '../../../infra/queue/job-map' {
  interface Queues {
    reminders: typeof REMINDERS_QUEUE;
  }
}

export const REMINDERS_FAN_OUT = defineTask({
  name: 'reminders',
  cron: '2 * * * *',
  description: 'Queue the daily follow-up reminder emails (users past 08:00 local with follow-ups due).',
});

/** What the reminders module runs in the background: RemindersModule declares it, RemindersWorkerModule runs it. */
export const REMINDERS_JOBS = declareJobs({ queues: [REMINDERS_QUEUE], tasks: [REMINDERS_FAN_OUT] });

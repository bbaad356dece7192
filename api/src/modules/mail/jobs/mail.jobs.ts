import { declareJobs } from '../../../infra/queue/job-declarations';
import { defineQueue, job, JOB_ATTEMPTS } from '../../../infra/queue/job-map';
import { defineTask } from '../../../infra/schedule/scheduled-task';

/** `mail.send` carries a `mail_messages` row's id, never the address or the text. */
export const MAIL_QUEUE = defineQueue({
  name: 'mail',
  concurrency: 4,
  attempts: JOB_ATTEMPTS,
  jobs: { 'mail.send': job<{ messageId: number }>() },
});

declare module '../../../infra/queue/job-map' {
  interface Queues {
    mail: typeof MAIL_QUEUE;
  }
}

export const MAIL_REDELIVERY = defineTask({
  name: 'mail-redelivery',
  cron: '*/5 * * * *',
  description: 'Re-queue mail still unsent 10 minutes after it was recorded or last tried (for 3 days).',
});

/** What the mail module runs in the background: MailModule declares it, MailWorkerModule runs it. */
export const MAIL_JOBS = declareJobs({ queues: [MAIL_QUEUE], tasks: [MAIL_REDELIVERY] });

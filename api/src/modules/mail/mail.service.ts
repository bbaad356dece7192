import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { MAIL_SEALED_BOX } from '../../infra/mail/mail-infra.module';
import type { SealedBox } from '../../infra/mail/sealed-box';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { MailMessage, type MailKind } from './mail-message.entity';
import type { RenderedMail } from './templates/layout';

export interface QueuedMail {
  id: number;
  jobKey: string;
}

/** Unsent mail is handed to the queue again this long after it was recorded or last tried. */
const REDELIVERY_AFTER_MINUTES = 10;
/** ...for this long: a message that could not leave in three days is given up (it stays recorded). */
const REDELIVERY_FOR_DAYS = 3;

/**
 * Producer of the `mail` queue: records each message, then hands the worker its id. The row in
 * PostgreSQL is the only truth of what was sent; the queue only carries the work.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobDispatcher,
    @Inject(MAIL_SEALED_BOX) private readonly box: SealedBox,
  ) {}

  /** Records the message in the current unit of work (so it commits with the change it reports). */
  async record(kind: MailKind, to: string, mail: RenderedMail, userId: number | null): Promise<QueuedMail> {
    const message = this.em.create(MailMessage, {
      kind,
      userId,
      toAddress: to,
      subject: mail.subject,
      sealedBody: this.box.seal(JSON.stringify({ text: mail.text, html: mail.html, headers: mail.headers })),
    });
    await this.em.persist(message).flush();
    return { id: message.id, jobKey: message.jobKey };
  }

  /**
   * Call after the transaction that recorded the messages has committed. A queue outage loses
   * nothing: the row stays unsent and the scheduler re-queues it, so the request still succeeds.
   */
  async dispatch(...messages: QueuedMail[]): Promise<void> {
    for (const message of messages) {
      try {
        await this.jobs.dispatch('mail', 'mail.send', { messageId: message.id }, { jobId: `mail-${message.jobKey}` });
      } catch (error) {
        this.logger.warn(`Mail ${message.id} not queued (${String(error)}); the scheduler will re-queue it.`);
      }
    }
  }

  /**
   * Re-queues messages that were recorded but never sent (Redis away, a process killed, an SMTP
   * server that refused every attempt of a job): the same job id, which the queue runs again when
   * its last run failed.
   */
  async dispatchUnsent(): Promise<number> {
    const unsent = await this.em.getConnection().execute<QueuedMail[]>(
      `select id, job_key as "jobKey" from mail_messages
        where sent_at is null and sealed_body is not null
          and created_at < now() - make_interval(mins => ?) and created_at > now() - make_interval(days => ?)
          and (last_attempt_at is null or last_attempt_at < now() - make_interval(mins => ?))
        order by id limit 500`,
      [REDELIVERY_AFTER_MINUTES, REDELIVERY_FOR_DAYS, REDELIVERY_AFTER_MINUTES],
    );
    await this.dispatch(...unsent);
    return unsent.length;
  }
}

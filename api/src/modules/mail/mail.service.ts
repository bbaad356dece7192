import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { MAIL_SEALED_BOX } from '../../infra/mail/mail-infra.module';
import type { SealedBox } from '../../infra/mail/sealed-box';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { MailMessage, type MailKind } from './mail-message.entity';
import type { RenderedMail } from './templates/layout';

export interface QueuedMail {
  id: number;
}

/** Producer of the `mail` queue: records each message, then hands the worker its id. */
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
      sealedBody: this.box.seal(JSON.stringify({ text: mail.text, html: mail.html })),
    });
    await this.em.persist(message).flush();
    return { id: message.id };
  }

  /**
   * Call after the transaction that recorded the messages has committed. A queue outage loses
   * nothing: the row stays unsent and the scheduler re-queues it, so the request still succeeds.
   */
  async dispatch(...messages: QueuedMail[]): Promise<void> {
    for (const message of messages) {
      try {
        await this.jobs.dispatch('mail', 'mail.send', { messageId: message.id }, { jobId: `mail-${message.id}` });
      } catch (error) {
        this.logger.warn(`Mail ${message.id} not queued (${String(error)}); the scheduler will re-queue it.`);
      }
    }
  }

  /** Re-queues messages that were recorded but never sent (Redis away, process killed). */
  async dispatchUnsent(olderThanMinutes: number): Promise<number> {
    const cutoff = new Date(Date.now() - olderThanMinutes * 60_000);
    const unsent = await this.em.find(
      MailMessage,
      { sentAt: null, sealedBody: { $ne: null }, createdAt: { $lt: cutoff }, attempts: { $lt: 10 } },
      { fields: ['id'], limit: 500 },
    );
    await this.dispatch(...unsent);
    return unsent.length;
  }
}

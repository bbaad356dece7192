import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { MAIL_SEALED_BOX } from '../../../infra/mail/mail-infra.module';
import { MailTransport } from '../../../infra/mail/mail-transport';
import type { SealedBox } from '../../../infra/mail/sealed-box';
import { HandlesJob, type JobHandler } from '../../../infra/queue/job-handler';
import type { JobData } from '../../../infra/queue/job-map';
import { MailMessage } from '../mail-message.entity';

/**
 * `mail.send`: idempotent by the row's sent_at under a row lock; only a crash between the SMTP
 * answer and the commit can send a message twice (at-least-once, as any mail queue).
 */
@HandlesJob('mail', 'mail.send')
@Injectable()
export class SendMailProcessor implements JobHandler<'mail', 'mail.send'> {
  private readonly logger = new Logger(SendMailProcessor.name);
  private readonly messageIdDomain: string;

  constructor(
    private readonly em: EntityManager,
    private readonly transport: MailTransport,
    @Inject(MAIL_SEALED_BOX) private readonly box: SealedBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.messageIdDomain = new URL(config.appUrl).hostname;
  }

  async handle({ messageId }: JobData<'mail', 'mail.send'>): Promise<void> {
    let failure: Error | undefined;
    // The row lock makes a second delivery of the same message wait, then find it sent.
    await this.em.fork().transactional(async (em) => {
      const message = await em.findOne(MailMessage, messageId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!message || message.sentAt || !message.sealedBody) return;
      message.attempts += 1;
      message.lastAttemptAt = new Date();
      try {
        const body = JSON.parse(this.box.open(message.sealedBody)) as {
          text: string;
          html: string;
          headers?: Record<string, string>;
        };
        await this.transport.send(
          {
            from: this.config.mailFrom,
            to: message.toAddress,
            subject: message.subject,
            messageId: `<${message.jobKey}@${this.messageIdDomain}>`,
            ...body,
          },
          message.id,
        );
        message.sentAt = new Date();
        message.sealedBody = null;
        message.lastError = null;
      } catch (error) {
        // Record the failure (committed), then let the queue retry with backoff.
        message.lastError = String(error).slice(0, 2_000);
        this.logger.warn(`Mail ${message.id} (${message.kind}) not sent: ${message.lastError}`);
        failure = error instanceof Error ? error : new Error(String(error));
      }
    });
    if (failure) throw failure;
  }
}

import { Module } from '@nestjs/common';
import { MailModule } from '../mail.module';
import { MailRedeliveryTask } from './mail-redelivery.task';
import { SendMailProcessor } from './send-mail.processor';
import { MAIL_JOBS } from './mail.jobs';

/** The mail module's worker part: the handler of `mail.send` and the redelivery task. */
@Module({ imports: [MailModule], providers: [SendMailProcessor, MailRedeliveryTask] })
export class MailWorkerModule {
  /** Its module's declaration, read by the composition root (app/worker-modules.ts). */
  static readonly jobs = MAIL_JOBS;
}

import { Module } from '@nestjs/common';
import { MailModule } from '../mail.module';
import { MailRedeliveryTask } from './mail-redelivery.task';
import { SendMailProcessor } from './send-mail.processor';

/** The mail module's worker part: the handler of `mail.send` and the redelivery task. */
@Module({ imports: [MailModule], providers: [SendMailProcessor, MailRedeliveryTask] })
export class MailWorkerModule {}

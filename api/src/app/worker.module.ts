import { Module } from '@nestjs/common';
import { SendMailProcessor } from '../modules/mail/jobs/send-mail.processor';
import { MailModule } from '../modules/mail/mail.module';

/** The worker role: queue processors only, no HTTP. */
@Module({ imports: [MailModule], providers: [SendMailProcessor] })
export class WorkerModule {}

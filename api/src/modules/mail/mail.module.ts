import { Module } from '@nestjs/common';
import { JobsModule } from '../../infra/queue/job-declarations';
import { MAIL_JOBS } from './jobs/mail.jobs';
import { MailService } from './mail.service';

@Module({ imports: [JobsModule.declare(MAIL_JOBS)], providers: [MailService], exports: [MailService] })
export class MailModule {}

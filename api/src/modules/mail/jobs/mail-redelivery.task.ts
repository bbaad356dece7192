import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { MailService } from '../mail.service';

/** Every 5 minutes, re-queues mail that was recorded but never handed to a worker. */
@Injectable()
export class MailRedeliveryTask {
  private readonly logger = new Logger(MailRedeliveryTask.name);

  constructor(
    // Read by @CreateRequestContext: each run gets its own forked EntityManager.
    readonly orm: MikroORM,
    private readonly mail: MailService,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: 'mail.redispatch-unsent' })
  @CreateRequestContext()
  async redispatchUnsent(): Promise<void> {
    const count = await this.mail.dispatchUnsent(10);
    if (count > 0) this.logger.log(`Re-queued ${count} unsent message(s).`);
  }
}

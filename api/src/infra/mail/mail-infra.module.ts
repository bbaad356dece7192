import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { DevMailboxController } from './dev-mailbox.controller';
import { MailTransport, OutboxMailTransport, SmtpMailTransport } from './mail-transport';
import { SealedBox } from './sealed-box';

export const MAIL_SEALED_BOX = Symbol('MAIL_SEALED_BOX');

/** The mail transport (SMTP, or the outbox in `.data/outbox`), the mail seal, and the outbox's viewer. */
@Global()
@Module({})
export class MailInfraModule implements OnApplicationShutdown {
  constructor(@Inject(MailTransport) private readonly transport: MailTransport) {}

  /** Closes pooled SMTP connections, so the process (and the SMTP server) can let go. */
  onApplicationShutdown(): void {
    this.transport.close();
  }

  /**
   * `devMailbox`: also serve the outbox at `/dev/mailbox` (the api role in development without
   * SMTP_URL: the composition root decides).
   */
  static forRoot(config: AppConfig, { devMailbox }: { devMailbox: boolean }): DynamicModule {
    return {
      module: MailInfraModule,
      controllers: devMailbox ? [DevMailboxController] : [],
      providers: [
        {
          provide: MailTransport,
          useFactory: () =>
            config.smtpUrl
              ? new SmtpMailTransport(config.smtpUrl)
              : new OutboxMailTransport(join(config.dataDir, 'outbox')),
        },
        { provide: MAIL_SEALED_BOX, useValue: new SealedBox(config.sessionSecret, 'mail-outbox') },
      ],
      exports: [MailTransport, MAIL_SEALED_BOX],
    };
  }
}

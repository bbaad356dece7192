import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { MailTransport, OutboxMailTransport, SmtpMailTransport } from './mail-transport';
import { SealedBox } from './sealed-box';

export const MAIL_SEALED_BOX = Symbol('MAIL_SEALED_BOX');

@Global()
@Module({})
export class MailInfraModule implements OnApplicationShutdown {
  constructor(@Inject(MailTransport) private readonly transport: MailTransport) {}

  /** Closes pooled SMTP connections, so the process (and the SMTP server) can let go. */
  onApplicationShutdown(): void {
    this.transport.close();
  }

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MailInfraModule,
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

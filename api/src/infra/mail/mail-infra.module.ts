import { Global, Module, type DynamicModule } from '@nestjs/common';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { MailTransport, OutboxMailTransport, SmtpMailTransport } from './mail-transport';
import { SealedBox } from './sealed-box';

export const MAIL_SEALED_BOX = Symbol('MAIL_SEALED_BOX');

@Global()
@Module({})
export class MailInfraModule {
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

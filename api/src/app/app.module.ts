import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { APP_CONFIG, type AppConfig, type Role } from '../config/app-config';
import { createOrmOptions } from '../infra/database/mikro-orm.config';
import { PgPoolModule } from '../infra/database/pg-pool.module';
import { HttpExceptionFilter } from '../infra/http/http-exception.filter';
import { SessionAuthGuard } from '../infra/http/session-auth.guard';
import { DevMailboxController } from '../infra/mail/dev-mailbox.controller';
import { MailInfraModule } from '../infra/mail/mail-infra.module';
import { QueueModule } from '../infra/queue/queue.module';
import { TaskScheduleModule } from '../infra/schedule/schedule.module';
import { Clock } from '../infra/time/clock';
import { AuthModule } from '../modules/auth/auth.module';
import { BillingModule } from '../modules/billing/billing.module';
import { ContactsModule } from '../modules/contacts/contacts.module';
import { HealthModule } from '../modules/health/health.module';
import { TiersModule } from '../modules/tiers/tiers.module';
import { UsersModule } from '../modules/users/users.module';
import { SchedulerModule } from './scheduler.module';
import { WorkerModule } from './worker.module';

@Global()
@Module({})
class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, Clock],
      exports: [APP_CONFIG, Clock],
    };
  }
}

/** The HTTP role: every controller behind the global sign-in guard and the error filter. */
@Module({})
class HttpModule {
  static forRoot(config: AppConfig): DynamicModule {
    const providers: Provider[] = [
      { provide: APP_GUARD, useClass: SessionAuthGuard },
      { provide: APP_FILTER, useClass: HttpExceptionFilter },
    ];
    return {
      module: HttpModule,
      imports: [UsersModule, AuthModule, TiersModule, ContactsModule, BillingModule, HealthModule],
      controllers: !config.smtpUrl && !config.isProduction ? [DevMailboxController] : [],
      providers,
    };
  }
}

export interface RoleOptions {
  /** Fire the scheduled tasks on their cron (the scheduler role); false for `npm run task`. */
  cron?: boolean;
}

/** One composition root for any set of roles; `npm start` passes all three. */
@Module({})
export class AppModule {
  static forRoles(
    config: AppConfig,
    databaseUrl: string,
    roles: readonly Role[],
    options: RoleOptions = {},
  ): DynamicModule {
    const cron = roles.includes('scheduler') && options.cron !== false;
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // HTTP requests get their EntityManager from configureHttp's lazy request context instead.
        MikroOrmModule.forRoot({ ...createOrmOptions(databaseUrl), registerRequestContext: false }),
        PgPoolModule.forRoot(databaseUrl),
        QueueModule.forRoot(config.redisUrl, config.queuePrefix),
        MailInfraModule.forRoot(config),
        TaskScheduleModule.forRoot({ cron }),
        ...(roles.includes('api') ? [HttpModule.forRoot(config)] : []),
        ...(roles.includes('worker') ? [WorkerModule] : []),
        ...(roles.includes('scheduler') ? [SchedulerModule] : []),
      ],
    };
  }
}

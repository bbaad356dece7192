import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { APP_CONFIG, type AppConfig, type Role } from '../config/app-config';
import { RESOLVED_DATABASE, type ResolvedDatabase } from '../infra/database/database-url';
import { createOrmOptions } from '../infra/database/mikro-orm.config';
import { ENTITIES } from './entities';
import { PgPoolModule } from '../infra/database/pg-pool.module';
import { HttpExceptionFilter } from '../infra/http/http-exception.filter';
import { SessionAuthGuard } from '../modules/auth/session-auth.guard';
import { MailInfraModule } from '../infra/mail/mail-infra.module';
import { QueueModule } from '../infra/queue/queue.module';
import { TaskScheduleModule } from '../infra/schedule/schedule.module';
import { Clock } from '../infra/time/clock';
import { AccountModule } from '../modules/account/account.module';
import { AiModule } from '../modules/ai/ai.module';
import { AuthModule } from '../modules/auth/auth.module';
import { CsrfGuard } from '../modules/auth/sessions/csrf.guard';
import { ExtensionTokenGuard } from '../modules/extension-tokens/extension-token.guard';
import { ExtensionTokensModule } from '../modules/extension-tokens/extension-tokens.module';
import { SessionsModule } from '../modules/auth/sessions/sessions.module';
import { BillingModule } from '../modules/billing/billing.module';
import { CalendarModule } from '../modules/calendar/calendar.module';
import { ContactsModule } from '../modules/contacts/contacts.module';
import { ExportsModule } from '../modules/exports/exports.module';
import { HealthModule } from '../modules/health/health.module';
import { ImportsModule } from '../modules/imports/imports.module';
import { InteractionsModule } from '../modules/interactions/interactions.module';
import { NotificationsModule } from '../modules/notifications/notifications.module';
import { FollowUpsModule } from '../modules/follow-ups/follow-ups.module';
import { RemindersModule } from '../modules/reminders/reminders.module';
import { TiersModule } from '../modules/tiers/tiers.module';
import { UsersModule } from '../modules/users/users.module';
import { SchedulerModule } from './scheduler.module';
import { WorkerModule } from './worker.module';
import { MODULE_JOBS } from './worker-modules';

@Global()
@Module({})
class ConfigModule {
  static forRoot(config: AppConfig, database: ResolvedDatabase): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, { provide: RESOLVED_DATABASE, useValue: database }, Clock],
      exports: [APP_CONFIG, RESOLVED_DATABASE, Clock],
    };
  }
}

/** The HTTP role: every controller behind the global sign-in guard and the error filter. */
@Module({})
class HttpModule {
  static forRoot(): DynamicModule {
    // Guards run in this order: a bearer token is settled first (refused on every route not marked
    // for the extension, else it alone says who calls), then CSRF, so a refused request reaches
    // nothing else, then sign-in.
    const providers: Provider[] = [
      { provide: APP_GUARD, useClass: ExtensionTokenGuard },
      { provide: APP_GUARD, useClass: CsrfGuard },
      { provide: APP_GUARD, useClass: SessionAuthGuard },
      { provide: APP_FILTER, useClass: HttpExceptionFilter },
    ];
    return {
      module: HttpModule,
      imports: [
        SessionsModule,
        UsersModule,
        AuthModule,
        AccountModule,
        TiersModule,
        ContactsModule,
        InteractionsModule,
        NotificationsModule,
        FollowUpsModule,
        RemindersModule,
        AiModule,
        BillingModule,
        ImportsModule,
        ExportsModule,
        HealthModule,
        ExtensionTokensModule,
        CalendarModule,
      ],
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
    database: ResolvedDatabase,
    roles: readonly Role[],
    options: RoleOptions = {},
  ): DynamicModule {
    const cron = roles.includes('scheduler') && options.cron !== false;
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, database),
        // HTTP requests get their EntityManager from configureHttp's lazy request context instead.
        MikroOrmModule.forRoot({ ...createOrmOptions(database.url, ENTITIES), registerRequestContext: false }),
        PgPoolModule.forRoot(database.url),
        QueueModule.forRoot({
          redisUrl: config.redisUrl,
          prefix: config.queuePrefix,
          retryDelayMs: config.jobRetryDelayMs,
          jobs: MODULE_JOBS,
        }),
        MailInfraModule.forRoot(config, {
          devMailbox: roles.includes('api') && config.devMailbox,
        }),
        TaskScheduleModule.forRoot({ scheduler: roles.includes('scheduler'), cron }),
        ...(roles.includes('api') ? [HttpModule.forRoot()] : []),
        ...(roles.includes('worker') ? [WorkerModule.forRoot(config)] : []),
        ...(roles.includes('scheduler') ? [SchedulerModule] : []),
      ],
    };
  }
}

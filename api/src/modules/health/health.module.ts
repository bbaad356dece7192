import { Module } from '@nestjs/common';
import { RemindersModule } from '../reminders/reminders.module';
import { HealthController } from './health.controller';
import { PublicConfigController } from './public-config.controller';

@Module({ imports: [RemindersModule], controllers: [HealthController, PublicConfigController] })
export class HealthModule {}

import { Module } from '@nestjs/common';
import { RemindersModule } from '../reminders.module';
import { DeliverReminderProcessor } from './deliver-reminder.processor';
import { RemindersFanOutTask } from './reminders-fan-out.task';

/** The reminders module's worker part: the handler of `reminders.deliver` and the hourly fan-out. */
@Module({ imports: [RemindersModule], providers: [DeliverReminderProcessor, RemindersFanOutTask] })
export class RemindersWorkerModule {}

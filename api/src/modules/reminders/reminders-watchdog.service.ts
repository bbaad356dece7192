import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { TaskRunner } from '../../infra/schedule/task-runner.service';
import { Clock } from '../../infra/time/clock';
import { REMINDERS_FAN_OUT } from './jobs/reminders.jobs';

const CHECK_EVERY_MS = 10 * 60_000;
const STALE_AFTER_MS = 2 * 3_600_000;

export interface FanOutStatus {
  /** When the last fan-out finished without an error (ISO), or null: never. */
  last_fan_out_at: string | null;
  /** Reminder emails that fan-out queued. */
  reminders_queued: number | null;
  /** True when no fan-out has succeeded for two hours (the scheduler is not running?). */
  stale: boolean;
}

/**
 * Reminder emails that never arrive because the scheduler is not running are the peers' most
 * common complaint: every api process checks the last fan-out and says so in the log (and in
 * `/api/ready`) when none has run for two hours.
 */
@Injectable()
export class RemindersWatchdog implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reminders');
  private timer: NodeJS.Timeout | undefined;
  private readonly startedAt: number;

  constructor(
    private readonly tasks: TaskRunner,
    private readonly clock: Clock,
  ) {
    this.startedAt = clock.nowMs();
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async status(): Promise<FanOutStatus> {
    const run = await this.tasks.lastRun(REMINDERS_FAN_OUT.name);
    const last = run?.lastSucceededAt ?? null;
    const queued = run?.lastResult?.['enqueued'];
    const reference = last?.getTime() ?? this.startedAt;
    return {
      last_fan_out_at: last ? last.toISOString() : null,
      reminders_queued: typeof queued === 'number' ? queued : null,
      stale: this.clock.nowMs() - reference > STALE_AFTER_MS,
    };
  }

  async check(): Promise<FanOutStatus> {
    const status = await this.status();
    if (status.stale) {
      this.logger.warn(
        `No reminder fan-out has run for two hours (last: ${status.last_fan_out_at ?? 'never'}): follow-up reminder emails are not going out. Is the scheduler role running? (npm run task -- reminders runs one now.)`,
      );
    }
    return status;
  }
}

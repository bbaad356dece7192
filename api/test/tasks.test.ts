import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Injectable, Module, type ModuleMetadata } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declareJobs, JobsModule } from '../src/infra/queue/job-declarations';
import { QueueModule } from '../src/infra/queue/queue.module';
import { TaskScheduleModule } from '../src/infra/schedule/schedule.module';
import { defineTask, ScheduledTask, type RunnableTask, type TaskResult } from '../src/infra/schedule/scheduled-task';
import { TaskRunner } from '../src/infra/schedule/task-runner.service';
import { MailService } from '../src/modules/mail/mail.service';
import { renderLayout } from '../src/modules/mail/templates/layout';
import { redisAvailable, useTestApp, type TestApp } from './helpers/test-app';
import { bootError } from './helpers/boot-error';
import { testOrmModule, useTestDatabase } from './helpers/test-database';

const API_DIR = resolve(__dirname, '..');

/** `npm run task -- <args>` as operators run it (the built CLI), with the app's configuration. */
function runTaskCli(app: TestApp, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['dist/cli/task.js', ...args], {
      cwd: API_DIR,
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // The same data folder and secret as the running app, as on one installation.
        DATA_DIR: app.config.dataDir,
        SESSION_SECRET: app.config.sessionSecret,
        DATABASE_URL: app.db.url,
        SMTP_URL: app.config.smtpUrl ?? '',
        APP_URL: app.config.appUrl,
        QUEUE_PREFIX: app.config.queuePrefix,
        ...(app.config.redisUrl ? { REDIS_URL: app.config.redisUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}

/** A message recorded an hour ago and never handed to a worker (as after a crash). */
async function strandMail(app: TestApp, to: string): Promise<void> {
  const orm = app.running.app.get(MikroORM);
  const mail = app.running.app.get(MailService);
  const layout = renderLayout({ subject: 'Stranded', greetingName: 'S', paragraphs: ['x'] });
  await RequestContext.create(orm.em.fork(), () => mail.record('password-changed', to, layout, null));
  await app.db.query(`update mail_messages set created_at = now() - interval '1 hour' where to_address = $1`, [to]);
}

// Without Redis (a laptop) the BullMQ variant cannot run; CI=true requires Redis (global setup).
const modes = redisAvailable() ? (['in-process', 'bullmq'] as const) : (['in-process'] as const);

describe.each(modes)('scheduled tasks (%s)', (mode) => {
  const app = useTestApp({}, { mode });

  it('lists every task with its schedule', async () => {
    const { code, output } = await runTaskCli(app, ['--list']);
    expect(code).toBe(0);
    for (const name of ['mail-redelivery', 'prune-sessions', 'premium-expiry', 'stripe-reconcile'])
      expect(output).toMatch(new RegExp(`^${name} `, 'm'));
  });

  it('refuses an unknown name and names the known ones', async () => {
    const { code, output } = await runTaskCli(app, ['no-such-task']);
    expect(code).toBe(2);
    expect(output).toContain('Unknown task "no-such-task"');
    expect(output).toContain('mail-redelivery');
  });

  it('runs a task once, now, and records the run', async () => {
    const to = `stranded-${mode}@example.com`;
    await strandMail(app, to);
    const { code, output } = await runTaskCli(app, ['mail-redelivery']);
    expect(code, output).toBe(0);
    expect(output).toContain('"requeued":1');
    if (mode === 'in-process') {
      // Without Redis the CLI itself did the work before exiting.
      expect(app.mail.count(to)).toBe(1);
    } else {
      // With Redis the job was in the queue when the CLI exited; the running worker sends it.
      await app.mail.waitFor(to, /Stranded/);
    }
    const [run] = await app.db.query<{ last_result: { requeued: number }; last_error: string | null }>(
      `select last_result, last_error from task_runs where name = 'mail-redelivery'`,
    );
    expect(run?.last_result.requeued).toBe(1);
    expect(run?.last_error).toBeNull();
    // Running it again finds nothing left to do.
    expect((await runTaskCli(app, ['mail-redelivery'])).output).toContain('"requeued":0');
    expect(app.mail.count(to)).toBe(1);
  });

  it('puts every task on the cron of the scheduler role', () => {
    const runner = app.running.app.get(TaskRunner);
    const cronJobs = app.running.app.get(SchedulerRegistry).getCronJobs();
    expect([...cronJobs.keys()].sort()).toEqual(runner.list().map((task) => task.name));
    for (const task of runner.list()) expect(cronJobs.get(task.name)?.isActive).toBe(true);
  });
});

const SWEEP = defineTask({ name: 'sample-sweep', cron: '0 * * * *', description: 'A task of this test.' });

@ScheduledTask(SWEEP)
@Injectable()
class SweepTask implements RunnableTask {
  run(): Promise<TaskResult> {
    return Promise.resolve({ swept: 0 });
  }
}

/** Declares the task, as ImportsModule declares prune-imports. */
@Module({ imports: [JobsModule.declare(declareJobs({ tasks: [SWEEP] }))] })
class SweepModule {}

/** Registers it, as ImportsWorkerModule registers PruneImportsTask (app/worker-modules.ts lists it). */
@Module({ imports: [SweepModule], providers: [SweepTask] })
class SweepWorkerModule {}

/** Runs it without any module declaring it. */
@Module({ providers: [SweepTask] })
class UndeclaredSweepModule {}

describe('the scheduler’s tasks', () => {
  const database = useTestDatabase();

  function boot(imports: ModuleMetadata['imports'], scheduler: boolean): Promise<unknown> {
    return bootError({
      imports: [
        testOrmModule(database),
        QueueModule.forRoot({ redisUrl: undefined, prefix: 'x', retryDelayMs: 10 }),
        TaskScheduleModule.forRoot({ scheduler, cron: false }),
        ...(imports ?? []),
      ],
    });
  }

  it('refuse to boot the scheduler role when a declared task is not registered (its worker module left out)', async () => {
    const error = await boot([SweepModule], true);
    expect(String(error)).toContain('The scheduled task(s) sample-sweep are declared but not registered');
    expect(String(error)).toContain('app/worker-modules.ts');
  });

  it('refuse to boot when a provider runs a task no loaded module declares', async () => {
    const error = await boot([UndeclaredSweepModule], true);
    expect(String(error)).toContain('runs the task "sample-sweep", which no loaded module declares');
  });

  it('boot the scheduler role when every declared task is registered', async () => {
    expect(await boot([SweepWorkerModule], true)).toBeUndefined();
  });

  it('boot a role without the scheduler, which registers no tasks', async () => {
    expect(await boot([SweepModule], false)).toBeUndefined();
  });
});

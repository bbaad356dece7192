import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, type INestApplicationContext, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JobDeadlineExceededError, JobDispatcher } from '../src/infra/queue/job-dispatcher';
import { declareJobs, JobsModule } from '../src/infra/queue/job-declarations';
import { HandlesJob, type JobContext, type JobHandler } from '../src/infra/queue/job-handler';
import type { JobData, QueueDeclaration } from '../src/infra/queue/job-map';
import { JobWorkerModule } from '../src/infra/queue/job-worker.module';
import { QueueModule } from '../src/infra/queue/queue.module';
import { AI_QUEUE, type DraftJobResult } from '../src/modules/ai/jobs/ai.jobs';
import { BILLING_QUEUE } from '../src/modules/billing/jobs/billing.jobs';
import { IMPORTS_QUEUE } from '../src/modules/imports/jobs/imports.jobs';
import { MAIL_QUEUE } from '../src/modules/mail/jobs/mail.jobs';
import { REMINDERS_QUEUE } from '../src/modules/reminders/jobs/reminders.jobs';
import { redisAvailable } from './helpers/test-app';
import { bootError } from './helpers/boot-error';
import { testOrmModule, useTestDatabase } from './helpers/test-database';

/** What the handler under test saw, and what it should do next time, per message id. */
interface Script {
  /** Fail this many runs before succeeding. */
  failures: number;
  /** What a successful run answers (a request-reply job's result). */
  reply?: unknown;
  /** How long each run takes. */
  runMs?: number;
  runs: { at: number; attemptsMade: number; isLastAttempt: boolean; jobId: string }[];
}

const scripts = new Map<number, Script>();
/** Runs of the recording handler under way now, and the most there were at once. */
const running = { now: 0, most: 0 };

function script(messageId: number, failures = 0, more: Pick<Script, 'reply' | 'runMs'> = {}): Script {
  const entry = { failures, runs: [], ...more };
  scripts.set(messageId, entry);
  return entry;
}

@HandlesJob('mail', 'mail.send')
@Injectable()
class RecordingHandler implements JobHandler<'mail', 'mail.send'> {
  async handle({ messageId }: JobData<'mail', 'mail.send'>, context: JobContext): Promise<void> {
    const entry = scripts.get(messageId);
    if (!entry) throw new Error(`no script for ${messageId}`);
    entry.runs.push({
      at: Date.now(),
      attemptsMade: context.attemptsMade,
      isLastAttempt: context.isLastAttempt,
      jobId: context.id,
    });
    running.now += 1;
    running.most = Math.max(running.most, running.now);
    if (entry.runMs) await new Promise((r) => setTimeout(r, entry.runMs));
    running.now -= 1;
    if (entry.runs.length <= entry.failures) throw new Error(`scripted failure ${entry.runs.length}`);
    // mail.send answers nothing; the runners carry whatever a handler answers, which these tests check.
    return entry.reply as never;
  }
}

@HandlesJob('mail', 'mail.send')
@Injectable()
class SecondHandler extends RecordingHandler {}

@HandlesJob('reminders', 'reminders.deliver')
@Injectable()
class ReminderHandler implements JobHandler<'reminders', 'reminders.deliver'> {
  handle(): Promise<void> {
    return Promise.resolve();
  }
}

@HandlesJob('imports', 'import.run')
@Injectable()
class ImportHandler implements JobHandler<'imports', 'import.run'> {
  handle(): Promise<void> {
    return Promise.resolve();
  }
}

@HandlesJob('imports', 'import.read')
@Injectable()
class ReadImportHandler implements JobHandler<'imports', 'import.read'> {
  handle(): Promise<void> {
    return Promise.resolve();
  }
}

@HandlesJob('imports', 'export.build')
@Injectable()
class ExportHandler implements JobHandler<'imports', 'export.build'> {
  handle(): Promise<void> {
    return Promise.resolve();
  }
}

/** The `ai` queue's jobs (one attempt each): fail or answer, per contact id. */
const drafts = new Map<number, { fail: boolean; runs: number; lastAttempts: boolean[] }>();

@HandlesJob('ai', 'ai.draft')
@Injectable()
class DraftHandler implements JobHandler<'ai', 'ai.draft'> {
  handle({ contactId }: JobData<'ai', 'ai.draft'>, context: JobContext): Promise<DraftJobResult> {
    const entry = drafts.get(contactId);
    if (!entry) return Promise.reject(new Error(`no script for draft ${contactId}`));
    entry.runs += 1;
    entry.lastAttempts.push(context.isLastAttempt);
    if (entry.fail) return Promise.reject(new Error(`draft ${contactId} broke`));
    return Promise.resolve({ status: 'written', sealed: `sealed-${contactId}` });
  }
}

@HandlesJob('billing', 'billing.sync-customers')
@Injectable()
class BillingHandler implements JobHandler<'billing', 'billing.sync-customers'> {
  handle(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * A real queue's settings (attempts, concurrency) with only the named jobs declared, those these
 * tests handle: a job added to the queue later needs no handler here.
 */
function only<Q extends QueueDeclaration>(queue: Q, ...names: (keyof Q['jobs'] & string)[]): QueueDeclaration {
  return { ...queue, jobs: Object.fromEntries(Object.entries(queue.jobs).filter(([name]) => names.includes(name))) };
}

const MAIL = only(MAIL_QUEUE, 'mail.send');
const AI = only(AI_QUEUE, 'ai.draft');
const REMINDERS = only(REMINDERS_QUEUE, 'reminders.deliver');
/** The real queues' settings (5 attempts for mail, 1 for ai), with the handlers of these tests. */
const RUNNER_JOBS = declareJobs({ queues: [MAIL, AI] });

const RETRY_DELAY_MS = 40;
let nextId = 1;

/** Handlers run in an EntityManager context of their own: the runner needs MikroORM. */
const database = useTestDatabase();

/**
 * A dispatcher and a worker for RUNNER_JOBS, declared by a module and composed into the app (as
 * app/worker-modules.ts composes each module's).
 */
async function startRunner(
  redisUrl: string | undefined,
  handlers: Type[] = [RecordingHandler, DraftHandler],
): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      testOrmModule(database),
      QueueModule.forRoot({
        redisUrl,
        prefix: `runners-${randomBytes(4).toString('hex')}`,
        retryDelayMs: RETRY_DELAY_MS,
        jobs: [RUNNER_JOBS],
      }),
      JobsModule.declare(RUNNER_JOBS),
      JobWorkerModule.forRoot({ bullmq: redisUrl !== undefined, jobs: [RUNNER_JOBS] }),
    ],
    providers: handlers,
  }).compile();
  await moduleRef.init();
  return moduleRef;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

// One suite, both runners: whatever a feature relies on behaves the same with and without Redis.
const runners = redisAvailable() ? (['in-process', 'bullmq'] as const) : (['in-process'] as const);

describe.each(runners)('the %s job runner', (runner) => {
  let app: INestApplicationContext;
  let jobs: JobDispatcher;

  beforeAll(async () => {
    app = await startRunner(runner === 'bullmq' ? inject('redisUrl') : undefined);
    jobs = app.get(JobDispatcher);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('runs a job once however often its id is added while it is pending', async () => {
    const id = nextId++;
    const entry = script(id);
    const results = await Promise.all(
      [1, 2, 3].map(() => jobs.dispatch('mail', 'mail.send', { messageId: id }, { jobId: `once-${id}`, delayMs: 200 })),
    );
    expect(results.filter((r) => r === 'added')).toHaveLength(1);
    expect(results.filter((r) => r === 'pending')).toHaveLength(2);
    await until(() => entry.runs.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(entry.runs).toHaveLength(1);
    expect(entry.runs[0]?.jobId).toBe(`once-${id}`);
  });

  it('waits for the delay before the first run', async () => {
    const id = nextId++;
    const entry = script(id);
    const added = Date.now();
    await jobs.dispatch('mail', 'mail.send', { messageId: id }, { jobId: `delay-${id}`, delayMs: 400 });
    await until(() => entry.runs.length === 1);
    expect((entry.runs[0]?.at ?? 0) - added).toBeGreaterThanOrEqual(380);
  });

  it('retries a failing job with exponential backoff until it succeeds', async () => {
    const id = nextId++;
    const entry = script(id, 3);
    await jobs.dispatch('mail', 'mail.send', { messageId: id }, { jobId: `retry-${id}` });
    await until(() => entry.runs.length === 4);
    expect(entry.runs.map((r) => r.attemptsMade)).toEqual([0, 1, 2, 3]);
    const gaps = entry.runs.slice(1).map((run, i) => run.at - (entry.runs[i]?.at ?? 0));
    // 40, 80, 160 ms (BullMQ's delayed-job timer may add a little).
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(RETRY_DELAY_MS * 2 ** i - 5));
    expect(gaps[2]).toBeGreaterThan(gaps[0] ?? 0);
  });

  it('gives up after 5 attempts, and runs the job again when its id is added again', async () => {
    const id = nextId++;
    const entry = script(id, 5);
    await jobs.dispatch('mail', 'mail.send', { messageId: id }, { jobId: `failed-${id}` });
    await until(() => entry.runs.length === 5);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(entry.runs).toHaveLength(5);
    // The handler is told which run is the last (it may record the failure for good then).
    expect(entry.runs.map((r) => r.isLastAttempt)).toEqual([false, false, false, false, true]);
    expect(await jobs.dispatch('mail', 'mail.send', { messageId: id }, { jobId: `failed-${id}` })).toBe('retried');
    await until(() => entry.runs.length === 6);
    expect(entry.runs[5]?.attemptsMade).toBe(0);
    expect(entry.runs[5]?.isLastAttempt).toBe(false);
  });

  it('ignores, and counts, an add whose id already completed', async () => {
    const id = nextId++;
    const entry = script(id);
    await jobs.dispatch('mail', 'mail.send', { messageId: id }, { jobId: `done-${id}` });
    await until(() => entry.runs.length === 1);
    await new Promise((r) => setTimeout(r, 200));
    const ignoredBefore = jobs.ignoredAdds;
    expect(await jobs.dispatch('mail', 'mail.send', { messageId: id }, { jobId: `done-${id}` })).toBe('ignored');
    expect(jobs.ignoredAdds).toBe(ignoredBefore + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(entry.runs).toHaveLength(1);
  });

  it('answers a request-reply job with what its handler returned', async () => {
    const id = nextId++;
    const entry = script(id, 0, { reply: { sealed: `reply-${id}`, n: [1, 2] } });
    const reply = await jobs.dispatchAndWait(
      'mail',
      'mail.send',
      { messageId: id },
      { jobId: `reply-${id}`, timeoutMs: 5_000 },
    );
    expect(reply).toEqual({ sealed: `reply-${id}`, n: [1, 2] });
    expect(entry.runs).toHaveLength(1);
  });

  it('answers a request-reply job only once its retries have succeeded', async () => {
    const id = nextId++;
    const entry = script(id, 2, { reply: 'third time lucky' });
    const reply = await jobs.dispatchAndWait(
      'mail',
      'mail.send',
      { messageId: id },
      { jobId: `reply-retry-${id}`, timeoutMs: 5_000 },
    );
    expect(reply).toBe('third time lucky');
    expect(entry.runs.map((r) => r.attemptsMade)).toEqual([0, 1, 2]);
  });

  it('rejects a request-reply job that used up its attempts, with the handler’s error', async () => {
    const id = nextId++;
    const entry = script(id, 5);
    await expect(
      jobs.dispatchAndWait('mail', 'mail.send', { messageId: id }, { jobId: `reply-fail-${id}`, timeoutMs: 5_000 }),
    ).rejects.toThrow('scripted failure 5');
    expect(entry.runs).toHaveLength(5);
  });

  it('stops waiting at the deadline with JobDeadlineExceededError', async () => {
    const id = nextId++;
    const entry = script(id, 0, { reply: 'too late', runMs: 1_500 });
    const started = Date.now();
    const waited = jobs.dispatchAndWait(
      'mail',
      'mail.send',
      { messageId: id },
      { jobId: `reply-late-${id}`, timeoutMs: 400 },
    );
    await expect(waited).rejects.toBeInstanceOf(JobDeadlineExceededError);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(1_400);
    // The job itself is not cut short (its handler decides what a late result is worth).
    await until(() => entry.runs.length === 1);
  });

  it('runs a job of a one-attempt queue once, and its failure reaches the waiting caller at once', async () => {
    const id = nextId++;
    drafts.set(id, { fail: false, runs: 0, lastAttempts: [] });
    const data = {
      contactId: id,
      userId: 1,
      tone: 'warm',
      purpose: 'check-in',
      deadlineAt: Date.now() + 5_000,
    } as const;
    expect(await jobs.dispatchAndWait('ai', 'ai.draft', data, { jobId: `draft-${id}`, timeoutMs: 5_000 })).toEqual({
      status: 'written',
      sealed: `sealed-${id}`,
    });
    const failing = nextId++;
    drafts.set(failing, { fail: true, runs: 0, lastAttempts: [] });
    const started = Date.now();
    await expect(
      jobs.dispatchAndWait(
        'ai',
        'ai.draft',
        { ...data, contactId: failing },
        { jobId: `draft-${failing}`, timeoutMs: 5_000 },
      ),
    ).rejects.toThrow(`draft ${failing} broke`);
    expect(Date.now() - started).toBeLessThan(RETRY_DELAY_MS * 10);
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * 5));
    expect(drafts.get(failing)?.runs).toBe(1);
    // One attempt: its first run is its last.
    expect(drafts.get(id)?.lastAttempts).toEqual([true]);
    expect(drafts.get(failing)?.lastAttempts).toEqual([true]);
  });

  it('refuses a request-reply job whose id was used before', async () => {
    const id = nextId++;
    script(id, 0, { reply: 'first' });
    const options = { jobId: `reply-twice-${id}`, timeoutMs: 5_000 };
    expect(await jobs.dispatchAndWait('mail', 'mail.send', { messageId: id }, options)).toBe('first');
    await expect(jobs.dispatchAndWait('mail', 'mail.send', { messageId: id }, options)).rejects.toThrow(/already used/);
  });
});

/** Holds a `mail.send` job for a while, then reads the database (in the job's own EntityManager context). */
const slowReads = new Map<number, { started: boolean; answer?: unknown; error?: unknown }>();

@HandlesJob('mail', 'mail.send')
@Injectable()
class SlowReadHandler implements JobHandler<'mail', 'mail.send'> {
  constructor(private readonly orm: MikroORM) {}

  async handle({ messageId }: JobData<'mail', 'mail.send'>): Promise<void> {
    const entry = { started: true };
    slowReads.set(messageId, entry);
    await new Promise((r) => setTimeout(r, 500));
    try {
      Object.assign(entry, { answer: await this.orm.em.getConnection().execute('select 1 as one') });
    } catch (error) {
      Object.assign(entry, { error });
    }
  }
}

describe.runIf(redisAvailable())('the BullMQ workers', () => {
  it('run as many jobs of a queue at once as the queue’s concurrency', async () => {
    const app = await startRunner(inject('redisUrl'));
    try {
      const ids = Array.from({ length: MAIL.concurrency + 2 }, () => nextId++);
      const entries = ids.map((id) => script(id, 0, { runMs: 300 }));
      running.most = 0;
      await Promise.all(
        ids.map((id) =>
          app.get(JobDispatcher).dispatch('mail', 'mail.send', { messageId: id }, { jobId: `wide-${id}` }),
        ),
      );
      await until(() => entries.every((entry) => entry.runs.length === 1));
      expect(running.most).toBe(MAIL.concurrency);
    } finally {
      await app.close();
    }
  });

  it('finish the jobs they are running, database included, before the app closes', async () => {
    const app = await startRunner(inject('redisUrl'), [SlowReadHandler, DraftHandler]);
    const id = nextId++;
    try {
      await app.get(JobDispatcher).dispatch('mail', 'mail.send', { messageId: id }, { jobId: `closing-${id}` });
      await until(() => slowReads.get(id)?.started === true);
    } finally {
      // While the job runs.
      await app.close();
    }
    expect(slowReads.get(id)?.error).toBeUndefined();
    expect(slowReads.get(id)?.answer).toEqual([{ one: 1 }]);
  });
});

describe('the worker’s handlers', () => {
  /** `queues` declared by a loaded module; the app composed with `composed` (app/worker-modules.ts). */
  function boot(handlers: Type[], queues: QueueDeclaration[], composed = queues): Promise<unknown> {
    const jobs = [declareJobs({ queues: composed })];
    return bootError({
      imports: [
        testOrmModule(database),
        QueueModule.forRoot({ redisUrl: undefined, prefix: 'x', retryDelayMs: 10, jobs }),
        JobsModule.declare(declareJobs({ queues })),
        JobWorkerModule.forRoot({ bullmq: false, jobs }),
      ],
      providers: handlers,
    });
  }

  it('refuse to boot when two handlers claim one job', async () => {
    const error = await boot([RecordingHandler, SecondHandler], [MAIL]);
    expect(String(error)).toContain('Two handlers claim the job "mail/mail.send"');
  });

  it('refuse to boot when a declared job has no handler', async () => {
    const error = await boot([ReminderHandler], [MAIL, REMINDERS]);
    expect(String(error)).toContain('No handler for the job(s) mail/mail.send');
    expect(String(error)).toContain('app/worker-modules.ts');
  });

  it('refuse to boot when a handler names a job no loaded module declares', async () => {
    const error = await boot([RecordingHandler, ReminderHandler], [MAIL]);
    expect(String(error)).toContain('handles "reminders/reminders.deliver", which no loaded module declares');
  });

  it('refuse to boot when a loaded module declares a queue the app was not composed with', async () => {
    const error = await boot([RecordingHandler, ReminderHandler], [MAIL, REMINDERS], [MAIL]);
    expect(String(error)).toContain(
      'A loaded module declares the queue "reminders", but the app was not composed with it',
    );
    expect(String(error)).toContain('app/worker-modules.ts');
  });

  it('refuse to boot when the app was composed with a queue no loaded module declares', async () => {
    const error = await boot([RecordingHandler], [MAIL], [MAIL, REMINDERS]);
    expect(String(error)).toContain('No module loaded in this process declares the queue "reminders"');
  });

  it('boot when two modules declare one queue as the same declaration (as imports and exports declare `imports`)', async () => {
    const jobs = [declareJobs({ queues: [MAIL, REMINDERS] })];
    const error = await bootError({
      imports: [
        testOrmModule(database),
        QueueModule.forRoot({ redisUrl: undefined, prefix: 'x', retryDelayMs: 10, jobs }),
        JobsModule.declare(declareJobs({ queues: [MAIL] })),
        JobsModule.declare(declareJobs({ queues: [MAIL, REMINDERS] })),
        JobWorkerModule.forRoot({ bullmq: false, jobs }),
      ],
      providers: [RecordingHandler, ReminderHandler],
    });
    expect(error).toBeUndefined();
  });

  it('refuse to boot when two modules declare different queues of one name', async () => {
    const jobs = [declareJobs({ queues: [MAIL, REMINDERS] })];
    const error = await bootError({
      imports: [
        testOrmModule(database),
        QueueModule.forRoot({ redisUrl: undefined, prefix: 'x', retryDelayMs: 10, jobs }),
        JobsModule.declare(declareJobs({ queues: [MAIL] })),
        JobsModule.declare(declareJobs({ queues: [{ ...MAIL }, REMINDERS] })),
        JobWorkerModule.forRoot({ bullmq: false, jobs }),
      ],
      providers: [RecordingHandler, ReminderHandler],
    });
    expect(String(error)).toContain('Two modules declare a queue named "mail"');
  });

  it('boot when every declared job has exactly one handler', async () => {
    expect(
      await boot(
        [
          RecordingHandler,
          ReminderHandler,
          ReadImportHandler,
          ImportHandler,
          ExportHandler,
          DraftHandler,
          BillingHandler,
        ],
        [
          MAIL,
          REMINDERS,
          only(IMPORTS_QUEUE, 'import.read', 'import.run', 'export.build'),
          AI,
          only(BILLING_QUEUE, 'billing.sync-customers'),
        ],
      ),
    ).toBeUndefined();
  });
});

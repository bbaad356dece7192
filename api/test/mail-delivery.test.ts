import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JobDispatcher } from '../src/infra/queue/job-dispatcher';
import { TaskRunner } from '../src/infra/schedule/task-runner.service';
import { MailService } from '../src/modules/mail/mail.service';
import { renderLayout } from '../src/modules/mail/templates/layout';
import { redisAvailable, startTestApp, useTestApp } from './helpers/test-app';

const modes = redisAvailable() ? (['bullmq', 'in-process'] as const) : (['in-process'] as const);

describe.each(modes)('mail delivery (%s)', (mode) => {
  // Retries 50 ms apart (100, 200, 400 ms...), so a job uses up its 5 attempts in under 2 s.
  const app = useTestApp({ JOB_RETRY_DELAY_MS: '50', THROTTLE_EMAIL_PER_ADDRESS: '1000' }, { mode });

  async function inContext<T>(work: () => Promise<T>): Promise<T> {
    const orm = app.running.app.get(MikroORM);
    return RequestContext.create(orm.em.fork(), work);
  }

  it('sends a message once even when its job is delivered twice', async () => {
    const mail = app.running.app.get(MailService);
    const jobs = app.running.app.get(JobDispatcher);
    const message = await inContext(() =>
      mail.record(
        'password-changed',
        'twice@example.com',
        renderLayout({ subject: 'Twice', greetingName: 'T', paragraphs: ['x'] }),
        null,
      ),
    );
    await jobs.dispatch('mail', 'mail.send', { messageId: message.id }, { jobId: `mail-${message.jobKey}` });
    await jobs.dispatch('mail', 'mail.send', { messageId: message.id }, { jobId: `mail-${message.jobKey}-again` });
    await app.mail.waitFor('twice@example.com', /Twice/);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(app.mail.count('twice@example.com')).toBe(1);
    const [row] = await app.db.query<{ sent_at: string | null; sealed_body: string | null }>(
      'select sent_at, sealed_body from mail_messages where id = $1',
      [message.id],
    );
    expect(row?.sent_at).not.toBeNull();
    expect(row?.sealed_body).toBeNull();
  });

  it('re-queues mail that was recorded but never queued (the scheduler task)', async () => {
    const mail = app.running.app.get(MailService);
    await inContext(() =>
      mail.record(
        'password-changed',
        'stranded@example.com',
        renderLayout({ subject: 'Stranded', greetingName: 'S', paragraphs: ['x'] }),
        null,
      ),
    );
    await app.db.query(
      `update mail_messages set created_at = now() - interval '1 hour' where to_address = 'stranded@example.com'`,
    );
    expect(app.mail.count('stranded@example.com')).toBe(0);
    await app.running.app.get(TaskRunner).run('mail-redelivery', 'manual');
    await app.mail.waitFor('stranded@example.com', /Stranded/);
    expect(app.mail.count('stranded@example.com')).toBe(1);
  });

  it('delivers every mail once after the SMTP server refused long enough for every job to fail', async () => {
    const addresses = ['outage-a@example.com', 'outage-b@example.com', 'outage-c@example.com'];
    app.mail.refusing = true;
    try {
      for (const email of addresses) await (await app.client()).signUp(email);
      // Each job tries 5 times and gives up, as it would over two minutes with the default delays.
      await expect
        .poll(
          async () =>
            (
              await app.db.query<{ n: number }>(
                `select count(*)::int as n from mail_messages where to_address = any($1) and attempts >= 5`,
                [addresses],
              )
            )[0]?.n,
          { timeout: 20_000 },
        )
        .toBe(addresses.length);
      await app.running.app.get(JobDispatcher).drain();
    } finally {
      app.mail.refusing = false;
    }
    expect(app.mail.refused).toBeGreaterThanOrEqual(addresses.length * 5);
    for (const email of addresses) expect(app.mail.count(email)).toBe(0);

    // The scheduler's redelivery comes round (its window is 10 minutes after the last attempt).
    await app.db.query(
      `update mail_messages set created_at = now() - interval '20 minutes', last_attempt_at = now() - interval '15 minutes'
        where to_address = any($1)`,
      [addresses],
    );
    const result = await app.running.app.get(TaskRunner).run('mail-redelivery', 'manual');
    expect(result['requeued']).toBe(addresses.length);
    for (const email of addresses) await app.mail.waitFor(email, /Confirm your email/);
    // Once: a second redelivery finds nothing left to send.
    await app.running.app.get(TaskRunner).run('mail-redelivery', 'manual');
    await app.running.app.get(JobDispatcher).drain();
    await new Promise((r) => setTimeout(r, 500));
    for (const email of addresses) expect(app.mail.count(email)).toBe(1);
  });
});

describe.runIf(redisAvailable())('a new database on a Redis that served another one', () => {
  it('still sends every mail (job ids never repeat across databases sharing a queue prefix)', async () => {
    const prefix = `shared-${randomBytes(4).toString('hex')}`;
    const first = await startTestApp('bullmq', { QUEUE_PREFIX: prefix, THROTTLE_EMAIL_PER_ADDRESS: '1000' });
    try {
      for (let i = 0; i < 3; i++) {
        await (await first.client()).signUp(`first-${i}@example.com`);
        await first.mail.waitFor(`first-${i}@example.com`, /Confirm your email/);
      }
    } finally {
      await first.close();
    }
    // A fresh database (its mail rows numbered from 1 again) on the same Redis and prefix.
    const second = await startTestApp('bullmq', { QUEUE_PREFIX: prefix, THROTTLE_EMAIL_PER_ADDRESS: '1000' });
    try {
      for (let i = 0; i < 3; i++) {
        await (await second.client()).signUp(`second-${i}@example.com`);
        await second.mail.waitFor(`second-${i}@example.com`, /Confirm your email/);
      }
      expect(second.running.app.get(JobDispatcher).ignoredAdds).toBe(0);
    } finally {
      await second.close();
    }
  });
});

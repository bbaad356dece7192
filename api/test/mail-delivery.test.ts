import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobDispatcher } from '../src/infra/queue/job-dispatcher';
import { TaskRunner } from '../src/infra/schedule/task-runner.service';
import { MailService } from '../src/modules/mail/mail.service';
import { renderLayout } from '../src/modules/mail/templates/layout';
import { redisAvailable, startTestApp, type TestApp } from './helpers/test-app';

describe('mail delivery', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(redisAvailable() ? 'bullmq' : 'in-process');
  });
  afterAll(async () => {
    await app?.close();
  });

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
    await jobs.dispatch('mail', 'mail.send', { messageId: message.id }, { jobId: `mail-${message.id}` });
    await jobs.dispatch('mail', 'mail.send', { messageId: message.id }, { jobId: `mail-${message.id}-again` });
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
});

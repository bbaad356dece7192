import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/api-client';
import { useTestApp } from './helpers/test-app';

// "Development: mail is not sent. Open the dev mailbox" (the SPA shows it when GET /api/config says
// dev_mailbox) must never show when mail goes out by SMTP (issue 27), and the mailbox route with it.

describe('mail by SMTP', () => {
  const app = useTestApp();

  it('says no dev mailbox, serves none, and delivers the mail by SMTP', async () => {
    const config = await request(app.url).get('/api/config').expect(200);
    expect(config.body).toMatchObject({ dev_mailbox: false });
    const mailbox = await request(app.url).get('/dev/mailbox');
    expect(mailbox.text).not.toContain('Tend dev mailbox');

    const client = await ApiClient.create(app.url);
    await client.signUp('smtp-user@example.com');
    const mail = await app.mail.waitFor('smtp-user@example.com');
    expect(mail.subject).toBe('Confirm your email address for Tend');
  });
});

describe('mail kept in the outbox (no SMTP_URL, development)', () => {
  const app = useTestApp({ SMTP_URL: '' });

  it('says so, and lists the mail at /dev/mailbox', async () => {
    const config = await request(app.url).get('/api/config').expect(200);
    expect(config.body).toMatchObject({ dev_mailbox: true });
    const mailbox = await request(app.url).get('/dev/mailbox').expect(200);
    expect(mailbox.text).toContain('Tend dev mailbox');
  });
});

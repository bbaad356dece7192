import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Import, Tier } from '@tend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskRunner } from '../../src/infra/schedule/task-runner.service';
import type { ApiClient } from '../helpers/api-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { zipOf } from '../helpers/zip-of';

// Issue 23: files a free user could upload that froze the whole server (the tests' app is one
// process, api and jobs together, as `npm start` runs it), and the limits around previews.
let app: TestApp;
let counter = 0;

beforeAll(async () => {
  app = await startTestApp('in-process', {
    THROTTLE_SIGNUP_PER_IP: '1000',
    THROTTLE_EMAIL_PER_ADDRESS: '1000',
    THROTTLE_IMPORT_PREVIEWS_PER_USER: '3',
  });
});
afterAll(async () => {
  await app?.close();
});

const CAP_MESSAGE =
  'This file has more than 30,000 people in it. Tend reads at most 30,000 people from one file, because LinkedIn allows at most 30,000 connections; split the file into smaller ones and import each.';

async function person() {
  counter += 1;
  const { client, userId } = await app.verifiedClient(`safety-${counter}@example.com`);
  const tiers = (await client.get('/api/tiers')).body as Tier[];
  return { client, userId, tier: tiers[0]?.id ?? 0 };
}

function upload(client: ApiClient, file: Buffer, tier: number, filename: string) {
  return client.raw
    .post('/api/imports')
    .set('X-CSRF-Token', client.csrfToken)
    .field('tier_id', String(tier))
    .attach('file', file, { filename, contentType: 'application/octet-stream' });
}

async function whileReading(client: ApiClient, id: string): Promise<Import> {
  for (;;) {
    const body = (await client.get(`/api/imports/${id}`)).body as Import;
    if (body.state !== 'reading') return body;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Asks `/api/health` every 20 ms from a second client, and samples this process's RSS (the api's:
 * the test app runs in it), until stopped.
 */
function watch(): { stop(): Promise<{ slowest: number; answers: number; rssGrowthMiB: number }> } {
  let running = true;
  let slowest = 0;
  let answers = 0;
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${app.url}/api/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      answers += 1;
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { slowest, answers, rssGrowthMiB: (rssPeak - rssBefore) / 1024 / 1024 };
    },
  };
}

async function uploadWatched(file: Buffer, filename: string) {
  const { client, tier } = await person();
  const watching = watch();
  const started = performance.now();
  const res = await upload(client, file, tier, filename);
  expect(res.status).toBe(201);
  const answeredMs = performance.now() - started;
  const read = await whileReading(client, (res.body as Import).id);
  const seen = await watching.stop();
  console.log(
    `${filename} (${file.length} bytes): upload answered in ${answeredMs.toFixed(0)} ms, read in ${(performance.now() - started).toFixed(0)} ms; slowest /api/health of ${seen.answers}: ${seen.slowest.toFixed(0)} ms; RSS +${seen.rssGrowthMiB.toFixed(0)} MiB`,
  );
  return { read, seen };
}

describe('files that froze the server', () => {
  it('a 1 KB ZIP whose Connections.csv unpacks to 300,000 rows: refused at the cap, the server answering all along', async () => {
    const rows = 'First Name,Last Name,URL,Email Address,Company,Position,Connected On\n' + 'a\n'.repeat(300_000);
    const zip = await zipOf({ 'Connections.csv': rows });
    expect(zip.length).toBeLessThan(2048);
    const { read, seen } = await uploadWatched(zip, 'Basic_LinkedInDataExport.zip');
    expect(read).toMatchObject({ state: 'failed', message: CAP_MESSAGE, total: 0, to_process: 0 });
    expect(seen.answers).toBeGreaterThan(0);
    expect(seen.slowest).toBeLessThan(200);
    expect(seen.rssGrowthMiB).toBeLessThan(150);
  });

  it('an 800 KB CSV of 400,000 short rows: refused at the cap, the server answering all along', async () => {
    const csv = Buffer.from('Name\n' + 'a\n'.repeat(400_000));
    expect(csv.length).toBeGreaterThan(780_000);
    const { read, seen } = await uploadWatched(csv, 'people.csv');
    expect(read).toMatchObject({ state: 'failed', message: CAP_MESSAGE });
    expect(seen.slowest).toBeLessThan(200);
    expect(seen.rssGrowthMiB).toBeLessThan(150);
  });

  it('a 600 KB vCard 2.1 of 120,000 quoted-printable soft breaks: read in one pass, its card too long to take', async () => {
    const vcf = Buffer.from(
      'BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Soft Breaks\r\nNOTE;ENCODING=QUOTED-PRINTABLE:' +
        'ab=\r\n'.repeat(120_000) +
        'c\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nFN:After Them\r\nEND:VCARD\r\n',
    );
    expect(vcf.length).toBeGreaterThan(590_000);
    const { read, seen } = await uploadWatched(vcf, 'contacts.vcf');
    expect(read).toMatchObject({
      state: 'preview',
      total: 2,
      new: 1,
      unreadable: 1,
      errors: [{ row: 1, message: 'This card is longer than 64 KB without its photo, so it is not read.' }],
    });
    expect(seen.slowest).toBeLessThan(200);
    expect(seen.rssGrowthMiB).toBeLessThan(150);
  });

  it('a vCard of 120,000 tiny cards: refused at the cap, the server answering all along', async () => {
    const vcf = Buffer.from('BEGIN:VCARD\r\nFN:a\r\nEND:VCARD\r\n'.repeat(120_000));
    const { read, seen } = await uploadWatched(vcf, 'many.vcf');
    expect(read).toMatchObject({ state: 'failed', message: CAP_MESSAGE });
    expect(seen.slowest).toBeLessThan(200);
    expect(seen.rssGrowthMiB).toBeLessThan(150);
  });

  it('reads 30,000 people, the cap itself, with the server answering all along', async () => {
    const rows = ['Name,Email'];
    for (let i = 0; i < 30_000; i++) rows.push(`Person ${i},person${i}@example.com`);
    const { read, seen } = await uploadWatched(Buffer.from(rows.join('\n')), 'thirty-thousand.csv');
    expect(read).toMatchObject({ state: 'preview', total: 30_000, new: 30_000, to_process: 30_000 });
    expect(seen.slowest).toBeLessThan(200);
  });
});

describe('limits on previews', () => {
  it('takes a few previews a minute per user, then answers 429 with Retry-After before reading the upload', async () => {
    const { client, tier } = await person();
    const csv = Buffer.from('Name\nAda Lovelace\n');
    for (let i = 0; i < 3; i++) {
      const res = await upload(client, csv, tier, 'people.csv');
      expect(res.status).toBe(201);
      await whileReading(client, (res.body as Import).id);
    }
    const refused = await upload(client, csv, tier, 'people.csv');
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual([
      'You have uploaded many files in a short time. Please wait a minute and try again.',
    ]);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Another user is not held up.
    const other = await person();
    expect((await upload(other.client, csv, other.tier, 'people.csv')).status).toBe(201);
  });

  it('reads or runs one import per user at a time; a reading left behind by a stopped process gives way', async () => {
    const { client, userId, tier } = await person();
    const csv = Buffer.from('Name\nAda Lovelace\n');
    const insertImport = (state: string, age: string) =>
      app.db.query<{ id: string }>(
        `insert into imports (id, user_id, tier_id, format, file_name, on_duplicate, state, errors, contact_ids, created_at)
         values (gen_random_uuid(), $1, $2, 'csv', 'other.csv', 'skip', $3, '[]', '[]', now() - $4::interval) returning id`,
        [userId, tier, state, age],
      );
    const [reading] = await insertImport('reading', '1 minute');
    const busy = await upload(client, csv, tier, 'people.csv');
    expect(busy.status).toBe(409);
    expect(busy.body.errors).toEqual([
      'Another import of yours is still being read or running. Wait until it has finished, then try again.',
    ]);
    // Eleven minutes on, no process is reading it any more: it ends, and the new file is read.
    await app.db.query(`update imports set created_at = now() - interval '11 minutes' where id = $1`, [reading?.id]);
    const res = await upload(client, csv, tier, 'people.csv');
    expect(res.status).toBe(201);
    const seen = await whileReading(client, (res.body as Import).id);
    expect(seen.state).toBe('preview');
    expect((await client.get(`/api/imports/${reading?.id}`)).body).toMatchObject({
      state: 'failed',
      message: 'This file could not be read just now. Upload it again.',
    });

    // A run going on holds the next start back.
    const [running] = await insertImport('running', '1 minute');
    const start = await client.post(`/api/imports/${seen.id}/start`);
    expect(start.status).toBe(409);
    expect(start.body.errors[0]).toMatch(/^Another import of yours is still being read or running/);
    await app.db.query(`update imports set state = 'done' where id = $1`, [running?.id]);
    expect((await client.post(`/api/imports/${seen.id}/start`)).status).toBe(202);
  });

  it('prunes a preview left for an hour, with its rows, its photos and its uploaded file', async () => {
    const { client, tier } = await person();
    const fresh = await upload(client, Buffer.from('Name\nAda Lovelace\n'), tier, 'people.csv');
    await whileReading(client, (fresh.body as Import).id);
    const old = await upload(client, Buffer.from('Name\nGrace Hopper\n'), tier, 'people.csv');
    const oldId = (old.body as Import).id;
    await whileReading(client, oldId);
    const [rows] = await app.db.query<{ n: number }>(
      'select count(*)::int as n from import_rows where import_id = $1',
      [oldId],
    );
    expect(rows?.n).toBe(1);
    await app.db.query(`update imports set created_at = now() - interval '61 minutes' where id = $1`, [oldId]);
    const result = await app.running.app.get(TaskRunner).run('prune-imports', 'manual');
    expect(result).toMatchObject({ previews: 1 });
    expect((await client.get(`/api/imports/${oldId}`)).status).toBe(404);
    expect((await client.get(`/api/imports/${(fresh.body as Import).id}`)).body.state).toBe('preview');
    const [left] = await app.db.query<{ n: number }>(
      'select count(*)::int as n from import_rows where import_id = $1',
      [oldId],
    );
    expect(left?.n).toBe(0);
    expect(existsSync(join(app.config.storageDir, 'imports'))).toBe(true);
  });
});

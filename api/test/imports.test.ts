import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { Client } from 'pg';
import sharp from 'sharp';
import {
  canonicalLinkedInUrl,
  type Contact,
  type Export,
  type Import,
  type NetworkPage,
  type Tier,
} from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { SchedulerRegistry } from '@nestjs/schedule';
import { readZip } from '@tend/test-kit';
import type { ApiClient } from './helpers/api-client';
import { countStatements } from './helpers/query-counter';
import { UNTHROTTLED_SIGNUPS, useTestApp } from './helpers/test-app';

let counter = 0;
const app = useTestApp({
  ...UNTHROTTLED_SIGNUPS,
  // Many previews per user here; the limit itself is tested in import-safety.test.ts.
  THROTTLE_IMPORT_PREVIEWS_PER_USER: '1000',
  // A failing batch is retried 5 times before the import is marked failed: quickly, here.
  JOB_RETRY_DELAY_MS: '5',
});

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'imports', name));

async function person(plan: 'free' | 'premium' = 'premium') {
  counter += 1;
  const { client, userId } = await app.verifiedClient(`importer-${counter}@example.com`);
  await app.db.query('update users set plan = $1 where id = $2', [plan, userId]);
  const tiers = (await client.get('/api/tiers')).body as Tier[];
  return { client, userId, tiers, tier: tiers[0]?.id ?? 0 };
}

function upload(
  client: ApiClient,
  file: Buffer,
  fields: Record<string, string | number>,
  filename = 'Connections.csv',
) {
  const req = client.raw.post('/api/imports').set('X-CSRF-Token', client.csrfToken);
  for (const [key, value] of Object.entries(fields)) req.field(key, String(value));
  return req.attach('file', file, { filename, contentType: 'text/csv' });
}

/** Polls the import while it is in `state` (being read, or running); answers it once it is not. */
async function settle(client: ApiClient, id: string, state: 'reading' | 'running' = 'running', timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/imports/${id}`);
    expect(res.status).toBe(200);
    const body = res.body as Import;
    if (body.state !== state) return body;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${state}: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads a file (answered at once, while it is read) and waits until it has been read. */
async function read(client: ApiClient, file: Buffer, fields: Record<string, string | number>): Promise<Import> {
  const res = await upload(client, file, fields);
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  expect((res.body as Import).state).toBe('reading');
  return settle(client, (res.body as Import).id, 'reading');
}

/** The preview of a readable file. */
async function preview(client: ApiClient, file: Buffer, fields: Record<string, string | number>): Promise<Import> {
  const seen = await read(client, file, fields);
  if (seen.state !== 'preview') throw new Error(`not a preview: ${JSON.stringify(seen)}`);
  return seen;
}

async function runImport(client: ApiClient, id: string, destination?: { tier_id: number | null }): Promise<Import> {
  const started = await client.post(`/api/imports/${id}/start`, destination);
  expect(started.status).toBe(202);
  expect((started.body as Import).state).toBe('running');
  return settle(client, id);
}

/** A GET whose answer is bytes (a photo, a zip). */
function getBytes(client: ApiClient, url: string) {
  return client.raw
    .get(url)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
}

/** The card's photo, as the API serves it: the upload's re-encoding (WebP, 64 x 64) of a photo of one `color`. */
async function expectPhoto(client: ApiClient, card: Contact | undefined, color: string): Promise<void> {
  expect(card?.photo_url, card?.name).toBeTruthy();
  const res = await getBytes(client, `/api/contacts/${card?.id}/photo`);
  expect(res.status).toBe(200);
  const image = sharp(res.body as Buffer);
  expect(await image.metadata()).toMatchObject({ format: 'webp', width: 64, height: 64 });
  const { channels } = await image.stats();
  const expected = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  channels.slice(0, 3).forEach((channel, i) => expect(Math.abs(channel.mean - (expected[i] ?? 0))).toBeLessThan(10));
}

async function board(client: ApiClient): Promise<Contact[]> {
  return (await client.get('/api/contacts')).body as Contact[];
}

/** Everyone in the network matching a query (every page). */
async function networkOf(client: ApiClient, query = ''): Promise<{ people: Contact[]; total: number }> {
  const people: Contact[] = [];
  let cursor: string | null = null;
  let total = 0;
  do {
    const res = await client.get(
      `/api/network?limit=200${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as NetworkPage;
    people.push(...page.items);
    total = page.total;
    cursor = page.next_cursor;
  } while (cursor !== null);
  return { people, total };
}

async function cardCount(userId: number): Promise<number> {
  const [row] = await app.db.query<{ n: number }>('select count(*)::int as n from contacts where user_id = $1', [
    userId,
  ]);
  return row?.n ?? -1;
}

/** A LinkedIn Connections.csv of `count` people (with LinkedIn's Notes lines and BOM). */
function connectionsCsv(count: number, { from = 1, prefix = 'Person' } = {}): Buffer {
  const lines = [
    'Notes:',
    '"When exporting your connection data, you may notice that some of the email addresses are missing."',
    '',
  ];
  lines.push('First Name,Last Name,URL,Email Address,Company,Position,Connected On');
  for (let i = from; i < from + count; i++) {
    lines.push(
      `${prefix},${i},https://www.linkedin.com/in/${prefix.toLowerCase()}-${i}/,${i % 3 === 0 ? `${prefix.toLowerCase()}${i}@example.com` : ''},"Company ${i % 97}, Inc.",Engineer ${i % 13},07 Mar 2023`,
    );
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\n') + '\n')]);
}

async function exportZip(client: ApiClient): Promise<{ files: Map<string, Buffer>; done: Export }> {
  const res = await client.post('/api/exports');
  expect(res.status).toBe(202);
  const id = (res.body as Export).id;
  let done: Export;
  for (;;) {
    done = (await client.get(`/api/exports/${id}`)).body as Export;
    if (done.state !== 'pending') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(done.state).toBe('ready');
  const download = await getBytes(client, done.download_url ?? '');
  expect(download.status).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  return { files: await readZip(download.body as Buffer), done };
}

describe('preview', () => {
  it('reads a LinkedIn Connections.csv and says what would happen, writing no card', async () => {
    const { client, userId, tier } = await person();
    const res = await upload(client, fixture('linkedin-connections.csv'), { tier_id: tier });
    expect(res.status).toBe(201);
    // Answered at once, before the file is read: the counts follow once it has been.
    expect(res.body).toMatchObject({ state: 'reading', total: 0, new: 0, errors: [], contact_ids: null });
    expect(await settle(client, (res.body as Import).id, 'reading')).toMatchObject({
      id: expect.any(String),
      state: 'preview',
      format: 'linkedin',
      file_name: 'Connections.csv',
      tier_id: tier,
      on_duplicate: 'skip',
      total: 9,
      new: 7,
      duplicates: 0,
      unreadable: 2,
      fits: 7,
      card_limit: null,
      errors: [
        { row: 8, message: 'Name cannot be empty.' },
        { row: 9, message: 'Invalid email address.' },
      ],
      processed: 0,
      imported: 0,
    });
    expect(await cardCount(userId)).toBe(0);
  });

  it('ends a file it cannot read with a sentence, answers 400 for a bad request and 404 for another user’s column', async () => {
    const { client, userId, tier } = await person();
    const cases: [Buffer, string][] = [
      [fixture('broken-quote.csv'), 'Row 2 could not be read: a quoted field is never closed.'],
      [fixture('no-header.csv'), 'The first row of this CSV holds data, not column names.'],
      [fixture('broken-cut-short.vcf'), 'Card 2 has no END:VCARD: the file is cut short.'],
      [Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'This file is not a CSV, a vCard (.vcf) or a LinkedIn'],
    ];
    for (const [file, message] of cases) {
      const seen = await read(client, file, { tier_id: tier });
      expect(seen).toMatchObject({ state: 'failed', total: 0, to_process: 0, processed: 0, errors: [] });
      expect(seen.message).toContain(message);
    }
    const empty = await upload(client, Buffer.alloc(0), { tier_id: tier });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(['The file is empty.']);
    const none = await client.raw
      .post('/api/imports')
      .set('X-CSRF-Token', client.csrfToken)
      .field('tier_id', String(tier));
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual(['Choose a file to import.']);
    const badOption = await upload(client, fixture('linkedin-connections.csv'), {
      tier_id: tier,
      on_duplicate: 'merge',
    });
    expect(badOption.status).toBe(400);
    expect(badOption.body.errors).toEqual(['Choose "skip" or "update" for on_duplicate.']);
    const noColumn = await upload(client, fixture('linkedin-connections.csv'), {});
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.errors).toEqual(['Choose the column to import into (tier_id).']);
    const other = await person();
    const foreign = await upload(client, fixture('linkedin-connections.csv'), { tier_id: other.tier });
    expect(foreign.status).toBe(404);
    expect(await cardCount(userId)).toBe(0);
    // Only the files that were read (and failed) were kept, with no rows and no uploaded file left.
    const [row] = await app.db.query<{ imports: number; rows: number; files: number }>(
      `select count(*)::int as imports, count(upload_key)::int as files,
              (select count(*)::int from import_rows r join imports i on i.id = r.import_id where i.user_id = $1) as rows
         from imports where user_id = $1`,
      [userId],
    );
    expect(row).toEqual({ imports: cases.length, rows: 0, files: 0 });
  });

  it('maps a generic CSV’s columns: guessed from the header, or as the screen sends them', async () => {
    const { client, tier } = await person();
    const google = await preview(client, fixture('google-contacts.csv'), { tier_id: tier });
    expect(google).toMatchObject({ format: 'csv', total: 4, new: 3, unreadable: 1 });
    expect(google.columns).toContain('E-mail 1 - Value');
    expect(google.mapping).toMatchObject({ first_name: 'First Name', email: 'E-mail 1 - Value' });

    const odd = Buffer.from('Who,Where,Mail\nAda Lovelace,Analytical Engines,ada@example.com\n');
    const unmapped = await preview(client, odd, { tier_id: tier });
    expect(unmapped).toMatchObject({ new: 0, unreadable: 1, columns: ['Who', 'Where', 'Mail'], mapping: {} });
    const mapped = await preview(client, odd, {
      tier_id: tier,
      mapping: JSON.stringify({ name: 'Who', company: 'Where', email: 'Mail' }),
    });
    expect(mapped).toMatchObject({ new: 1, unreadable: 0, mapping: { name: 'Who', company: 'Where', email: 'Mail' } });
    const wrong = await read(client, odd, { tier_id: tier, mapping: JSON.stringify({ name: 'Nobody' }) });
    expect(wrong).toMatchObject({
      state: 'failed',
      message: 'The mapping names a column "Nobody" the file does not have.',
    });
  });
});

describe('import', () => {
  it('imports into the chosen column, at the top, in the file’s order; re-running the file adds nothing', async () => {
    const { client, userId, tiers } = await person();
    const target = tiers[1]?.id ?? 0;
    const existing = await client.post('/api/contacts', { name: 'Already Here', tier_id: target });
    expect(existing.status).toBe(201);
    const first = await preview(client, fixture('linkedin-connections.csv'), { tier_id: target });
    const done = await runImport(client, first.id);
    expect(done).toMatchObject({ state: 'done', imported: 7, skipped: 0, updated: 0, processed: 7, to_process: 7 });
    // The poll carries a count; the ids come when asked for.
    expect(done.contact_ids).toBeNull();
    const withIds = (await client.get(`/api/imports/${first.id}?include=ids`)).body as Import;
    expect(withIds.contact_ids).toHaveLength(7);
    const column = (await board(client)).filter((c) => c.tier_id === target);
    expect(column.map((c) => c.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      '李 雷',
      'Zoë Ørsted',
      'Άλκηστις Παπαδοπούλου',
      'محمد الأحمد',
      "Jean-Luc O'Brien",
      'Already Here',
    ]);
    expect(column[0]).toMatchObject({
      title: 'Engineer, Principal',
      company: 'Analytical Engines',
      linked_in: 'https://www.linkedin.com/in/ada-lovelace',
      email: 'ada@analytical.com',
      date_connected: '2023-03-07',
    });
    expect(new Set(withIds.contact_ids)).toEqual(new Set(column.slice(0, 7).map((c) => c.id)));

    // The same file again: everyone is recognised but Jean-Luc, whose /pub/ address cannot be made
    // canonical and who has no email: nothing identifies him, so he comes again.
    const again = await preview(client, fixture('linkedin-connections.csv'), { tier_id: target });
    expect(again).toMatchObject({ new: 1, duplicates: 6 });
    const second = await runImport(client, again.id);
    expect(second).toMatchObject({ state: 'done', imported: 1, skipped: 6 });
    expect(await cardCount(userId)).toBe(9);
  });

  it('recognises every form of a stored LinkedIn profile by its stored key, and stores the new people’s keys', async () => {
    const { client, userId, tier } = await person();
    const forms = [
      'http://linkedin.com/in/Ada-L',
      'linkedin.com/in/ada-l/',
      'https://www.linkedin.com/in/ada-l?trk=public_profile',
      'https://uk.linkedin.com/in/ADA-L/',
      'https://www.linkedin.com/in/ada-l/fr',
      'https://m.linkedin.com/in/ada-l/details/skills/',
    ];
    const ada = await client.post('/api/contacts', { name: 'Ada', linked_in: forms[0] });
    expect(ada.status).toBe(201);
    const csv = [
      'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
      ...forms.map((form, i) => `Ada,Form ${i},${form},,,,07 Mar 2023`),
      'Grace,Hopper,http://uk.linkedin.com/in/Grace-H/?trk=x,,,,07 Mar 2023',
    ].join('\n');
    const seen = await preview(client, Buffer.from(csv), { tier_id: tier });
    expect(seen).toMatchObject({ new: 1, duplicates: forms.length });
    expect(await runImport(client, seen.id)).toMatchObject({ state: 'done', imported: 1, skipped: forms.length });
    const rows = await app.db.query<{ name: string; key: string | null }>(
      'select name, linked_in_key as key from contacts where user_id = $1 order by id',
      [userId],
    );
    expect(rows).toEqual([
      { name: 'Ada', key: 'https://www.linkedin.com/in/ada-l' },
      { name: 'Grace Hopper', key: 'https://www.linkedin.com/in/grace-h' },
    ]);
  });

  it('finds duplicates by canonical LinkedIn URL and by email, and updates them when asked', async () => {
    const { client, userId, tier } = await person();
    const byUrl = await client.post('/api/contacts', {
      name: 'Ada (old)',
      title: 'Old title',
      linked_in: 'https://linkedin.com/in/Ada-Lovelace/?trk=x',
    });
    const byEmail = await client.post('/api/contacts', { name: 'Zoë', email: 'zoe.orsted@example.com' });
    expect(byUrl.status).toBe(201);
    expect(byEmail.status).toBe(201);
    const skip = await preview(client, fixture('linkedin-connections.csv'), { tier_id: tier });
    expect(skip).toMatchObject({ new: 5, duplicates: 2 });
    const update = await preview(client, fixture('linkedin-connections.csv'), {
      tier_id: tier,
      on_duplicate: 'update',
    });
    const done = await runImport(client, update.id);
    expect(done).toMatchObject({ state: 'done', imported: 5, updated: 2, skipped: 0 });
    const cards = await board(client);
    // The card keeps its name; the file's fields replace the others it brings.
    expect(cards.find((c) => c.id === (byUrl.body as Contact).id)).toMatchObject({
      name: 'Ada (old)',
      title: 'Engineer, Principal',
      company: 'Analytical Engines',
      linked_in: 'https://www.linkedin.com/in/ada-lovelace',
    });
    expect(cards.find((c) => c.id === (byEmail.body as Contact).id)).toMatchObject({
      name: 'Zoë',
      company: 'Ørsted A/S',
    });
    expect(await cardCount(userId)).toBe(7);
    // Inserted and updated people alike carry the app's key of their address.
    const keys = await app.db.query<{ linked_in: string | null; key: string | null }>(
      'select linked_in, linked_in_key as key from contacts where user_id = $1',
      [userId],
    );
    expect(keys.filter((row) => row.key !== null).length).toBeGreaterThanOrEqual(5);
    for (const row of keys) expect(row.key).toBe(row.linked_in ? canonicalLinkedInUrl(row.linked_in) : null);
    // The skipped preview was never started: it changes nothing.
    expect((await client.get(`/api/imports/${skip.id}`)).body.state).toBe('preview');
  });

  it('holds the free plan’s limit on the board and puts the rest into the network: nobody is left out', async () => {
    const { client, userId, tier } = await person('free');
    for (let i = 0; i < 5; i++) expect((await client.post('/api/contacts', { name: `Mine ${i}` })).status).toBe(201);
    const file = connectionsCsv(30);
    const seen = await preview(client, file, { tier_id: tier });
    expect(seen).toMatchObject({ new: 30, fits: 20, card_limit: 25 });
    const done = await runImport(client, seen.id);
    expect(done).toMatchObject({ state: 'done', imported: 30, to_network: 10, over_limit: 0, limit_reached: false });
    expect(done.message).toBeNull();
    expect(await cardCount(userId)).toBe(35);
    expect(await board(client)).toHaveLength(25);
    expect((await networkOf(client)).total).toBe(10);
  });

  it('imports 300 connections on the free plan: 25 on the board, 275 in the network, triaged from there', async () => {
    const { client, tiers, tier } = await person('free');
    const seen = await preview(client, connectionsCsv(300), { tier_id: tier });
    expect(seen).toMatchObject({ total: 300, new: 300, fits: 25, card_limit: 25 });
    const column = tiers[1]?.id ?? 0;
    const done = await runImport(client, seen.id, { tier_id: column });
    expect(done).toMatchObject({ state: 'done', tier_id: column, imported: 300, to_network: 275, over_limit: 0 });
    const cards = await board(client);
    expect(cards).toHaveLength(25);
    expect(new Set(cards.map((card) => card.tier_id))).toEqual(new Set([column]));
    // The file's first 25 on the board, top first; the rest in the network.
    expect(cards.sort((a, b) => b.vertical_order - a.vertical_order)[0]?.name).toBe('Person 1');
    const triage = await networkOf(client, `&import_id=${seen.id}&sort=name_asc`);
    expect(triage.total).toBe(275);
    expect(triage.people.some((p) => p.name === 'Person 1')).toBe(false);
    expect(triage.people.every((p) => !p.on_board && p.next_follow_up_on === null)).toBe(true);
    // The triage step's filters: company and title, on this import's people only.
    const filtered = await networkOf(client, `&import_id=${seen.id}&company=company%2042&title=engineer`);
    expect(filtered.people.length).toBeGreaterThan(0);
    expect(filtered.people.every((p) => p.company === 'Company 42, Inc.')).toBe(true);
    // A full board refuses the triage's move, saying so; after moving one card off, one fits.
    const pick = triage.people.slice(0, 12).map((p) => p.id);
    const refused = await client.post('/api/contacts/bulk', { ids: pick, action: 'to_board', tier_id: column });
    expect(refused.status).toBe(403);
    expect(await board(client)).toHaveLength(25);
    // Someone else's import is not found.
    const stranger = await person();
    expect((await stranger.client.get(`/api/network?import_id=${seen.id}`)).status).toBe(404);
  });

  it('imports into the network only when the preview says so, and the triage puts 12 on the board', async () => {
    const { client, userId, tier } = await person('free');
    const seen = await preview(client, connectionsCsv(40), { tier_id: tier });
    const done = await runImport(client, seen.id, { tier_id: null });
    expect(done).toMatchObject({ state: 'done', tier_id: null, imported: 40, to_network: 40 });
    expect(await board(client)).toHaveLength(0);
    const triage = await networkOf(client, `&import_id=${seen.id}`);
    expect(triage.total).toBe(40);
    const pick = triage.people.slice(0, 12).map((p) => p.id);
    const moved = await client.post('/api/contacts/bulk', { ids: pick, action: 'to_board', tier_id: tier });
    expect(moved.status).toBe(200);
    expect(await board(client)).toHaveLength(12);
    expect((await networkOf(client, `&import_id=${seen.id}`)).total).toBe(28);
    expect(await cardCount(userId)).toBe(40);
    // Someone else's column is refused when the run starts.
    const other = await person();
    const again = await preview(client, connectionsCsv(3, { from: 900 }), { tier_id: tier });
    expect((await client.post(`/api/imports/${again.id}/start`, { tier_id: other.tier })).status).toBe(404);
    expect((await client.post(`/api/imports/${again.id}/start`, { tier_id: 'network' })).status).toBe(400);
  });

  it('counts someone on the board or in the network as a duplicate, by LinkedIn URL or email', async () => {
    const { client, userId, tier } = await person();
    // Person 1 (LinkedIn URL) on the board; Person 3 (email) and Person 4 (LinkedIn URL) in the network.
    expect((await client.post('/api/contacts', { name: 'P1', linked_in: 'linkedin.com/in/person-1' })).status).toBe(
      201,
    );
    expect(
      (await client.post('/api/contacts', { name: 'P3', email: 'PERSON3@example.com', on_board: false })).status,
    ).toBe(201);
    expect(
      (
        await client.post('/api/contacts', {
          name: 'P4',
          linked_in: 'https://uk.linkedin.com/in/Person-4',
          on_board: false,
        })
      ).status,
    ).toBe(201);
    const seen = await preview(client, connectionsCsv(5), { tier_id: tier });
    expect(seen).toMatchObject({ new: 2, duplicates: 3 });
    const done = await runImport(client, seen.id);
    expect(done).toMatchObject({ imported: 2, skipped: 3 });
    expect(await cardCount(userId)).toBe(5);
  });

  it('cancels: a cancelled preview cannot start, and a run cancelled before its batch adds nothing', async () => {
    const { client, userId, tier } = await person();
    const idle = await preview(client, connectionsCsv(10), { tier_id: tier });
    const cancelled = await client.post(`/api/imports/${idle.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', message: 'Canceled: nothing was imported.' });
    const start = await client.post(`/api/imports/${idle.id}/start`);
    expect(start.status).toBe(409);
    expect(start.body.errors).toEqual(['This import has already run. Upload the file again to import it again.']);

    // Hold the user's board lock so the run's first batch waits; cancel meanwhile.
    const running = await preview(client, connectionsCsv(3000), { tier_id: tier });
    const blocker = new Client({ connectionString: app.db.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from users where id = $1 for update', [userId]);
      expect((await client.post(`/api/imports/${running.id}/start`)).status).toBe(202);
      await new Promise((r) => setTimeout(r, 200));
      const stop = await client.post(`/api/imports/${running.id}/cancel`);
      expect(stop.status).toBe(200);
      expect(stop.body.state).toBe('cancelled');
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const settled = await settle(client, running.id);
    expect(settled).toMatchObject({ state: 'cancelled', imported: 0, processed: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await cardCount(userId)).toBe(0);
    const finished = await client.post(`/api/imports/${running.id}/cancel`);
    expect(finished.status).toBe(200);
  });

  it('a failed batch leaves the earlier batches in, says where it stopped, and the same file then adds the rest once', async () => {
    const { client, userId, tier } = await person();
    // The database refuses one person of the third batch.
    await app.db.query(`create or replace function refuse_person_2345() returns trigger language plpgsql as $$
      begin if new.name = 'Person 2345' then raise exception 'refused for the test'; end if; return new; end $$`);
    await app.db.query(
      'create trigger refuse_person_2345 before insert on contacts for each row execute function refuse_person_2345()',
    );
    const file = connectionsCsv(3000);
    let failed: Import;
    try {
      const seen = await preview(client, file, { tier_id: tier });
      failed = await runImport(client, seen.id);
    } finally {
      await app.db.query('drop trigger refuse_person_2345 on contacts');
    }
    expect(failed).toMatchObject({ state: 'failed', imported: 2000, processed: 2000, stopped_at_row: 2001 });
    expect(failed.message).toBe(
      'Stopped at row 2001: that batch could not be saved. 2000 people before it are in Tend; import the same file again to add the rest (nobody is added twice).',
    );
    expect(await cardCount(userId)).toBe(2000);
    const again = await preview(client, file, { tier_id: tier });
    expect(again).toMatchObject({ new: 1000, duplicates: 2000 });
    expect(await runImport(client, again.id)).toMatchObject({ state: 'done', imported: 1000, skipped: 2000 });
    expect(await cardCount(userId)).toBe(3000);
    const [row] = await app.db.query<{ n: number }>(
      'select count(distinct linked_in)::int as n from contacts where user_id = $1',
      [userId],
    );
    expect(row?.n).toBe(3000);
  });

  it('imports a 5,000-row file in one request-and-poll cycle', async () => {
    const { client, userId, tier } = await person();
    const started = Date.now();
    const seen = await preview(client, connectionsCsv(5000), { tier_id: tier });
    expect(seen).toMatchObject({ total: 5000, new: 5000, fits: 5000 });
    const done = await runImport(client, seen.id);
    const elapsed = Date.now() - started;
    expect(done).toMatchObject({ state: 'done', imported: 5000, processed: 5000 });
    expect(await cardCount(userId)).toBe(5000);
    expect((await board(client)).length).toBe(5000);
    console.log(`5,000-row import, upload to done: ${elapsed} ms`);
  });

  it('sends the same statements per batch whatever the board’s size', async () => {
    const small = await person();
    const large = await person();
    await app.db.query(
      `insert into contacts (user_id, tier_id, name, vertical_order, linked_in, linked_in_key, email)
       select $1, $2, 'Seed ' || g, g, 'https://www.linkedin.com/in/seed-' || g, 'https://www.linkedin.com/in/seed-' || g,
              'seed' || g || '@example.com'
       from generate_series(1, 5000) g`,
      [large.userId, large.tier],
    );
    const statementsFor = async (who: { client: ApiClient; tier: number }) => {
      const seen = await preview(who.client, connectionsCsv(1000, { prefix: 'Batch' }), { tier_id: who.tier });
      return countStatements(app, async () => {
        expect((await who.client.post(`/api/imports/${seen.id}/start`)).status).toBe(202);
        // Poll the database directly, so that only the start and the job are counted.
        for (;;) {
          const [row] = await app.db.query<{ state: string }>('select state from imports where id = $1', [seen.id]);
          if (row?.state !== 'running') break;
          await new Promise((r) => setTimeout(r, 20));
        }
      });
    };
    // The scheduler's tasks (prune-imports runs every 15 minutes) would be counted too: held meanwhile.
    const cron = [...app.running.app.get(SchedulerRegistry).getCronJobs().values()];
    for (const job of cron) void job.stop();
    let smallStatements: string[];
    let largeStatements: string[];
    try {
      smallStatements = (await statementsFor(small)).filter((q) => !/from "users"/.test(q));
      largeStatements = (await statementsFor(large)).filter((q) => !/from "users"/.test(q));
    } finally {
      for (const job of cron) job.start();
    }
    expect(largeStatements).toHaveLength(smallStatements.length);
    expect(smallStatements.length).toBeLessThan(25);
    expect(await cardCount(large.userId)).toBe(6000);
  });

  it('reads a file of 10 MB, and refuses one a byte larger', async () => {
    const { client, userId, tier } = await person();
    const header = 'Name,Email,Notes\n';
    const note = 'n'.repeat(1990);
    const rows: string[] = [];
    let size = header.length;
    let i = 0;
    const limit = 10 * 1024 * 1024;
    for (;;) {
      const line = `Person ${i},person${i}@example.com,${note}\n`;
      if (size + line.length > limit) break;
      rows.push(line);
      size += line.length;
      i += 1;
    }
    const pad = limit - size;
    const file = Buffer.from(
      header + rows.join('') + (pad > 0 ? `Padding,pad@example.com,${'p'.repeat(Math.max(0, pad - 26))}\n` : ''),
    );
    expect(file.length).toBeLessThanOrEqual(limit);
    expect(file.length).toBeGreaterThan(limit - 100);
    const seen = await preview(client, file, { tier_id: tier });
    expect(seen.new).toBeGreaterThan(5000);
    const done = await runImport(client, seen.id);
    expect(done).toMatchObject({ state: 'done', imported: seen.new });
    expect(await cardCount(userId)).toBe(seen.new);

    const tooBig = await upload(client, Buffer.concat([file, Buffer.alloc(limit - file.length + 1, 0x0a)]), {
      tier_id: tier,
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors).toEqual(['The file is larger than 10 MB. Split it into smaller files and import each.']);
  });
});

describe('export', () => {
  it('zips everything, serves it once, and the import reads its contacts.csv and contacts.vcf back losslessly', async () => {
    const { client, userId, tiers } = await person();
    const made: Contact[] = [];
    const people = [
      {
        name: 'Zoë Ørsted',
        title: 'Head of "Wind", North; South',
        company: 'Ørsted A/S; R&D, Inc.',
        linked_in: 'https://uk.linkedin.com/in/Zoe-Orsted/',
        email: 'zoe@orsted.com',
        phone_number: '+45 99 55 11 11',
        connection_description:
          'Met at the summit.\nTalked about offshore wind, grids; storage.\n\t"Quoted" \\ backslash',
        date_connected: '2023-03-07',
        tier_id: tiers[1]?.id,
      },
      { name: '吳健雄', linked_in: 'https://www.linkedin.com/pub/wu/1/2/3', tier_id: tiers[0]?.id },
      { name: 'Ada Lovelace', email: 'ada@example.com', tier_id: tiers[0]?.id },
    ];
    for (const body of people) {
      const res = await client.post('/api/contacts', body);
      expect(res.status).toBe(201);
      made.push(res.body as Contact);
    }
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f5d50' } })
      .png()
      .toBuffer();
    const withPhoto = await client.raw
      .patch(`/api/contacts/${made[2]?.id}`)
      .set('X-CSRF-Token', client.csrfToken)
      .attach('contact[photo]', png, { filename: 'p.png', contentType: 'image/png' });
    expect(withPhoto.status).toBe(200);
    expect(
      (
        await client.post('/api/interactions', {
          contact_id: made[0]?.id,
          date_contacted: '2024-01-05',
          contact_method: 'Email',
          notes: 'Sent the deck, with commas, "quotes"',
          next_contact_date: '2099-01-01',
        })
      ).status,
    ).toBe(201);

    const { files, done } = await exportZip(client);
    expect([...files.keys()].sort()).toEqual(
      [
        'account.json',
        'contacts.csv',
        'contacts.vcf',
        'interactions.csv',
        'notifications.csv',
        `photos/${made[2]?.id}.webp`,
      ].sort(),
    );
    expect((await sharp(files.get(`photos/${made[2]?.id}.webp`)).metadata()).format).toBe('webp');
    const account = JSON.parse(files.get('account.json')?.toString() ?? '{}') as Record<string, unknown[]> & {
      user: { id: number };
    };
    expect(account.user.id).toBe(userId);
    expect(account.contacts).toHaveLength(3);
    expect(account.interactions).toHaveLength(1);
    expect(account.notifications).toHaveLength(1);
    expect(account.tiers).toHaveLength(tiers.length);
    // Each column with its cadence, as the board has it.
    expect(
      (account.tiers as { id: number; cadence_days: number | null }[]).map(({ id, cadence_days }) => ({
        id,
        cadence_days,
      })),
    ).toEqual(tiers.map(({ id, cadence_days }) => ({ id, cadence_days })));
    expect(files.get('interactions.csv')?.toString()).toContain('"Sent the deck, with commas, ""quotes"""');
    expect(files.get('contacts.vcf')?.toString()).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);

    // Single use: the second download is gone, and so is the file.
    const second = await client.raw.get(done.download_url ?? '');
    expect(second.status).toBe(410);
    expect(second.body.errors).toEqual([
      'This download link has been used or has expired. Export your data again from Settings.',
    ]);
    expect(((await client.get(`/api/exports/${done.id}`)).body as Export).state).toBe('downloaded');

    const fields = (c: Contact) => ({
      name: c.name,
      title: c.title,
      company: c.company,
      linked_in: c.linked_in,
      email: c.email,
      phone_number: c.phone_number,
      connection_description: c.connection_description,
      date_connected: c.date_connected,
    });
    const original = (await board(client)).map(fields);
    for (const name of ['contacts.csv', 'contacts.vcf']) {
      const other = await person();
      const seen = await preview(other.client, files.get(name) ?? Buffer.alloc(0), { tier_id: other.tier });
      expect(seen, name).toMatchObject({ new: 3, unreadable: 0, errors: [] });
      expect((await runImport(other.client, seen.id)).imported).toBe(3);
      const cards = await board(other.client);
      const back = cards.map(fields);
      expect(new Set(back.map((c) => JSON.stringify(c))), name).toEqual(
        new Set(original.map((c) => JSON.stringify(c))),
      );
      // The vCard carries the photo too (a JPEG data: URI); the CSV names its file in the zip.
      const ada = cards.find((c) => c.name === 'Ada Lovelace');
      if (name === 'contacts.vcf') await expectPhoto(other.client, ada, '#2f5d50');
      else expect(ada?.photo_url).toBeNull();
    }
    const vcf = files.get('contacts.vcf')?.toString() ?? '';
    expect(vcf).toContain('\r\nPHOTO:data:image/jpeg;base64,');
    expect(vcf.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('imports vCards from Apple, Google, Outlook, Android and Nextcloud: names, titles, companies, notes and photos', async () => {
    const { client, tier } = await person();
    for (const name of [
      'apple-contacts-3.0.vcf',
      'google-contacts-3.0.vcf',
      'outlook-contacts-2.1.vcf',
      'android-contacts-2.1.vcf',
      'nextcloud-contacts-4.0.vcf',
    ]) {
      const seen = await preview(client, fixture(name), { tier_id: tier });
      expect(seen, name).toMatchObject({ format: 'vcard', unreadable: 0 });
      expect((await runImport(client, seen.id)).state, name).toBe('done');
    }
    const cards = await board(client);
    const card = (name: string) => cards.find((c) => c.name === name);
    expect(card('Margaret Hamilton')).toMatchObject({
      title: 'Director of Software Engineering for the Apollo Guidance Computer',
      company: 'MIT Instrumentation Laboratory',
      connection_description:
        'Knows everyone in flight software, introduced by Ada.\nAsk about the "Lauren bug"; she tells it best.',
    });
    await expectPhoto(client, card('Margaret Hamilton'), '#c0392b');
    expect(card('Katherine Johnson')).toMatchObject({
      title: 'Mathematician; Research Scientist',
      company: 'NASA',
      connection_description: 'Met at the conference, talked about orbits; trajectories by hand.\nFollow up in spring.',
      photo_url: null,
    });
    expect(card('Jürgen Müller')).toMatchObject({
      title: 'Vertriebsleiter, Geschäftsbereich Automatisierung und Antriebe',
      company: 'Siemens AG',
      connection_description: 'Kennengelernt auf der Hannover Messe.\r\nMag Kaffee, keinen Tee.',
    });
    await expectPhoto(client, card('Jürgen Müller'), '#2e86c1');
    expect(card('吳健雄')).toMatchObject({
      title: 'Professor of Physics; Experimentalist',
      company: 'Columbia University',
      connection_description: "Met at the APS meeting in Zürich.\nBeta decay, parity; ask about Ms. Wu's lab.",
    });
    await expectPhoto(client, card('吳健雄'), '#27ae60');
    expect(card('Hedy Lamarr')).toMatchObject({ title: 'Inventor', company: 'Frequency Hopping Ltd.' });
    await expectPhoto(client, card('Hedy Lamarr'), '#e67e22');
    // The same file twice, both previewed before either runs: each stores Margaret's photo; the
    // second run finds her on the board, and the photo it did not use is deleted.
    const other = await person();
    const first = await preview(other.client, fixture('apple-contacts-3.0.vcf'), { tier_id: other.tier });
    const second = await preview(other.client, fixture('apple-contacts-3.0.vcf'), { tier_id: other.tier });
    expect(second).toMatchObject({ new: 2, duplicates: 0 });
    expect(await runImport(other.client, first.id)).toMatchObject({ imported: 2 });
    expect(await runImport(other.client, second.id)).toMatchObject({ imported: 0, skipped: 2 });
    await expectPhoto(
      other.client,
      (await board(other.client)).find((c) => c.name === 'Margaret Hamilton'),
      '#c0392b',
    );
    // Every photo file belongs to a card, or to a preview not yet run: none is left behind.
    const kept = await app.db.query<{ key: string }>(
      'select photo_key as key from contacts where photo_key is not null union select photo_key from import_rows where photo_key is not null',
    );
    const files = readdirSync(join(app.config.storageDir, 'photos')).map((file) => `photos/${file}`);
    expect(new Set(files)).toEqual(new Set(kept.map((row) => row.key)));
  });

  it('writes CSVs that Python and Node read alike, formulas neutralised, and that import back to the same board', async () => {
    const { client, tiers } = await person();
    // Line breaks (LF, CRLF), quotes, commas and semicolons in every text field; each formula start.
    const people = [
      {
        name: '=HYPERLINK("http://evil.example","Click"), me; now\nplease',
        title: '+Head of "Wind", North; South\nand more',
        company: '-Ørsted; "A/S",\r\nR&D',
        phone_number: '+45 99 55 11 11',
        connection_description: '@here: met at the summit, "quoted";\nsecond line\r\nthird line',
        tier_id: tiers[0]?.id,
      },
      {
        name: '\'=1+1, already quoted; "twice"\nreally',
        title: '\'plain apostrophe, "quoted"; then\na break',
        company: 'Plain; "Company", Inc.\nLtd.',
        phone_number: '-',
        connection_description: '\'\'@two quotes first, then text;\n"end"',
        tier_id: tiers[1]?.id,
      },
    ];
    const made: Contact[] = [];
    for (const body of people) {
      const res = await client.post('/api/contacts', body);
      expect(res.status).toBe(201);
      made.push(res.body as Contact);
    }
    for (const notes of [
      '=cmd|" /C calc"!A0',
      '+1, "quoted"; ok\nnext',
      '-minus',
      '@sum(1,2)',
      '\tTab first',
      '\rCR first',
    ]) {
      const res = await client.post('/api/interactions', {
        contact_id: made[0]?.id,
        date_contacted: '2024-01-05',
        contact_method: 'Email',
        notes,
        next_contact_date: '2099-01-01',
      });
      expect(res.status).toBe(201);
    }
    const { files } = await exportZip(client);
    const dir = mkdtempSync(join(tmpdir(), 'tend-csv-'));
    try {
      for (const name of ['contacts.csv', 'interactions.csv', 'notifications.csv']) {
        const data = files.get(name) ?? Buffer.alloc(0);
        const node: string[][] = parseCsv(data, { bom: true });
        writeFileSync(join(dir, name), data);
        const python = JSON.parse(
          execFileSync(
            'python3',
            [
              '-c',
              "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8-sig')))))",
              join(dir, name),
            ],
            { encoding: 'utf8' },
          ),
        ) as string[][];
        // RFC 4180: both read the same rows, none split at a line break inside a field.
        expect(python, name).toEqual(node);
        for (const row of node.slice(1)) {
          expect(row, name).toHaveLength(node[0]?.length ?? -1);
          for (const cell of row) expect(cell, `${name}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
        }
      }
      const contacts = parseCsv<Record<string, string>>(files.get('contacts.csv') ?? Buffer.alloc(0), {
        bom: true,
        columns: true,
      });
      const first = contacts.find((row) => row['id'] === String(made[0]?.id));
      expect(first).toMatchObject({
        name: `'${people[0]?.name}`,
        title: `'${people[0]?.title}`,
        company: `'${people[0]?.company}`,
        phone_number: `'${people[0]?.phone_number}`,
        connection_description: `'${people[0]?.connection_description}`,
      });
      const second = contacts.find((row) => row['id'] === String(made[1]?.id));
      expect(second).toMatchObject({
        name: `'${people[1]?.name}`,
        title: people[1]?.title,
        company: people[1]?.company,
        phone_number: `'-`,
        connection_description: `'${people[1]?.connection_description}`,
      });
      const notes = parseCsv<Record<string, string>>(files.get('interactions.csv') ?? Buffer.alloc(0), {
        bom: true,
        columns: true,
      }).map((row) => row['notes']);
      expect(notes.sort()).toEqual(
        [
          '\'=cmd|" /C calc"!A0',
          '\'+1, "quoted"; ok\nnext',
          "'-minus",
          "'@sum(1,2)",
          "'\tTab first",
          "'\rCR first",
        ].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Our own export imports back as it was: the quotes the export added come off, no others.
    const fields = (c: Contact) => ({
      name: c.name,
      title: c.title,
      company: c.company,
      phone_number: c.phone_number,
      connection_description: c.connection_description,
    });
    const other = await person();
    const seen = await preview(other.client, files.get('contacts.csv') ?? Buffer.alloc(0), { tier_id: other.tier });
    expect(seen).toMatchObject({ new: 2, unreadable: 0, errors: [] });
    expect((await runImport(other.client, seen.id)).imported).toBe(2);
    const back = (await board(other.client)).map(fields);
    expect(new Set(back.map((c) => JSON.stringify(c)))).toEqual(
      new Set((await board(client)).map((c) => JSON.stringify(fields(c)))),
    );
  });

  it('marks network people in the export, and re-importing it restores both the board and the network', async () => {
    const { client, tiers } = await person();
    expect((await client.post('/api/contacts', { name: 'On the board', tier_id: tiers[1]?.id })).status).toBe(201);
    for (const name of ['Net One', 'Net Two']) {
      expect((await client.post('/api/contacts', { name, company: 'Ørsted', on_board: false })).status).toBe(201);
    }
    const { files } = await exportZip(client);
    const rows = parseCsv<Record<string, string>>(files.get('contacts.csv') ?? Buffer.alloc(0), {
      columns: true,
      bom: true,
    });
    expect(rows.map((row) => [row['name'], row['on_board'], row['tier']])).toEqual([
      ['On the board', 'true', tiers[1]?.name],
      ['Net One', 'false', ''],
      ['Net Two', 'false', ''],
    ]);
    expect(
      files
        .get('contacts.vcf')
        ?.toString()
        .match(/X-TEND-NETWORK:true/g),
    ).toHaveLength(2);

    const other = await person('free');
    const seen = await preview(other.client, files.get('contacts.csv') ?? Buffer.alloc(0), { tier_id: other.tier });
    // Only the board's people need room on the board.
    expect(seen).toMatchObject({ new: 3, fits: 1 });
    expect(await runImport(other.client, seen.id)).toMatchObject({ imported: 3, to_network: 2 });
    expect((await board(other.client)).map((c) => c.name)).toEqual(['On the board']);
    const network = await networkOf(other.client, '&q=orsted&sort=name_asc');
    expect(network.people.map((c) => c.name)).toEqual(['Net One', 'Net Two']);
  });

  it('an expired link answers 410', async () => {
    const { client } = await person();
    const res = await client.post('/api/exports');
    let ready: Export;
    for (;;) {
      ready = (await client.get(`/api/exports/${(res.body as Export).id}`)).body as Export;
      if (ready.state !== 'pending') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await app.db.query(`update data_exports set expires_at = now() - interval '1 minute' where id = $1`, [ready.id]);
    expect(((await client.get(`/api/exports/${ready.id}`)).body as Export).state).toBe('expired');
    expect((await client.raw.get(ready.download_url ?? '')).status).toBe(410);
  });
});

describe('isolation', () => {
  it('another user’s import and export answer 404, and their links do not work', async () => {
    const a = await person();
    const b = await person();
    const imported = await preview(a.client, fixture('linkedin-connections.csv'), { tier_id: a.tier });
    expect((await b.client.get(`/api/imports/${imported.id}`)).status).toBe(404);
    expect((await b.client.post(`/api/imports/${imported.id}/start`)).status).toBe(404);
    expect((await b.client.post(`/api/imports/${imported.id}/cancel`)).status).toBe(404);
    expect((await b.client.get('/api/imports/not-a-uuid')).body.errors).toEqual(['Import not found.']);
    expect((await a.client.get(`/api/imports/${imported.id}`)).body.state).toBe('preview');

    const started = await a.client.post('/api/exports');
    const id = (started.body as Export).id;
    let ready: Export;
    for (;;) {
      ready = (await a.client.get(`/api/exports/${id}`)).body as Export;
      if (ready.state !== 'pending') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await b.client.get(`/api/exports/${id}`)).status).toBe(404);
    const stolen = await b.client.raw.get(ready.download_url ?? '');
    expect(stolen.status).toBe(404);
    const forged = await a.client.raw.get(`/api/exports/${id}/download?token=forged`);
    expect(forged.status).toBe(404);
    // Neither try used the link up.
    expect(((await a.client.get(`/api/exports/${id}`)).body as Export).state).toBe('ready');
    // B's export holds none of A's people.
    expect((await b.client.post('/api/contacts', { name: 'Only B' })).status).toBe(201);
    const { files } = await exportZip(b.client);
    expect(files.get('contacts.csv')?.toString()).not.toContain('Lovelace');
    expect(files.get('contacts.csv')?.toString()).toContain('Only B');
  });
});

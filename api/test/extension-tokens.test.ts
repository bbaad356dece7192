import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { readZip } from '@tend/test-kit';
import {
  addDays,
  DUPLICATE_LINKEDIN_MESSAGE,
  EXTENSION_TOKEN_MESSAGES,
  freePlanLimitMessage,
  type ConnectedExtension,
  type Contact,
  localDate,
  type Interaction,
  type Tier,
  type User,
} from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { describeRoutes } from '../src/app/route-table';
import { loadConfig } from '../src/config/app-config';
import { ExtensionPackageService } from '../src/modules/extension-tokens/extension-package.service';
import type { ApiClient } from './helpers/api-client';
import { concretePath, listRoutes } from './helpers/routes';
import { UNTHROTTLED_SIGNUPS, useTestApp } from './helpers/test-app';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const OTHER_EXTENSION_ID = 'ponmlkjihgfedcbaponmlkjihgfedcba';
const CHROME_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FAILURES_PER_IP = 12;

const app = useTestApp({
  ...UNTHROTTLED_SIGNUPS,
  THROTTLE_LOGIN_PER_EMAIL: '1000',
  THROTTLE_LOGIN_PER_IP: '1000',
  THROTTLE_EXTENSION_TOKEN_FAILURES_PER_IP: String(FAILURES_PER_IP),
});

/** The web app approving on `/extension/connect` (cookie session and CSRF token). */
async function connect(client: ApiClient, extensionId = EXTENSION_ID): Promise<{ token: string; id: number }> {
  const res = await client.raw
    .post('/api/extension-tokens')
    .set('X-CSRF-Token', client.csrfToken)
    .set('User-Agent', CHROME_UA)
    .send({ extension_id: extensionId });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token as string, id: res.body.extension.id as number };
}

/** The extension: no cookie jar, the token alone. */
function bearer(token: string) {
  const base = request(app.url);
  return {
    get: (path: string) => base.get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string) => base.post(path).set('Authorization', `Bearer ${token}`),
    patch: (path: string) => base.patch(path).set('Authorization', `Bearer ${token}`),
    delete: (path: string) => base.delete(path).set('Authorization', `Bearer ${token}`),
  };
}

async function png(size = 160): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

async function tokenRow(
  id: number,
): Promise<{ token_hash: string; last_used_at: Date | null; browser: string | null }> {
  const [row] = await app.db.query<{ token_hash: string; last_used_at: Date | null; browser: string | null }>(
    'select token_hash, last_used_at, browser from extension_tokens where id = $1',
    [id],
  );
  if (!row) throw new Error(`no extension token ${id}`);
  return row;
}

describe('connecting the extension', () => {
  it('issues a random token stored only as its SHA-256, lists it and notes its last use', async () => {
    const { client } = await app.member({ prefix: 'ext-issue' });
    const invalid = await client.post('/api/extension-tokens', { extension_id: 'not-an-id' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([EXTENSION_TOKEN_MESSAGES.invalidExtensionId]);

    const { token, id } = await connect(client);
    expect(token).toMatch(/^tend_[A-Za-z0-9_-]{43}$/);
    const row = await tokenRow(id);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await app.db.query('select * from extension_tokens'))).not.toContain(token);
    expect(row.browser).toBe('Chrome on macOS');
    expect(row.last_used_at).toBeNull();

    const listed = await client.get('/api/extension-tokens');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id,
        extension_id: EXTENSION_ID,
        browser: 'Chrome on macOS',
        created_at: expect.any(String),
        last_used_at: null,
      } satisfies ConnectedExtension,
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(row.token_hash);

    // Used: the tiers answer for the token's user, and the last use is noted.
    const tiers = await bearer(token).get('/api/tiers');
    expect(tiers.status).toBe(200);
    expect((tiers.body as Tier[]).map((tier) => tier.name)).toEqual([
      'New',
      'Colleagues',
      'Friends',
      'Potential Referrals',
    ]);
    const firstUse = (await tokenRow(id)).last_used_at;
    expect(firstUse).toBeInstanceOf(Date);
    expect(Math.abs((firstUse as Date).getTime() - Date.now())).toBeLessThan(60_000);

    // Within a minute another use writes nothing; an hour later it moves the date on.
    await app.db.query(`update extension_tokens set last_used_at = now() - interval '30 seconds' where id = $1`, [id]);
    const recent = (await tokenRow(id)).last_used_at as Date;
    expect((await bearer(token).get('/api/tiers')).status).toBe(200);
    expect((await tokenRow(id)).last_used_at).toEqual(recent);
    await app.db.query(`update extension_tokens set last_used_at = now() - interval '1 hour' where id = $1`, [id]);
    expect((await bearer(token).get('/api/contacts')).status).toBe(200);
    const moved = (await tokenRow(id)).last_used_at as Date;
    expect(Date.now() - moved.getTime()).toBeLessThan(60_000);
    const shown = (await client.get('/api/extension-tokens')).body as ConnectedExtension[];
    expect(shown[0]?.last_used_at).toBe(moved.toISOString());
  });

  it('replaces the token when the same extension connects again, and revokes one to a 401', async () => {
    const { client } = await app.member({ prefix: 'ext-revoke' });
    const first = await connect(client);
    const second = await connect(client);
    expect(second.token).not.toBe(first.token);
    expect(second.id).toBe(first.id);
    const stale = await bearer(first.token).get('/api/tiers');
    expect(stale.status).toBe(401);
    expect(stale.body.errors).toEqual([EXTENSION_TOKEN_MESSAGES.invalidToken]);
    expect((await bearer(second.token).get('/api/tiers')).status).toBe(200);

    const other = await connect(client, OTHER_EXTENSION_ID);
    expect(((await client.get('/api/extension-tokens')).body as ConnectedExtension[]).map((e) => e.id)).toEqual([
      other.id,
      second.id,
    ]);

    // Disconnect needs the session's CSRF token like every cookie request.
    expect((await client.delete(`/api/extension-tokens/${second.id}`, { csrf: false })).status).toBe(403);
    expect((await client.delete(`/api/extension-tokens/${second.id}`)).status).toBe(204);
    const revoked = await bearer(second.token).get('/api/tiers');
    expect(revoked.status).toBe(401);
    expect(revoked.body.errors).toEqual([EXTENSION_TOKEN_MESSAGES.invalidToken]);
    const save = await bearer(second.token).post('/api/contacts').field('contact[name]', 'After revoke');
    expect(save.status).toBe(401);
    expect((await client.delete(`/api/extension-tokens/${second.id}`)).status).toBe(404);
    expect(((await client.get('/api/extension-tokens')).body as ConnectedExtension[]).map((e) => e.id)).toEqual([
      other.id,
    ]);
    expect((await bearer(other.token).get('/api/tiers')).status).toBe(200);
  });

  it('ends every token when the password changes', async () => {
    const { client, userId } = await app.member({ prefix: 'ext-password' });
    const { token } = await connect(client);
    expect((await bearer(token).get('/api/tiers')).status).toBe(200);
    const changed = await client.patch(`/api/users/${userId}`, {
      password: 'N3w-password!',
      current_password: 'Passw0rd!',
    });
    expect(changed.status).toBe(200);
    expect((await bearer(token).get('/api/tiers')).status).toBe(401);
    expect(await app.db.query('select id from extension_tokens where user_id = $1', [userId])).toEqual([]);
  });
});

describe('what a token may do', () => {
  it('saves a profile with its photo, finds it by any form of its LinkedIn address, and refuses a duplicate with 409', async () => {
    const { client } = await app.member({ prefix: 'ext-save' });
    const { token } = await connect(client);
    const tiers = (await bearer(token).get('/api/tiers')).body as Tier[];
    const friends = tiers.find((tier) => tier.name === 'Friends') as Tier;

    const missing = await bearer(token).get(
      `/api/contacts/by-linkedin?url=${encodeURIComponent('https://www.linkedin.com/in/ada-lovelace')}`,
    );
    expect(missing.status).toBe(404);
    const notProfile = await bearer(token).get(`/api/contacts/by-linkedin?url=${encodeURIComponent('example.com/x')}`);
    expect(notProfile.status).toBe(400);

    // Multipart as the extension sends it, no CSRF token, no cookie.
    const saved = await bearer(token)
      .post('/api/contacts')
      .field('contact[name]', 'Ada Lovelace')
      .field('contact[title]', 'Analyst')
      .field('contact[company]', 'Analytical Engines')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/ada-lovelace')
      .field('contact[tier_id]', String(friends.id))
      .attach('contact[photo]', await png(), 'photo.png');
    expect(saved.status).toBe(201);
    const contact = saved.body as Contact;
    expect(contact).toMatchObject({ name: 'Ada Lovelace', title: 'Analyst', tier_id: friends.id });
    expect(contact.photo_url).toMatch(new RegExp(`^/api/contacts/${contact.id}/photo`));

    const photo = await bearer(token).get(contact.photo_url as string);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const board = await client.get('/api/contacts');
    expect((board.body as Contact[]).find((c) => c.id === contact.id)?.photo_url).toBe(contact.photo_url);

    for (const variant of [
      'https://www.linkedin.com/in/ada-lovelace',
      'linkedin.com/in/Ada-Lovelace/?trk=public_profile',
      'https://uk.linkedin.com/in/ada-lovelace/details/experience/',
    ]) {
      const found = await bearer(token).get(`/api/contacts/by-linkedin?url=${encodeURIComponent(variant)}`);
      expect(found.status, variant).toBe(200);
      expect(found.body).toEqual({
        id: contact.id,
        name: 'Ada Lovelace',
        on_board: true,
        tier_id: friends.id,
        tier_name: 'Friends',
        last_contacted_on: null,
        next_follow_up_on: contact.next_follow_up_on,
      });
    }

    const photoFiles = () => readdirSync(join(app.config.storageDir, 'photos')).length;
    const filesBefore = photoFiles();
    const duplicate = await bearer(token)
      .post('/api/contacts')
      .field('contact[name]', 'Ada again')
      .field('contact[linked_in]', 'http://linkedin.com/in/ADA-LOVELACE?utm_source=share')
      .attach('contact[photo]', await png(), 'photo.png');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ errors: [DUPLICATE_LINKEDIN_MESSAGE], contact_id: contact.id });
    // The web app's add-contact gets the same answer.
    const fromWeb = await client.post('/api/contacts', { name: 'Ada', linked_in: 'linkedin.com/in/ada-lovelace' });
    expect(fromWeb.status).toBe(409);
    expect(fromWeb.body.contact_id).toBe(contact.id);
    expect(
      ((await client.get('/api/contacts')).body as Contact[]).filter((c) => c.name.startsWith('Ada')),
    ).toHaveLength(1);
    // The refused save's photo was not kept.
    expect(photoFiles()).toBe(filesBefore);

    // A card without a LinkedIn address, or another profile, is no duplicate.
    expect((await bearer(token).post('/api/contacts').field('contact[name]', 'No profile')).status).toBe(201);
    expect(
      (
        await bearer(token)
          .post('/api/contacts')
          .field('contact[name]', 'Charles')
          .field('contact[linked_in]', 'https://www.linkedin.com/in/charles-babbage')
      ).status,
    ).toBe(201);
  });

  it('saves with a first note and a follow-up date in one multipart request, then logs and snoozes the saved profile', async () => {
    const { client } = await app.member({ prefix: 'ext-loop' });
    const { token } = await connect(client);
    const tiers = (await bearer(token).get('/api/tiers')).body as Tier[];
    const referrals = tiers.find((tier) => tier.name === 'Potential Referrals') as Tier;
    const today = localDate(((await client.get('/api/users')).body as User).time_zone);
    const inAWeek = addDays(today, 7);

    const saved = await bearer(token)
      .post('/api/contacts')
      .field('contact[name]', 'Mary Somerville')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/mary-somerville')
      .field('contact[tier_id]', String(referrals.id))
      .field('contact[first_interaction][notes]', 'Asked about the analyst role.')
      .field('contact[first_interaction][contact_method]', 'LinkedIn message')
      .field('contact[next_follow_up_on]', inAWeek);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const mary = saved.body as Contact;
    expect(mary).toMatchObject({ last_contacted_on: today, next_follow_up_on: inAWeek });
    const notes = (await client.get(`/api/interactions?contact_id=${mary.id}`)).body as Interaction[];
    expect(notes).toMatchObject([
      { date_contacted: today, contact_method: 'LinkedIn message', notes: 'Asked about the analyst role.' },
    ]);

    // The popup reads where the person stands from the lookup it makes anyway.
    const url = `/api/contacts/by-linkedin?url=${encodeURIComponent('linkedin.com/in/mary-somerville')}`;
    expect((await bearer(token).get(url)).body).toEqual({
      id: mary.id,
      name: 'Mary Somerville',
      on_board: true,
      tier_id: referrals.id,
      tier_name: 'Potential Referrals',
      last_contacted_on: today,
      next_follow_up_on: inAWeek,
    });

    // "Log that I messaged them": Done, with the note; the follow-up resets by the column's cadence.
    const done = await bearer(token).post(`/api/contacts/${mary.id}/done`).send({ note: 'Sent my CV.' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ last_contacted_on: today, next_follow_up_on: addDays(today, 14) });
    const snoozed = await bearer(token).post(`/api/contacts/${mary.id}/snooze`).send({ days: 30 });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.next_follow_up_on).toBe(addDays(today, 30));
    expect((await bearer(token).get(url)).body.next_follow_up_on).toBe(addDays(today, 30));

    // Another user's token reaches none of it.
    const other = await app.member({ prefix: 'ext-loop-b' });
    const otherToken = (await connect(other.client)).token;
    expect((await bearer(otherToken).post(`/api/contacts/${mary.id}/done`).send({})).status).toBe(404);
    expect((await bearer(otherToken).post(`/api/contacts/${mary.id}/snooze`).send({ days: 3 })).status).toBe(404);
    expect((await client.get(`/api/interactions?contact_id=${mary.id}`)).body).toHaveLength(2);
  });

  it('saves to the network when the free board is full, and puts one person from the network on the board, nothing more', async () => {
    const { client } = await app.member({ plan: 'free', prefix: 'ext-network' });
    const { token } = await connect(client);
    const tiers = (await bearer(token).get('/api/tiers')).body as Tier[];
    for (let i = 0; i < 24; i += 1)
      expect((await client.post('/api/contacts', { name: `Card ${i}` })).status).toBe(201);
    const cards = (await client.get('/api/contacts')).body as Contact[];

    const full = await bearer(token)
      .post('/api/contacts')
      .field('contact[name]', 'One too many')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/one-too-many')
      .field('contact[tier_id]', String(tiers[0]?.id));
    expect(full.status).toBe(201); // the 25th
    const refused = await bearer(token)
      .post('/api/contacts')
      .field('contact[name]', 'Sophie Germain')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/sophie-germain')
      .field('contact[tier_id]', String(tiers[0]?.id))
      .field('contact[first_interaction][notes]', 'Met at the conference.');
    expect(refused.status).toBe(403);
    // The popup saves to the network instead: no column, no follow-up; a date is refused there.
    const withDate = await bearer(token)
      .post('/api/contacts')
      .field('contact[name]', 'Sophie Germain')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/sophie-germain')
      .field('contact[on_board]', 'false')
      .field('contact[next_follow_up_on]', '2099-01-01');
    expect(withDate.status).toBe(400);
    const saved = await bearer(token)
      .post('/api/contacts')
      .field('contact[name]', 'Sophie Germain')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/sophie-germain')
      .field('contact[on_board]', 'false')
      .field('contact[first_interaction][notes]', 'Met at the conference.');
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const sophie = saved.body as Contact;
    expect(sophie).toMatchObject({ on_board: false, tier_id: null, next_follow_up_on: null });
    expect((await client.get(`/api/interactions?contact_id=${sophie.id}`)).body).toMatchObject([
      { notes: 'Met at the conference.', contact_method: 'LinkedIn message' },
    ]);
    const url = `/api/contacts/by-linkedin?url=${encodeURIComponent('linkedin.com/in/sophie-germain')}`;
    expect((await bearer(token).get(url)).body).toMatchObject({ id: sophie.id, on_board: false, tier_id: null });

    // Put on the board: refused while the board is full, then one person, into a column.
    const move = (body: object) => bearer(token).post('/api/contacts/bulk').send(body);
    const toBoard = { ids: [sophie.id], action: 'to_board', tier_id: tiers[1]?.id };
    expect((await move(toBoard)).status).toBe(403);
    expect((await client.delete(`/api/contacts/${cards[0]?.id}`)).status).toBe(204);
    // Nothing but one person onto the board: no moves off it, no batches.
    for (const body of [
      { ids: [cards[1]?.id], action: 'to_network' },
      { ids: [sophie.id, cards[2]?.id], action: 'to_board', tier_id: tiers[1]?.id },
    ]) {
      const res = await move(body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.errors).toEqual([EXTENSION_TOKEN_MESSAGES.bulkNotAccepted]);
    }
    expect(((await client.get('/api/contacts')).body as Contact[]).map((c) => c.id)).toContain(cards[1]?.id);
    const moved = await move(toBoard);
    expect(moved.status).toBe(200);
    expect(moved.body.contacts).toMatchObject([{ id: sophie.id, on_board: true, tier_id: tiers[1]?.id }]);
    expect((await bearer(token).get(url)).body).toMatchObject({ on_board: true, tier_name: tiers[1]?.name });
  });

  it('makes one card of three parallel saves of one profile: the others are told it is a duplicate', async () => {
    const { client } = await app.member({ prefix: 'ext-race' });
    const { token } = await connect(client);
    const save = () =>
      bearer(token)
        .post('/api/contacts')
        .field('contact[name]', 'Katherine Johnson')
        .field('contact[linked_in]', 'https://www.linkedin.com/in/katherine-johnson');
    const answers = await Promise.all([save(), save(), save()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const created = answers.find((answer) => answer.status === 201)?.body as Contact;
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.contact_id).toBe(created.id);
    const board = (await client.get('/api/contacts')).body as Contact[];
    expect(board.filter((c) => c.name === 'Katherine Johnson')).toHaveLength(1);
  });

  it('answers 403 with the free plan message once the 25 cards are used', async () => {
    const { client } = await app.member({ plan: 'free', prefix: 'ext-free' });
    const { token } = await connect(client);
    for (let i = 0; i < 25; i += 1) {
      expect((await client.post('/api/contacts', { name: `Card ${i}` })).status).toBe(201);
    }
    const refused = await bearer(token)
      .post('/api/contacts')
      .field('contact[name]', 'One too many')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/one-too-many');
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([freePlanLimitMessage(25)]);
  });

  it('keeps two users apart', async () => {
    const a = await app.member({ prefix: 'ext-a' });
    const b = await app.member({ prefix: 'ext-b' });
    const tokenA = (await connect(a.client)).token;
    const connectionB = await connect(b.client);
    const saved = await bearer(tokenA)
      .post('/api/contacts')
      .field('contact[name]', 'Grace Hopper')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/grace-hopper')
      .attach('contact[photo]', await png(), 'photo.png');
    expect(saved.status).toBe(201);
    const grace = saved.body as Contact;

    const asB = bearer(connectionB.token);
    const boardB = await asB.get('/api/contacts');
    expect(boardB.status).toBe(200);
    expect((boardB.body as Contact[]).map((c) => c.id)).not.toContain(grace.id);
    expect((await asB.get(`/api/contacts/${grace.id}/photo`)).status).toBe(404);
    const lookup = await asB.get(
      `/api/contacts/by-linkedin?url=${encodeURIComponent('https://www.linkedin.com/in/grace-hopper')}`,
    );
    expect(lookup.status).toBe(404);
    // B saving the same profile is B's own card, not a duplicate of A's.
    const own = await asB
      .post('/api/contacts')
      .field('contact[name]', 'Grace Hopper')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/grace-hopper');
    expect(own.status).toBe(201);
    const tiersA = (await bearer(tokenA).get('/api/tiers')).body as Tier[];
    const tiersB = (await asB.get('/api/tiers')).body as Tier[];
    expect(tiersA.map((t) => t.id).filter((id) => tiersB.some((t) => t.id === id))).toEqual([]);
    // B can neither see nor revoke A's connection.
    const listedB = (await b.client.get('/api/extension-tokens')).body as ConnectedExtension[];
    expect(listedB.map((e) => e.id)).toEqual([connectionB.id]);
    const connectionA = ((await a.client.get('/api/extension-tokens')).body as ConnectedExtension[])[0]!;
    expect((await b.client.delete(`/api/extension-tokens/${connectionA.id}`)).status).toBe(404);
    expect((await bearer(tokenA).get('/api/tiers')).status).toBe(200);
  });
});

describe('what a token may never do', () => {
  it('is refused on every route not marked for the extension (account, billing, settings, tokens...) and changes nothing', async () => {
    const { client, userId } = await app.member({ prefix: 'ext-walk' });
    const { token } = await connect(client);
    const marked = describeRoutes(app.running.app)
      .filter((route) => route.extension)
      .map((route) => `${route.method} ${route.path}`);
    expect(marked).toEqual([
      'GET /api/contacts',
      'POST /api/contacts',
      'POST /api/contacts/:id/done',
      'GET /api/contacts/:id/photo',
      'POST /api/contacts/:id/snooze',
      'POST /api/contacts/bulk',
      'GET /api/contacts/by-linkedin',
      'GET /api/tiers',
    ]);
    const routes = listRoutes(app.running.app).filter((route) => !marked.includes(`${route.method} ${route.path}`));
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/users',
        'PATCH /api/users/:id',
        'DELETE /api/users/:id',
        'POST /api/validate-user',
        'GET /api/billing/plans',
        'POST /api/create-checkout-session',
        'POST /api/billing-portal',
        'GET /api/retreive-customer-info',
        'POST /api/cancel-subscription',
        'GET /api/extension-tokens',
        'POST /api/extension-tokens',
        'DELETE /api/extension-tokens/:id',
        'PATCH /api/contacts/:id',
        'DELETE /api/contacts/:id',
        'POST /api/contacts/:id/move',
        'GET /api/interactions',
        'POST /api/interactions',
        'GET /api/today',
        'GET /api/network',
      ]),
    );
    // What a refused call must leave alone: the cards, the columns, the tokens and the account.
    const accountState = async () =>
      JSON.stringify(
        await app.db.query(
          `select (select count(*) from contacts where user_id = $1) as contacts,
                  (select count(*) from tiers where user_id = $1) as tiers,
                  (select count(*) from extension_tokens where user_id = $1) as tokens,
                  (select row_to_json(u) from (select email, name, plan, password_hash from users where id = $1) u) as account`,
          [userId],
        ),
      );
    const before = await accountState();
    const body = {
      email: 'x@example.com',
      password: 'Passw0rd!',
      current_password: 'Passw0rd!',
      name: 'x',
      plan: 'free',
    };
    for (const route of routes) {
      const path = concretePath(route.path, userId);
      const as = bearer(token);
      const req =
        route.method === 'GET'
          ? as.get(path)
          : route.method === 'POST'
            ? as.post(path).send(body)
            : route.method === 'PATCH'
              ? as.patch(path).send(body)
              : as.delete(path);
      const res = await req;
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.errors).toEqual([EXTENSION_TOKEN_MESSAGES.notAccepted]);
    }
    expect(await accountState()).toBe(before);
  });

  it('never lends a cookie session its CSRF exemption', async () => {
    const { client } = await app.member({ prefix: 'ext-csrf' });
    const { token } = await connect(client);
    const count = async () =>
      ((await client.get('/api/contacts')).body as Contact[]).filter((c) => c.name === 'Forged').length;

    // A cookie session still needs its CSRF token on the extension's routes.
    expect((await client.post('/api/contacts', { name: 'Forged' }, { csrf: false })).status).toBe(403);
    // A bearer header that is not a valid token gets the cookie nothing: 401, not a CSRF-free write.
    for (const header of ['Bearer forged', 'Bearer ', `Bearer ${token}x`]) {
      const res = await client.raw.post('/api/contacts').set('Authorization', header).send({ name: 'Forged' });
      expect(res.status, header).toBe(401);
    }
    // Another scheme is no extension token: the CSRF rule applies as always.
    const basic = await client.raw
      .post('/api/contacts')
      .set('Authorization', 'Basic dXNlcjpwYXNz')
      .send({ name: 'Forged' });
    expect(basic.status).toBe(403);
    // A signed-in session plus a valid token on an account route: refused, whoever's cookie it is.
    const both = await client.raw.get('/api/users').set('Authorization', `Bearer ${token}`);
    expect(both.status).toBe(403);
    expect(await count()).toBe(0);

    // With the token, the cookie plays no part: the card is the token owner's.
    const other = await app.member({ prefix: 'ext-csrf-other' });
    const mixed = await other.client.raw
      .post('/api/contacts')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Forged' });
    expect(mixed.status).toBe(201);
    expect(mixed.body.user_id).not.toBe(other.userId);
    expect(await count()).toBe(1);
  });

  it('throttles refused tokens per IP (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < FAILURES_PER_IP + 2; i += 1) {
      const res = await bearer(`tend_${'x'.repeat(43)}`).get('/api/tiers');
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers['retry-after'];
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('the extension download', () => {
  it('zips the built extension with its manifest given to this server’s origin', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tend-extension-dist-'));
    try {
      mkdirSync(join(dist, 'icons'));
      writeFileSync(
        join(dist, 'manifest.json'),
        JSON.stringify({
          manifest_version: 3,
          name: 'Tend',
          host_permissions: ['http://localhost:3000/*'],
          externally_connectable: { matches: ['http://localhost:3000/*'] },
        }),
      );
      writeFileSync(join(dist, 'popup.html'), '<!doctype html><title>Tend</title>');
      writeFileSync(join(dist, 'icons', 'icon-16.png'), await png(16));
      const config = loadConfig({ APP_URL: 'https://tend.example.com/app', SESSION_SECRET: 'x'.repeat(40) });
      const service = new ExtensionPackageService(config);
      const zip = await service.package(dist);
      const entries = new Map([...(await readZip(zip))].map(([name, data]) => [name, data.toString('utf8')]));
      expect([...entries.keys()].sort()).toEqual([
        'tend-extension/icons/icon-16.png',
        'tend-extension/manifest.json',
        'tend-extension/popup.html',
      ]);
      const manifest = JSON.parse(entries.get('tend-extension/manifest.json') ?? '{}');
      expect(manifest).toMatchObject({
        name: 'Tend',
        host_permissions: ['https://tend.example.com/*'],
        externally_connectable: { matches: ['https://tend.example.com/*'] },
      });
      await expect(service.package(join(dist, 'missing'))).rejects.toMatchObject({ status: 404 });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

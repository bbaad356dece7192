import {
  boardRoomMessage,
  canonicalLinkedInUrl,
  DUPLICATE_EMAIL_MESSAGE,
  DUPLICATE_EMAIL_NETWORK_MESSAGE,
  DUPLICATE_LINKEDIN_MESSAGE,
  DUPLICATE_LINKEDIN_NETWORK_MESSAGE,
  freePlanLimitMessage,
  type Contact,
  type NetworkPage,
  type Notification,
  type Tier,
  type TodayResponse,
} from '@tend/contracts';
import { MikroORM } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../src/app/entities';
import { createOrmOptions } from '../src/infra/database/mikro-orm.config';
import type { ApiClient } from './helpers/api-client';
import { UNTHROTTLED_SIGNUPS, useTestApp } from './helpers/test-app';

// The network beside the board (issue 26, PRODUCT.md "Network and board").
const app = useTestApp(UNTHROTTLED_SIGNUPS);

async function member(plan: 'free' | 'premium' = 'premium') {
  const { client, userId } = await app.member({ plan, prefix: 'network', timeZone: 'UTC' });
  const tiers = (await client.get('/api/tiers')).body as Tier[];
  return { client, userId, tiers, tier: tiers[0]?.id ?? 0 };
}

async function add(client: ApiClient, body: Record<string, unknown>): Promise<Contact> {
  const res = await client.post('/api/contacts', body);
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Contact;
}

/** Adds people straight to the network. */
async function inNetwork(client: ApiClient, people: Record<string, unknown>[]): Promise<Contact[]> {
  const made: Contact[] = [];
  for (const person of people) made.push(await add(client, { ...person, on_board: false }));
  return made;
}

async function network(client: ApiClient, query = ''): Promise<NetworkPage> {
  const res = await client.get(`/api/network${query}`);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body as NetworkPage;
}

const names = (page: NetworkPage) => page.items.map((person) => person.name);

async function board(client: ApiClient): Promise<Contact[]> {
  return (await client.get('/api/contacts')).body as Contact[];
}

async function countOnBoard(userId: number): Promise<number> {
  const [row] = await app.db.query<{ n: number }>(
    'select count(*)::int as n from contacts where user_id = $1 and on_board',
    [userId],
  );
  return row?.n ?? -1;
}

describe('GET /api/network', () => {
  it('finds people by name, title, company and email, accents and case folded, partial words, every word', async () => {
    const { client } = await member();
    await inNetwork(client, [
      { name: 'Jürgen Müller', title: 'Staff Engineer', company: 'Zürich Versicherung', date_connected: '2024-01-02' },
      { name: 'Ana Muller', title: 'Recruiter', company: 'ACME', date_connected: '2024-03-01' },
      { name: 'Søren Østergaard', company: 'Ørsted', email: 'soren@orsted.dk', date_connected: '2023-05-05' },
      { name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy' },
    ]);
    // Someone on the board is not in the network.
    await add(client, { name: 'Board Müller' });
    // The page's JSON is the contact JSON every other route answers (built in SQL; kept in step).
    const made = await add(client, {
      name: 'Zed Same',
      title: 'T',
      email: 'zed@x.io',
      date_connected: '2020-01-01',
      on_board: false,
    });
    expect((await network(client, '?q=zed')).items).toEqual([made]);
    expect((await client.delete(`/api/contacts/${made.id}`)).status).toBe(204);

    expect(names(await network(client, '?q=muller&sort=name_asc'))).toEqual(['Ana Muller', 'Jürgen Müller']);
    expect(names(await network(client, '?q=MÜLLER&sort=name_asc'))).toEqual(['Ana Muller', 'Jürgen Müller']);
    expect(names(await network(client, '?q=zurich'))).toEqual(['Jürgen Müller']);
    // Partial words, in any field, each word must match.
    expect(names(await network(client, '?q=engin'))).toEqual(['Jürgen Müller']);
    expect(names(await network(client, '?q=mul%20recruit'))).toEqual(['Ana Muller']);
    expect(names(await network(client, '?q=mul%20navy'))).toEqual([]);
    expect(names(await network(client, '?q=soren'))).toEqual(['Søren Østergaard']);
    expect(names(await network(client, '?q=ORSTED.DK'))).toEqual(['Søren Østergaard']);
    // LIKE's wildcards are taken literally.
    expect(names(await network(client, '?q=%25'))).toEqual([]);
    expect(names(await network(client, '?q=_'))).toEqual([]);

    // Filters on one field, folded the same way.
    expect(names(await network(client, '?company=zurich'))).toEqual(['Jürgen Müller']);
    expect(names(await network(client, '?title=admiral&company=navy'))).toEqual(['Grace Hopper']);
    expect(names(await network(client, '?company=engineer'))).toEqual([]);

    // Sorts, and the count of everything that matches.
    const all = await network(client);
    expect(all.total).toBe(4);
    expect(names(all)).toEqual(['Ana Muller', 'Jürgen Müller', 'Søren Østergaard', 'Grace Hopper']);
    expect(names(await network(client, '?sort=connected_asc'))).toEqual([
      'Søren Østergaard',
      'Jürgen Müller',
      'Ana Muller',
      'Grace Hopper',
    ]);
    expect(names(await network(client, '?sort=name_desc'))).toEqual([
      'Søren Østergaard',
      'Jürgen Müller',
      'Grace Hopper',
      'Ana Muller',
    ]);
    expect(
      all.items.every((person) => !person.on_board && person.tier_id === null && person.column_order === null),
    ).toBe(true);
    expect(all.items.every((person) => person.next_follow_up_on === null)).toBe(true);
  });

  it('never answers another user’s people', async () => {
    const mine = await member();
    const theirs = await member();
    await inNetwork(theirs.client, [{ name: 'Their Müller', company: 'Secret Co' }]);
    await inNetwork(mine.client, [{ name: 'My Muller' }]);
    expect(names(await network(mine.client, '?q=muller'))).toEqual(['My Muller']);
    expect((await network(mine.client, '?q=secret')).total).toBe(0);
    expect((await network(mine.client)).total).toBe(1);
  });

  it('pages by keyset: every person exactly once, even with people added between pages', async () => {
    const { client } = await member();
    const people = Array.from({ length: 25 }, (_, i) => ({
      name: `Person ${String(i).padStart(2, '0')}`,
      date_connected: `2024-01-${String((i % 5) + 1).padStart(2, '0')}`,
    }));
    await inNetwork(client, people);
    for (const sort of ['connected_desc', 'connected_asc', 'name_asc', 'name_desc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: NetworkPage = await network(
          client,
          `?sort=${sort}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...names(page));
        cursor = page.next_cursor;
        // People added meanwhile (newest connected date, and first by name) never shift what follows.
        if (pages === 0) {
          await inNetwork(client, [{ name: `Aaa ${sort}`, date_connected: '2025-12-31' }]);
          await inNetwork(client, [{ name: `Zzz ${sort}`, date_connected: '2020-01-01' }]);
        }
        pages += 1;
      } while (cursor !== null);
      const original = people.map((person) => person.name);
      expect(seen.filter((name) => original.includes(name)).sort()).toEqual([...original].sort());
      expect(new Set(seen).size).toBe(seen.length);
    }
    // A cursor of another sort, or garbage, is a 400, not a 500.
    const first = await network(client, '?sort=name_asc&limit=2');
    expect((await client.get(`/api/network?sort=connected_desc&cursor=${first.next_cursor}`)).status).toBe(400);
    expect((await client.get('/api/network?cursor=bm9wZQ')).status).toBe(400);
    expect((await client.get('/api/network?limit=201')).status).toBe(400);
    expect((await client.get('/api/network?sort=size')).status).toBe(400);
  });
});

describe('GET /api/contacts/:id', () => {
  it('answers one person of the user’s, in the network or on the board, as the list answers them', async () => {
    const { client } = await member();
    const people = await inNetwork(
      client,
      Array.from({ length: 120 }, (_, i) => ({ name: `Person ${String(i).padStart(3, '0')}` })),
    );
    // Someone past the first page (of 100): the network's /network/{id} link reads them alone.
    const far = people[110];
    if (!far) throw new Error('no person 110');
    expect((await network(client, '?sort=name_asc')).items.some((person) => person.id === far.id)).toBe(false);
    const res = await client.get(`/api/contacts/${far.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(far);

    const card = await add(client, { name: 'On The Board' });
    const onBoard = await client.get(`/api/contacts/${card.id}`);
    expect(onBoard.status).toBe(200);
    expect(onBoard.body).toMatchObject({ id: card.id, name: 'On The Board', on_board: true });
  });

  it('answers 404 for another user’s person or an id nobody has, and 400 with a sentence for a bad id', async () => {
    const mine = await member();
    const theirs = await member();
    const [them] = await inNetwork(theirs.client, [{ name: 'Their Secret' }]);
    const stranger = await mine.client.get(`/api/contacts/${them?.id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ errors: ['Contact not found.'] });
    expect(JSON.stringify(stranger.body)).not.toContain('Their Secret');
    expect((await mine.client.get('/api/contacts/2147483000')).status).toBe(404);

    for (const [id, message] of [
      ['abc', 'Id must be a number.'],
      ['1.5', 'Id must be a whole number.'],
      ['0', 'Id must be positive.'],
      ['-3', 'Id must be positive.'],
    ] as const) {
      const res = await mine.client.get(`/api/contacts/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body, id).toEqual({ errors: [message] });
    }
  });
});

describe('POST /api/contacts/bulk', () => {
  it('moves people to the board into a column, top first, and back with their notes intact', async () => {
    const { client, tiers } = await member();
    const column = tiers[1] as Tier;
    const existing = await add(client, { name: 'Already there', tier_id: column.id });
    const [ada, bob] = await inNetwork(client, [{ name: 'Ada' }, { name: 'Bob' }]);
    const note = await client.post('/api/interactions', {
      contact_id: ada?.id,
      date_contacted: new Date().toISOString().slice(0, 10),
      contact_method: 'Email',
      notes: 'Met at the meetup.',
    });
    expect(note.status).toBe(201);

    const moved = await client.post('/api/contacts/bulk', {
      ids: [ada?.id, bob?.id],
      action: 'to_board',
      tier_id: column.id,
    });
    expect(moved.status).toBe(200);
    expect((moved.body.contacts as Contact[]).map((c) => [c.name, c.on_board, c.tier_id])).toEqual([
      ['Ada', true, column.id],
      ['Bob', true, column.id],
    ]);
    const onBoard = (await board(client)).filter((c) => c.tier_id === column.id);
    expect(onBoard.sort((a, b) => b.vertical_order - a.vertical_order).map((c) => c.name)).toEqual([
      'Ada',
      'Bob',
      existing.name,
    ]);
    expect((await network(client)).total).toBe(0);

    const back = await client.post('/api/contacts/bulk', { ids: [ada?.id], action: 'to_network' });
    expect(back.status).toBe(200);
    expect(back.body.contacts).toMatchObject([{ id: ada?.id, on_board: false, tier_id: null, column_order: null }]);
    expect((await board(client)).map((c) => c.name)).not.toContain('Ada');
    const timeline = await client.get(`/api/interactions?contact_id=${ada?.id}`);
    expect(timeline.status).toBe(200);
    expect(timeline.body).toMatchObject([{ notes: 'Met at the meetup.' }]);
    // A person in the network opens like any other (the same dialog and tabs).
    expect((await client.patch(`/api/contacts/${ada?.id}`, { title: 'CTO' })).body).toMatchObject({
      title: 'CTO',
      on_board: false,
    });
    expect(names(await network(client, '?q=cto'))).toEqual(['Ada']);
    // Its place changes only through a bulk move, never the spec client's PATCH or a card move.
    expect((await client.patch(`/api/contacts/${ada?.id}`, { tier_id: column.id })).status).toBe(422);
    expect((await client.post(`/api/contacts/${ada?.id}/move`, { tier_id: column.id, index: 0 })).status).toBe(422);

    // Bad requests: no column for the board, a column for the network, too many ids.
    expect((await client.post('/api/contacts/bulk', { ids: [bob?.id], action: 'to_board' })).status).toBe(400);
    expect(
      (await client.post('/api/contacts/bulk', { ids: [bob?.id], action: 'to_network', tier_id: column.id })).status,
    ).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await client.post('/api/contacts/bulk', { ids: tooMany, action: 'to_network' })).status).toBe(400);
  });

  it('holds the free plan at exactly 25 cards: says how many fit, and two tabs at once never make 26', async () => {
    const { client, userId, tier } = await member('free');
    for (let i = 0; i < 20; i++) await add(client, { name: `Card ${i}` });
    const people = await inNetwork(
      client,
      Array.from({ length: 12 }, (_, i) => ({ name: `Net ${i}` })),
    );
    const ids = people.map((p) => p.id);

    const refused = await client.post('/api/contacts/bulk', {
      ids: ids.slice(0, 6),
      action: 'to_board',
      tier_id: tier,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([boardRoomMessage(5, 6)]);
    expect(await countOnBoard(userId)).toBe(20);

    // Two tabs, 5 people each, 5 places: one gets them all, the other is refused.
    const [a, b] = await Promise.all([
      client.post('/api/contacts/bulk', { ids: ids.slice(0, 5), action: 'to_board', tier_id: tier }),
      client.post('/api/contacts/bulk', { ids: ids.slice(5, 10), action: 'to_board', tier_id: tier }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect(await countOnBoard(userId)).toBe(25);
    const loser = a.status === 403 ? a : b;
    expect(loser.body.errors).toEqual([boardRoomMessage(0, 5)]);

    // Full: a bulk add, a create, and two racing single moves all stay at 25.
    const [c, d] = await Promise.all([
      client.post('/api/contacts/bulk', { ids: [ids[10]], action: 'to_board', tier_id: tier }),
      client.post('/api/contacts', { name: 'One more' }),
    ]);
    expect([c.status, d.status]).toEqual([403, 403]);
    expect(d.body.errors).toEqual([freePlanLimitMessage(25)]);
    expect(await countOnBoard(userId)).toBe(25);

    // People already on the board need no room; the network stays unlimited on the free plan.
    const onBoard = (await board(client)).map((card) => card.id);
    expect(
      (await client.post('/api/contacts/bulk', { ids: onBoard.slice(0, 3), action: 'to_board', tier_id: tier })).body,
    ).toEqual({
      contacts: [],
    });
    expect((await client.post('/api/contacts', { name: 'Into the network', on_board: false })).status).toBe(201);

    // Moving one off makes room for exactly one.
    expect((await client.post('/api/contacts/bulk', { ids: [onBoard[0]], action: 'to_network' })).status).toBe(200);
    const [e, f] = await Promise.all([
      client.post('/api/contacts/bulk', { ids: [ids[10]], action: 'to_board', tier_id: tier }),
      client.post('/api/contacts/bulk', { ids: [ids[11]], action: 'to_board', tier_id: tier }),
    ]);
    expect([e.status, f.status].sort()).toEqual([200, 403]);
    expect(await countOnBoard(userId)).toBe(25);
  });

  it('answers 404 for someone else’s id and changes nothing, and 404 for someone else’s column', async () => {
    const mine = await member();
    const theirs = await member();
    const [me1] = await inNetwork(mine.client, [{ name: 'Mine' }]);
    const [them1] = await inNetwork(theirs.client, [{ name: 'Theirs' }]);
    const onTheirBoard = await add(theirs.client, { name: 'Their card' });

    const res = await mine.client.post('/api/contacts/bulk', {
      ids: [me1?.id, them1?.id],
      action: 'to_board',
      tier_id: mine.tier,
    });
    expect(res.status).toBe(404);
    expect(names(await network(mine.client))).toEqual(['Mine']);
    expect(names(await network(theirs.client))).toEqual(['Theirs']);
    expect(
      (await mine.client.post('/api/contacts/bulk', { ids: [onTheirBoard.id], action: 'to_network' })).status,
    ).toBe(404);
    expect((await board(theirs.client)).map((c) => c.name)).toEqual(['Their card']);
    expect(
      (await mine.client.post('/api/contacts/bulk', { ids: [me1?.id], action: 'to_board', tier_id: theirs.tier }))
        .status,
    ).toBe(404);
    expect(names(await network(mine.client))).toEqual(['Mine']);
  });
});

describe('POST /api/network/hidden', () => {
  it('moves the cards hidden after a Premium plan ended into the network, and only those', async () => {
    const { client, userId } = await member('premium');
    const made: Contact[] = [];
    for (let i = 0; i < 27; i++) made.push(await add(client, { name: `N${i}` }));
    const stranger = await member('free');
    await add(stranger.client, { name: 'Not mine' });
    await app.db.query(`update users set plan = 'free' where id = $1`, [userId]);
    const visible = (await board(client)).map((c) => c.id);
    expect(visible).toHaveLength(25);

    const res = await client.post('/api/network/hidden');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ moved: 2 });
    expect((await board(client)).map((c) => c.id).sort()).toEqual([...visible].sort());
    expect(names(await network(client, '?sort=name_asc'))).toEqual(['N0', 'N1']);
    expect(await countOnBoard(userId)).toBe(25);
    expect((await client.post('/api/network/hidden')).body).toEqual({ moved: 0 });
    expect((await board(stranger.client)).map((c) => c.name)).toEqual(['Not mine']);
  });
});

describe('one person across board and network', () => {
  it('refuses a duplicate by LinkedIn URL or email in add contact, saying where, and by-linkedin finds both', async () => {
    const { client } = await member();
    const card = await add(client, { name: 'Ada', linked_in: 'https://www.linkedin.com/in/ada/', email: 'ada@x.io' });
    const [net] = await inNetwork(client, [{ name: 'Bob', linked_in: 'linkedin.com/in/bob', email: 'Bob@Y.io' }]);

    const cases: [Record<string, unknown>, string, number | undefined][] = [
      [{ name: 'Ada again', linked_in: 'https://uk.linkedin.com/in/ADA?trk=x' }, DUPLICATE_LINKEDIN_MESSAGE, card.id],
      [
        { name: 'Bob again', linked_in: 'https://www.linkedin.com/in/bob/' },
        DUPLICATE_LINKEDIN_NETWORK_MESSAGE,
        net?.id,
      ],
      [{ name: 'Ada by mail', email: 'ADA@x.io' }, DUPLICATE_EMAIL_MESSAGE, card.id],
      [{ name: 'Bob by mail', email: 'bob@y.io' }, DUPLICATE_EMAIL_NETWORK_MESSAGE, net?.id],
      [{ name: 'Bob into network', email: 'bob@y.io', on_board: false }, DUPLICATE_EMAIL_NETWORK_MESSAGE, net?.id],
    ];
    for (const [body, message, id] of cases) {
      const res = await client.post('/api/contacts', body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body).toEqual({ errors: [message], contact_id: id });
    }

    const onBoard = await client.get(`/api/contacts/by-linkedin?url=${encodeURIComponent('linkedin.com/in/ada')}`);
    expect(onBoard.body).toEqual({
      id: card.id,
      name: 'Ada',
      on_board: true,
      tier_id: card.tier_id,
      tier_name: 'New',
      last_contacted_on: null,
      next_follow_up_on: card.next_follow_up_on,
    });
    const inNet = await client.get(
      `/api/contacts/by-linkedin?url=${encodeURIComponent('https://linkedin.com/in/bob/')}`,
    );
    // In the network: no column and no follow-up (the extension's popup offers "Put on the board").
    expect(inNet.body).toEqual({
      id: net?.id,
      name: 'Bob',
      on_board: false,
      tier_id: null,
      tier_name: null,
      last_contacted_on: null,
      next_follow_up_on: null,
    });
    expect((await client.get('/api/contacts/by-linkedin?url=linkedin.com/in/nobody')).status).toBe(404);
    // The extension's multipart save into the network (its board full), and its duplicate found there.
    const saved = await client.raw
      .post('/api/contacts')
      .set('X-CSRF-Token', client.csrfToken)
      .field('contact[name]', 'Cy')
      .field('contact[linked_in]', 'https://www.linkedin.com/in/cy')
      .field('contact[on_board]', 'false');
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'Cy', on_board: false, tier_id: null });
    const again = await client.raw
      .post('/api/contacts')
      .set('X-CSRF-Token', client.csrfToken)
      .field('contact[name]', 'Cy')
      .field('contact[linked_in]', 'linkedin.com/in/CY/')
      .field('contact[on_board]', 'true');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ errors: [DUPLICATE_LINKEDIN_NETWORK_MESSAGE], contact_id: saved.body.id });
    const badFlag = await client.post('/api/contacts', { name: 'Bad flag', on_board: 'maybe' });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.errors).toEqual(['Say whether they go on the board: on_board is true or false.']);

    // GET /api/contacts answers the board only.
    expect((await board(client)).map((c) => c.name)).toEqual(['Ada']);
  });
});

/** One user's stored LinkedIn addresses and keys, by id. */
async function storedKeys(userId: number): Promise<Map<number, { linked_in: string | null; key: string | null }>> {
  const rows = await app.db.query<{ id: number; linked_in: string | null; key: string | null }>(
    'select id, linked_in, linked_in_key as key from contacts where user_id = $1 order by id',
    [userId],
  );
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

// One profile written in the forms canonicalLinkedInUrl folds into https://www.linkedin.com/in/<slug>.
const ADA = 'https://www.linkedin.com/in/ada-l';
const ADA_FORMS = [
  'http://linkedin.com/in/Ada-L',
  'linkedin.com/in/ada-l/',
  'https://www.linkedin.com/in/ada-l?trk=public_profile',
  'https://uk.linkedin.com/in/ADA-L/#experience',
  'https://www.linkedin.com/in/ada-l/fr',
  'https://m.linkedin.com/in/ada-l/details/skills/',
  'https://www.linkedin.com/mwlite/in/ada-l',
  'https://www.linkedin.com/in/%61da-l',
];

describe('the stored LinkedIn key (contacts.linked_in_key)', () => {
  it('is written with the address and finds one profile in any of its forms, in add contact and by-linkedin', async () => {
    const { client, userId } = await member();
    const ada = await add(client, { name: 'Ada', linked_in: ADA_FORMS[0] });
    const [jose] = await inNetwork(client, [{ name: 'José', linked_in: 'www.linkedin.com/in/Jos%C3%A9/' }]);
    const keys = await storedKeys(userId);
    expect(keys.get(ada.id)?.key).toBe(ADA);
    expect(keys.get(jose?.id ?? 0)?.key).toBe('https://www.linkedin.com/in/jos%C3%A9');

    for (const form of ADA_FORMS) {
      const found = await client.get(`/api/contacts/by-linkedin?url=${encodeURIComponent(form)}`);
      // The match with its standing, as the extension's popup shows it.
      expect(found.body, form).toEqual({
        id: ada.id,
        name: 'Ada',
        on_board: true,
        tier_id: ada.tier_id,
        tier_name: 'New',
        last_contacted_on: null,
        next_follow_up_on: null,
      });
      const again = await client.post('/api/contacts', { name: 'Ada again', linked_in: form, on_board: false });
      expect(again.status, form).toBe(409);
      expect(again.body).toEqual({ errors: [DUPLICATE_LINKEDIN_MESSAGE], contact_id: ada.id });
    }
    for (const form of ['https://linkedin.com/in/JOS%c3%a9?trk=x', 'https://de.linkedin.com/in/José/de']) {
      const found = await client.get(`/api/contacts/by-linkedin?url=${encodeURIComponent(form)}`);
      expect(found.body, form).toEqual({
        id: jose?.id,
        name: 'José',
        on_board: false,
        tier_id: null,
        tier_name: null,
        last_contacted_on: null,
        next_follow_up_on: null,
      });
    }

    // The check reads the column, not the address: with the key gone, the profile is unknown.
    await app.db.query('update contacts set linked_in_key = null where id = $1', [ada.id]);
    expect((await client.get(`/api/contacts/by-linkedin?url=${encodeURIComponent(ADA)}`)).status).toBe(404);
    await app.db.query('update contacts set linked_in_key = $2 where id = $1', [ada.id, ADA]);
  });

  it('follows a PATCH of linked_in, and is null without a profile address', async () => {
    const { client, userId } = await member();
    const card = await add(client, { name: 'Bea', linked_in: 'https://www.linkedin.com/in/bea-old' });
    const patch = async (linked_in: string | null) => {
      const res = await client.patch(`/api/contacts/${card.id}`, { linked_in });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (await storedKeys(userId)).get(card.id);
    };
    expect(await patch('HTTP://UK.LINKEDIN.COM/in/Bea-New/?trk=1')).toMatchObject({
      key: 'https://www.linkedin.com/in/bea-new',
    });
    expect((await client.get('/api/contacts/by-linkedin?url=linkedin.com/in/bea-old')).status).toBe(404);
    expect((await client.get('/api/contacts/by-linkedin?url=linkedin.com/in/bea-new')).body).toMatchObject({
      id: card.id,
    });
    // A PATCH of other fields keeps the key.
    expect((await client.patch(`/api/contacts/${card.id}`, { title: 'CTO' })).status).toBe(200);
    expect((await storedKeys(userId)).get(card.id)?.key).toBe('https://www.linkedin.com/in/bea-new');
    expect(await patch('https://example.com/bea')).toEqual({
      linked_in: expect.stringContaining('example.com/bea'),
      key: null,
    });
    expect(await patch(null)).toEqual({ linked_in: null, key: null });
    expect((await client.get('/api/contacts/by-linkedin?url=linkedin.com/in/bea-new')).status).toBe(404);
  });

  it('is backfilled by the migration with the keys the app writes', async () => {
    const { client, userId } = await member();
    // One profile per form (add contact refuses a second person with the same key).
    const addresses = [
      ...ADA_FORMS.map((form, i) => form.replace(/ada-l/i, (slug) => `${slug}-${i}`)),
      'www.linkedin.com/in/Jos%C3%A9/',
      'https://www.linkedin.com/in/ACoAABcdEfGhIjKlMn/',
      'https://www.linkedin.com/pub/wu/1/2/3',
      'https://example.com/in/ada',
    ];
    for (const [i, linked_in] of addresses.entries()) {
      await add(client, { name: `Person ${i}`, linked_in, on_board: i % 2 === 0 });
    }
    await add(client, { name: 'No address' });
    const written = await storedKeys(userId);
    expect([...written.values()].filter((row) => row.key !== null)).toHaveLength(ADA_FORMS.length + 2);
    for (const row of written.values())
      expect(row.key).toBe(row.linked_in ? canonicalLinkedInUrl(row.linked_in) : null);

    // The migration down (the column goes) and up again (the backfill), on this database.
    const orm = await MikroORM.init(
      createOrmOptions(app.db.url, ENTITIES, {
        migrations: {
          path: join(__dirname, '..', 'dist', 'infra', 'database', 'migrations'),
          glob: '!(*.d).js',
          transactional: true,
          allOrNothing: true,
          snapshot: false,
        },
      }),
    );
    try {
      const migrator = orm.getMigrator();
      expect((await migrator.down()).map((m) => m.name)).toEqual(['Migration20261128050000']);
      const [column] = await app.db.query<{ n: number }>(
        `select count(*)::int as n from information_schema.columns where table_name = 'contacts' and column_name = 'linked_in_key'`,
      );
      expect(column?.n).toBe(0);
      expect((await migrator.up()).map((m) => m.name)).toEqual(['Migration20261128050000']);
    } finally {
      await orm.close();
    }
    expect(await storedKeys(userId)).toEqual(written);
  });
});

describe('off the board', () => {
  it('has no due state: never in Today, the bell or the calendar feed; back on the board it is due by its column again', async () => {
    const { client, tiers } = await member();
    const column = tiers[0] as Tier;
    const today = new Date().toISOString().slice(0, 10);
    const kept = await add(client, { name: 'Kept' });
    const leaving = await add(client, { name: 'Leaving' });
    for (const card of [kept, leaving]) {
      expect((await client.patch(`/api/contacts/${card.id}`, { next_follow_up_on: today })).status).toBe(200);
    }
    const feed = (await client.post('/api/calendar-feed')).body as { url: string };
    const feedPath = feed.url.slice(app.config.appUrl.length);
    const duePeople = async () => {
      const todayList = (await client.get('/api/today')).body as TodayResponse;
      const bell = (await client.get('/api/notifications')).body as Notification[];
      const calendar = await (await app.client()).get(feedPath);
      return {
        today: [...todayList.overdue, ...todayList.due, ...todayList.upcoming].map((c) => c.name).sort(),
        bell: bell.map((item) => item.title).sort(),
        calendar: calendar.text,
      };
    };
    const before = await duePeople();
    expect(before.today).toEqual(['Kept', 'Leaving']);
    expect(before.bell.some((title) => title.includes('Leaving'))).toBe(true);
    expect(before.calendar).toContain('Leaving');

    expect((await client.post('/api/contacts/bulk', { ids: [leaving.id], action: 'to_network' })).status).toBe(200);
    const after = await duePeople();
    expect(after.today).toEqual(['Kept']);
    expect(after.bell.some((title) => title.includes('Leaving'))).toBe(false);
    expect(after.calendar).not.toContain('Leaving');
    expect((await network(client)).items).toMatchObject([{ name: 'Leaving', next_follow_up_on: null }]);

    // A column with only network people who were once in it can be deleted; a network person never blocks it.
    const spare = (await client.post('/api/tiers', { name: 'Spare' })).body as Tier;
    const [visitor] = await inNetwork(client, [{ name: 'Visitor' }]);
    await client.post('/api/contacts/bulk', { ids: [visitor?.id], action: 'to_board', tier_id: spare.id });
    await client.post('/api/contacts/bulk', { ids: [visitor?.id], action: 'to_network' });
    expect((await client.delete(`/api/tiers/${spare.id}`)).status).toBe(204);

    // Back on the board: it enters the column today and the rule gives it a date again (the column's cadence).
    await client.patch(`/api/tiers/${column.id}`, { cadence_days: 7 });
    const back = await client.post('/api/contacts/bulk', { ids: [leaving.id], action: 'to_board', tier_id: column.id });
    expect(back.status).toBe(200);
    expect((back.body.contacts as Contact[])[0]?.next_follow_up_on).not.toBeNull();
  });
});

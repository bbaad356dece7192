import fc from 'fast-check';
import sharp from 'sharp';
import { freePlanLimitMessage, NEW_COLUMN_NAME, type Contact, type Tier } from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client';
import { countStatements } from './helpers/query-counter';
import { UNTHROTTLED_SIGNUPS, useTestApp } from './helpers/test-app';

const app = useTestApp(UNTHROTTLED_SIGNUPS);

async function boardUser(
  plan: 'free' | 'premium' = 'premium',
): Promise<{ client: ApiClient; userId: number; tiers: Tier[] }> {
  const { client, userId } = await app.member({ plan, prefix: 'board' });
  const tiers = (await client.get('/api/tiers')).body as Tier[];
  return { client, userId, tiers };
}

async function addContact(client: ApiClient, body: Record<string, unknown>): Promise<Contact> {
  const res = await client.post('/api/contacts', body);
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Contact;
}

async function list(client: ApiClient): Promise<Contact[]> {
  const res = await client.get('/api/contacts');
  expect(res.status).toBe(200);
  return res.body as Contact[];
}

function column(contacts: Contact[], tierId: number): Contact[] {
  return contacts.filter((c) => c.tier_id === tierId);
}

/** Each column's orders are exactly n-1..0 top to bottom, and the list is sorted as the spec says. */
function expectConsistent(contacts: Contact[]): void {
  const byTier = new Map<number, Contact[]>();
  for (const c of contacts) if (c.tier_id !== null) byTier.set(c.tier_id, [...(byTier.get(c.tier_id) ?? []), c]);
  for (const cards of byTier.values()) {
    expect(cards.map((c) => c.vertical_order)).toEqual(cards.map((_, i) => cards.length - i - 1));
  }
}

describe('tiers', () => {
  it('adds, renames and deletes columns with the spec rules', async () => {
    const { client, tiers } = await boardUser();
    const created = await client.post('/api/tiers', {});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: NEW_COLUMN_NAME, position: 4 });
    const second = await client.post('/api/tiers', { name: 'Mentors', position: 0 });
    expect(second.body).toMatchObject({ name: 'Mentors', position: 5 });

    const renamed = await client.patch(`/api/tiers/${created.body.id}`, { id: created.body.id, name: 'Recruiters' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Recruiters');
    expect((await client.patch(`/api/tiers/${created.body.id}`, { name: '  ' })).body.errors).toEqual([
      'Column name cannot be empty.',
    ]);

    const first = tiers.find((t) => t.position === 0) as Tier;
    const renameFirst = await client.patch(`/api/tiers/${first.id}`, { name: 'Inbox' });
    expect(renameFirst.status).toBe(422);
    expect(renameFirst.body.errors).toEqual(['The first column cannot be renamed.']);
    const deleteFirst = await client.delete(`/api/tiers/${first.id}`);
    expect(deleteFirst.status).toBe(422);
    expect(deleteFirst.body.errors).toEqual(['The first column cannot be deleted.']);

    await addContact(client, { name: 'Blocker', tier_id: created.body.id });
    const nonEmpty = await client.delete(`/api/tiers/${created.body.id}`);
    expect(nonEmpty.status).toBe(422);
    expect(nonEmpty.body.errors).toEqual(['Column must be empty to delete.']);

    expect((await client.delete(`/api/tiers/${second.body.id}`)).status).toBe(204);
    const names = ((await client.get('/api/tiers')).body as Tier[]).map((t) => t.name);
    expect(names).toEqual(['New', 'Colleagues', 'Friends', 'Potential Referrals', 'Recruiters']);
  });

  it('keeps tiers to their owner', async () => {
    const a = await boardUser();
    const b = await boardUser();
    const aTier = a.tiers[1] as Tier;
    expect((await b.client.patch(`/api/tiers/${aTier.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await b.client.delete(`/api/tiers/${aTier.id}`)).status).toBe(404);
    expect((await b.client.post('/api/contacts', { name: 'X', tier_id: aTier.id })).status).toBe(404);
    expect((await b.client.post('/api/tiers', { user_id: a.userId })).status).toBe(400);
    expect((await a.client.get('/api/tiers')).body.map((t: Tier) => t.name)).toContain('Colleagues');
  });
});

describe('contacts', () => {
  it('creates at the top of a column, edits by JSON and multipart, and lists in the spec order', async () => {
    const { client, userId, tiers } = await boardUser();
    const first = tiers[0] as Tier;
    const one = await addContact(client, {
      name: 'Ada Lovelace',
      title: 'Analyst',
      company: 'Engines',
      linked_in: 'linkedin.com/in/ada',
    });
    expect(one).toMatchObject({
      user_id: userId,
      tier_id: first.id,
      column_order: 0,
      vertical_order: 0,
      linked_in: 'https://linkedin.com/in/ada',
    });
    const two = await addContact(client, {
      name: 'Grace',
      user_id: userId,
      column_order: 2,
      date_connected: '2024-06-16T10:00:00Z',
    });
    expect(two.tier_id).toBe(tiers[2]?.id);
    expect(two.date_connected).toBe('2024-06-16');
    const three = await addContact(client, { name: 'Linus' });
    expect(three.vertical_order).toBe(1);
    expect(column(await list(client), first.id).map((c) => c.name)).toEqual(['Linus', 'Ada Lovelace']);

    const patched = await client.patch(`/api/contacts/${one.id}`, {
      id: one.id,
      email: 'ADA@example.com',
      phone_number: '+44 20',
      company: '',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ email: 'ada@example.com', phone_number: '+44 20', company: null });

    const multipart = await client.raw
      .patch(`/api/contacts/${two.id}`)
      .set('X-CSRF-Token', client.csrfToken)
      .field('contact[id]', String(two.id))
      .field('contact[name]', 'Grace Hopper')
      .field('contact[connection_description]', 'Met at a compiler talk')
      .field('contact[user_id]', String(userId))
      .field('contact[column_order]', '1');
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({
      name: 'Grace Hopper',
      connection_description: 'Met at a compiler talk',
      column_order: 1,
      tier_id: tiers[1]?.id,
    });

    // The list answer matches the entity mapper field for field.
    const listed = (await list(client)).find((c) => c.id === two.id);
    expect(listed).toEqual(multipart.body);

    expect((await client.delete(`/api/contacts/${three.id}`)).status).toBe(204);
    expect((await list(client)).map((c) => c.id)).not.toContain(three.id);
  });

  it('refuses bad input with clear messages and mass assignment with 400', async () => {
    const { client, userId } = await boardUser();
    const noName = await client.post('/api/contacts', { name: '   ' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual(['Name cannot be empty.']);
    expect((await client.post('/api/contacts', { name: 'X', linked_in: 'not a url' })).body.errors).toEqual([
      'Invalid URL',
    ]);
    expect((await client.post('/api/contacts', { name: 'X', email: 'nope' })).body.errors).toEqual([
      'Invalid email address.',
    ]);
    expect((await client.post('/api/contacts', { name: 'X', date_connected: '2024-02-30' })).status).toBe(400);
    for (const body of [
      { name: 'X', user_id: userId + 1 },
      { name: 'X', photo_key: 'photos/x' },
      { name: 'X', created_at: '2020-01-01' },
    ]) {
      expect((await client.post('/api/contacts', body)).status, JSON.stringify(body)).toBe(400);
    }
    const c = await addContact(client, { name: 'Y' });
    expect((await client.patch(`/api/contacts/${c.id}`, { id: c.id + 1, name: 'Z' })).status).toBe(400);
    expect((await client.patch(`/api/contacts/${c.id}`, { name: '' })).body.errors).toEqual(['Name cannot be empty.']);
    expect((await client.patch(`/api/contacts/${c.id}`, { user_id: userId + 1 })).status).toBe(400);
  });

  it('isolates contacts and photos between users', async () => {
    const a = await boardUser();
    const b = await boardUser();
    const secret = await addContact(a.client, { name: 'Secret' });
    expect((await b.client.patch(`/api/contacts/${secret.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await b.client.delete(`/api/contacts/${secret.id}`)).status).toBe(404);
    expect((await b.client.post(`/api/contacts/${secret.id}/move`, { tier_id: b.tiers[0]?.id, index: 0 })).status).toBe(
      404,
    );
    expect((await b.client.get(`/api/contacts/${secret.id}/photo`)).status).toBe(404);
    expect((await list(b.client)).map((c) => c.id)).not.toContain(secret.id);
    // Moving your own card into someone else's column.
    const own = await addContact(b.client, { name: 'Own' });
    expect((await b.client.post(`/api/contacts/${own.id}/move`, { tier_id: a.tiers[1]?.id, index: 0 })).status).toBe(
      404,
    );
  });
});

describe('moves', () => {
  it('reorders within a column and across columns, answering both columns', async () => {
    const { client, tiers } = await boardUser();
    const [t0, t1] = tiers as [Tier, Tier];
    const names = ['A', 'B', 'C', 'D'];
    const made: Contact[] = [];
    for (const name of names) made.push(await addContact(client, { name, tier_id: t0.id }));
    // Newest on top: D C B A.
    expect(column(await list(client), t0.id).map((c) => c.name)).toEqual(['D', 'C', 'B', 'A']);

    const within = await client.post(`/api/contacts/${made[0]?.id}/move`, { tier_id: t0.id, index: 1 });
    expect(within.status).toBe(200);
    expect(column(within.body.contacts, t0.id).map((c: Contact) => c.name)).toEqual(['D', 'A', 'C', 'B']);
    expectConsistent(within.body.contacts);

    const across = await client.post(`/api/contacts/${made[2]?.id}/move`, { tier_id: t1.id, index: 5 });
    expect(across.status).toBe(200);
    const after = across.body.contacts as Contact[];
    expect(column(after, t0.id).map((c) => c.name)).toEqual(['D', 'A', 'B']);
    expect(column(after, t1.id).map((c) => [c.name, c.column_order, c.vertical_order])).toEqual([['C', 1, 0]]);
    expectConsistent(await list(client));
    expect((await client.post(`/api/contacts/${made[2]?.id}/move`, { tier_id: t1.id, index: -1 })).status).toBe(400);
  });

  it('keeps every column a permutation with no lost card under any sequence of moves (property)', async () => {
    const { client, tiers } = await boardUser();
    const tierIds = tiers.map((t) => t.id);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await addContact(client, { name: `P${i}`, tier_id: tierIds[i % 3] })).id);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ card: fc.nat(ids.length - 1), tier: fc.nat(tierIds.length - 1), index: fc.nat(12) }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (moves) => {
          for (const move of moves) {
            const id = ids[move.card] as number;
            const tierId = tierIds[move.tier] as number;
            const res = await client.post(`/api/contacts/${id}/move`, { tier_id: tierId, index: move.index });
            expect(res.status).toBe(200);
            const dest = column(res.body.contacts, tierId);
            expect(dest.findIndex((c) => c.id === id)).toBe(Math.min(move.index, dest.length - 1));
          }
          const all = await list(client);
          expect(all.map((c) => c.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
          expectConsistent(all);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('stays consistent under 100 concurrent moves', async () => {
    const { client, tiers } = await boardUser();
    const tierIds = tiers.map((t) => t.id);
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) ids.push((await addContact(client, { name: `C${i}`, tier_id: tierIds[i % 4] })).id);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client.post(`/api/contacts/${ids[(i * 7) % ids.length]}/move`, { tier_id: tierIds[(i * 3) % 4], index: i % 5 }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const all = await list(client);
    expect(all).toHaveLength(16);
    expect(new Set(all.map((c) => c.id)).size).toBe(16);
    expectConsistent(all);
  });

  it('moves through the spec client PATCH (tier_id, vertical_order) too', async () => {
    const { client, tiers } = await boardUser();
    const [t0, t3] = [tiers[0] as Tier, tiers[3] as Tier];
    const a = await addContact(client, { name: 'A', tier_id: t0.id });
    const b = await addContact(client, { name: 'B', tier_id: t0.id });
    const moved = await client.patch(`/api/contacts/${a.id}`, {
      id: a.id,
      tier_id: t3.id,
      column_order: 3,
      vertical_order: 0,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ tier_id: t3.id, column_order: 3 });
    const c = await addContact(client, { name: 'C', tier_id: t0.id });
    // C B in t0; put B on top by asking for the highest vertical order.
    await client.patch(`/api/contacts/${b.id}`, { vertical_order: 1 });
    expect(column(await list(client), t0.id).map((x) => x.id)).toEqual([b.id, c.id]);
    expectConsistent(await list(client));
  });
});

describe('move cost', () => {
  it('runs a fixed number of SQL statements per move, whatever the board size', async () => {
    const small = await boardUser();
    const large = await boardUser();
    for (const { client, tiers } of [small, large])
      for (const tier of tiers.slice(0, 2)) await addContact(client, { name: 'Seed', tier_id: tier.id });
    // 1,000 more cards on the large board, spread over its columns.
    await app.db.query(
      `insert into contacts (user_id, tier_id, name, vertical_order)
       select $1, (array[$2, $3, $4, $5]::int[])[1 + g % 4], 'Bulk ' || g, 100 + g from generate_series(1, 1000) g`,
      [large.userId, ...large.tiers.map((t) => t.id)],
    );
    const statementsFor = async ({ client, tiers }: { client: ApiClient; tiers: Tier[] }) => {
      const card = column(await list(client), tiers[0]?.id ?? 0)[0] as Contact;
      return countStatements(app, async () => {
        const res = await client.post(`/api/contacts/${card.id}/move`, { tier_id: tiers[1]?.id, index: 0 });
        expect(res.status).toBe(200);
      });
    };
    const smallStatements = (await statementsFor(small)).filter((q) => !/from "users"/.test(q));
    const largeStatements = (await statementsFor(large)).filter((q) => !/from "users"/.test(q));
    // begin, bump the board version, read the card's column, lock both columns, read both columns,
    // one update of the orders, the moved card's follow-up (its rule's inputs, and its new date: the
    // second column has a 60-day cadence), read back, commit.
    expect(smallStatements).toHaveLength(10);
    expect(largeStatements).toHaveLength(smallStatements.length);
    expect(largeStatements.filter((q) => /^update contacts/i.test(q))).toHaveLength(2);
    // The two columns the move touched are renumbered (the bulk seed elsewhere is left as it was).
    const after = await list(large.client);
    expectConsistent(after.filter((c) => c.tier_id === large.tiers[0]?.id || c.tier_id === large.tiers[1]?.id));
  });
});

describe('free plan', () => {
  it('refuses a 26th card, shows the 25 newest, and hides the rest without deleting them', async () => {
    const { client, userId } = await boardUser('premium');
    const made: Contact[] = [];
    for (let i = 0; i < 27; i++) made.push(await addContact(client, { name: `N${i}` }));
    expect(await list(client)).toHaveLength(27);

    await app.db.query(`update users set plan = 'free' where id = $1`, [userId]);
    const visible = await list(client);
    expect(visible).toHaveLength(25);
    const hidden = made.slice(0, 2).map((c) => c.id);
    expect(visible.map((c) => c.id)).not.toEqual(expect.arrayContaining(hidden));
    expect((await client.patch(`/api/contacts/${hidden[0]}`, { name: 'Seen?' })).status).toBe(404);

    const refused = await client.post('/api/contacts', { name: 'One too many' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([freePlanLimitMessage(25)]);

    // A move among visible cards keeps hidden ones in place and everything consistent.
    const top = visible[0] as Contact;
    expect((await client.post(`/api/contacts/${top.id}/move`, { tier_id: top.tier_id, index: 24 })).status).toBe(200);
    await app.db.query(`update users set plan = 'premium' where id = $1`, [userId]);
    const everything = await list(client);
    expect(everything).toHaveLength(27);
    expectConsistent(everything);
  });

  it('lets only one of two parallel creates take the 25th place', async () => {
    const { client } = await boardUser('free');
    for (let i = 0; i < 24; i++) await addContact(client, { name: `F${i}` });
    const [a, b] = await Promise.all([
      client.post('/api/contacts', { name: 'A' }),
      client.post('/api/contacts', { name: 'B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 403]);
  });
});

describe('photos', () => {
  async function upload(client: ApiClient, id: number, data: Buffer, filename = 'photo.png') {
    return client.raw
      .patch(`/api/contacts/${id}`)
      .set('X-CSRF-Token', client.csrfToken)
      .field('contact[id]', String(id))
      .attach('contact[photo]', data, { filename, contentType: 'image/png' });
  }

  it('re-encodes an upload, strips EXIF and serves it only to the owner', async () => {
    const { client } = await boardUser();
    const other = await boardUser();
    const contact = await addContact(client, { name: 'Pic' });
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2f5d50' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Location Owner' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(client, contact.id, jpeg, 'me.jpg');
    expect(res.status).toBe(200);
    expect(res.body.photo_url).toMatch(new RegExp(`^/api/contacts/${contact.id}/photo\\?v=`));

    const served = await client.raw.get(res.body.photo_url as string).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect((served.body as Buffer).includes(Buffer.from('Secret Location Owner'))).toBe(false);
    expect((await other.client.get(res.body.photo_url as string)).status).toBe(404);
    const files = await app.db.query<{ photo_key: string }>('select photo_key from contacts where id = $1', [
      contact.id,
    ]);
    expect(files[0]?.photo_key).toMatch(/^photos\/[a-f0-9]{32}\.webp$/);
    // Served from STORAGE_DIR under the default `.data` folder (a dot-folder in the path).
    expect(app.config.storageDir).toMatch(/\/\.data\/uploads$/);

    // The cache-busting part is the file's whole random name, the same in the card and the board.
    const fileName = files[0]?.photo_key.slice('photos/'.length, -'.webp'.length);
    expect(res.body.photo_url).toBe(`/api/contacts/${contact.id}/photo?v=${fileName}`);
    expect((await list(client)).find((c) => c.id === contact.id)?.photo_url).toBe(res.body.photo_url);
    // A replaced photo always gets a new address (an 8-character prefix repeated one time in 16).
    const urls = new Set([res.body.photo_url as string]);
    for (let i = 0; i < 5; i++) {
      const replaced = await upload(client, contact.id, jpeg, 'me.jpg');
      urls.add(replaced.body.photo_url as string);
    }
    expect(urls.size).toBe(6);
  });

  it('refuses other types by their bytes and files over 5 MB', async () => {
    const { client } = await boardUser();
    const contact = await addContact(client, { name: 'Pic' });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const wrong = await upload(client, contact.id, gif, 'sneaky.png');
    expect(wrong.status).toBe(415);
    expect(wrong.body.errors).toEqual(['Photos must be JPEG, PNG or WebP images.']);
    const html = await upload(client, contact.id, Buffer.from('<script>alert(1)</script>'), 'x.png');
    expect(html.status).toBe(415);
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(5 * 1024 * 1024),
    ]);
    const tooBig = await upload(client, contact.id, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors[0]).toMatch(/too large/i);
    expect((await list(client)).find((c) => c.id === contact.id)?.photo_url).toBeNull();
  });
});

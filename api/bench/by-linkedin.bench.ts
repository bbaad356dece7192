// `npm run bench`: the extension's popup asks GET /api/contacts/by-linkedin at every open. A user with
// 10,000 people in the network (every one with a LinkedIn address, saved in assorted forms):
// - before: the lookup's old work, one statement reading every LinkedIn address of the user and
//   `canonicalLinkedInUrl` over each in JavaScript;
// - after: the statement on the stored key (`contacts.linked_in_key`, index (user_id, linked_in_key));
// both through one pg connection, alternating rounds, a mix of hits and misses; and the route itself
// (after) over HTTP. The ratio of the two in the same run is the figure (the machine may be loaded).
//
// BENCH_NETWORK_PEOPLE and BENCH_ROUNDS shrink it for a check.
import { canonicalLinkedInUrl } from '@tend/contracts';
import { Client } from 'pg';
import { median, seedBoard, startBenchApp } from './harness';

const PEOPLE = Number(process.env['BENCH_NETWORK_PEOPLE'] ?? 10_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const LOOKUPS = 40;

/** The forms people's addresses were saved in (the app stores what was typed, normalised as a URL). */
const FORMS = [
  (slug: string) => `https://www.linkedin.com/in/${slug}`,
  (slug: string) => `https://linkedin.com/in/${slug}/`,
  (slug: string) => `https://uk.linkedin.com/in/${slug.toUpperCase()}?trk=public_profile`,
  (slug: string) => `https://www.linkedin.com/in/${slug}/fr`,
];

const OLD = `select id, name, linked_in, on_board from contacts
  where user_id = $1 and linked_in is not null and linked_in ilike '%linkedin.%'
  order by on_board desc, created_at desc, id desc`;
const NEW = `select id, name, on_board from contacts where user_id = $1 and linked_in_key = $2
  order by on_board desc, created_at desc, id desc`;

async function main(): Promise<void> {
  const app = await startBenchApp();
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    const user = await seedBoard(app, 'by-linkedin@example.com', 0);
    for (let from = 0; from < PEOPLE; from += 1_000) {
      const people = Array.from({ length: Math.min(1_000, PEOPLE - from) }, (_, k) => {
        const i = from + k;
        const linked_in = FORMS[i % FORMS.length]!(`person-${i}`);
        return { name: `Person ${i}`, linked_in, linked_in_key: canonicalLinkedInUrl(linked_in) };
      });
      await db.query(
        `insert into contacts (user_id, tier_id, on_board, name, linked_in, linked_in_key, search_text)
         select $1, null, false, p.name, p.linked_in, p.linked_in_key, lower(p.name)
           from jsonb_to_recordset($2::jsonb) as p(name text, linked_in text, linked_in_key text)`,
        [user.userId, JSON.stringify(people)],
      );
    }
    await db.query('analyze contacts');

    // What the popup sends: the profile's address as the page has it; every other one is unknown.
    const urls = Array.from({ length: LOOKUPS }, (_, n) =>
      n % 2 === 0
        ? `https://www.linkedin.com/in/person-${(n * 241) % PEOPLE}/`
        : `https://www.linkedin.com/in/stranger-${n}`,
    );
    const before = async (canonical: string) => {
      const { rows } = await db.query<{ id: number; linked_in: string }>(OLD, [user.userId]);
      return rows.filter((row) => canonicalLinkedInUrl(row.linked_in) === canonical).length;
    };
    const after = async (canonical: string) => (await db.query(NEW, [user.userId, canonical])).rowCount ?? 0;
    const http = async (url: string) => {
      const res = await fetch(`${app.base}/api/contacts/by-linkedin?url=${encodeURIComponent(url)}`, {
        headers: { cookie: user.cookie },
      });
      await res.arrayBuffer();
      return res.status === 200 ? 1 : 0;
    };
    const per = { before: [] as number[], after: [] as number[], http: [] as number[] };
    const run = async (how: keyof typeof per, lookup: (url: string) => Promise<number>) => {
      const started = performance.now();
      let found = 0;
      for (const url of urls) found += await lookup(how === 'http' ? url : canonicalLinkedInUrl(url)!);
      if (found !== LOOKUPS / 2) throw new Error(`${how}: found ${found} of ${LOOKUPS / 2}`);
      return (performance.now() - started) / LOOKUPS;
    };
    await run('before', before); // warm-up
    await run('after', after);
    await run('http', http);
    for (let round = 0; round < ROUNDS; round++) {
      const order: (keyof typeof per)[] = round % 2 === 0 ? ['before', 'after', 'http'] : ['http', 'after', 'before'];
      for (const how of order)
        per[how].push(await run(how, how === 'before' ? before : how === 'after' ? after : http));
    }
    const [load] = (await import('node:os')).loadavg();
    console.log(
      `\nby-linkedin on ${PEOPLE.toLocaleString('en')} network people, ${LOOKUPS} lookups (half hits) per round, ${ROUNDS} alternating rounds, load ${load?.toFixed(1)}\n`,
    );
    console.log('| lookup | median ms per lookup | rounds |');
    console.log('|---|---|---|');
    const row = (label: string, values: number[]) =>
      console.log(`| ${label} | ${median(values).toFixed(2)} | ${values.map((v) => v.toFixed(2)).join(', ')} |`);
    row('before: every address read and canonicalised in JS', per.before);
    row('after: the stored key, indexed', per.after);
    row('after: GET /api/contacts/by-linkedin (HTTP, session)', per.http);
    console.log(`ratio before / after (median): ${(median(per.before) / median(per.after)).toFixed(1)}x`);
  } finally {
    await db.end();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

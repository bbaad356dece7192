// `npm run bench` (AI drafts): `POST /api/geminis/` with the template provider (the default: no
// model, local work) at 50 concurrent connections, against `GET /api/contacts` of the same board in
// the same run. Target: the drafts' p95 within 3x the board read's p95.
//
// Measured in alternating rounds (contacts, drafts, drafts, contacts, ...) and compared over all
// rounds and round by round, as board-read.bench.ts does: this machine's speed drifts.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { median, percentile, seedBoard, startBenchApp } from './harness';
import { runLoad, type LoadOptions, type LoadResult } from './load';

const CONNECTIONS = 50;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 6);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const CONTACTS = 1_000;
/** The newest cards get a history (3 interactions each); drafts go round them. */
const WITH_HISTORY = 200;
const TONES = ['warm', 'brief', 'formal'] as const;
const PURPOSES = ['check-in', 'referral', 'thank-you', 'congratulate', 'reconnect'] as const;

/** CPU time (user + system) a process has used, in ms, from /proc (Linux). */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Target {
  name: string;
  url: string;
  options: Omit<LoadOptions, 'connections' | 'seconds'>;
  rounds: LoadResult[];
  /** The app's CPU per request in each round, µs (PostgreSQL's own work is not in it). */
  cpuUs: number[];
  latencies: number[];
}

async function measure(target: Target, app: ChildProcess, seconds = SECONDS): Promise<void> {
  const before = cpuMs(app);
  const result = await runLoad(target.url, { connections: CONNECTIONS, seconds, ...target.options });
  target.cpuUs.push(((cpuMs(app) - before) * 1000) / Math.max(1, result.requests));
  target.rounds.push(result);
  target.latencies.push(...result.latencies);
}

function row(target: Target): string {
  const rps = median(target.rounds.map((r) => r.rps));
  const errors = target.rounds.reduce((sum, r) => sum + r.errors, 0);
  const requests = target.rounds.reduce((sum, r) => sum + r.requests, 0);
  const at = (p: number) => percentile(target.latencies, p).toFixed(1);
  const cpu = median(target.cpuUs).toFixed(0);
  return `| ${target.name} | ${requests} | ${rps.toFixed(0)} | ${at(50)} | ${at(95)} | ${at(99)} | ${cpu} | ${errors} |`;
}

async function main(): Promise<void> {
  // The limits are not what is measured here: one user sends thousands of drafts a minute.
  const app = await startBenchApp({
    env: { AI_RATE_LIMIT_PER_MINUTE: '10000000', AI_DAILY_LIMIT_PREMIUM: '10000000' },
  });
  try {
    const { cookie, userId } = await seedBoard(app, 'ai-bench@example.com', CONTACTS);
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    let ids: number[];
    try {
      await db.query(`update users set name = 'Bench Sender', time_zone = 'Europe/Berlin' where id = $1`, [userId]);
      const rows = await db.query<{ id: number }>(
        'select id from contacts where user_id = $1 order by created_at desc limit $2',
        [userId, WITH_HISTORY],
      );
      ids = rows.rows.map((r) => r.id);
      await db.query(
        `insert into interactions (user_id, contact_id, date_contacted, contact_method, notes, next_contact_date)
         select $1, c.id, date '2025-01-01' + (k * 30 + c.id % 20),
                (array['LinkedIn message','Virtual call','Email','Phone call','Slack'])[1 + (c.id + k) % 5],
                'Talked about the team''s move to a new platform, the hiring plan for next quarter and a possible '
                  || 'referral for the staff engineer role. They suggested reading the design doc first and '
                  || 'following up after the offsite. Interaction ' || k || ' with contact ' || c.id || '.',
                case when k = 3 then date '2026-12-01' end
           from unnest($2::int[]) as c(id), generate_series(1, 3) k`,
        [userId, ids],
      );
    } finally {
      await db.end();
    }
    const session = await fetch(`${app.base}/api/session`, { headers: { cookie } });
    const csrf = session.headers.get('x-csrf-token') ?? '';
    if (!csrf) throw new Error('no CSRF token');

    let next = 0;
    const draftBody = () => {
      next += 1;
      return JSON.stringify({
        id: ids[next % ids.length],
        tone: TONES[next % TONES.length],
        purpose: PURPOSES[Math.floor(next / TONES.length) % PURPOSES.length],
      });
    };
    const check = await fetch(`${app.base}/api/geminis/`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: draftBody(),
    });
    const sample = (await check.json()) as { provider?: string; used_interaction_ids?: number[] };
    if (check.status !== 200 || sample.provider !== 'template' || sample.used_interaction_ids?.length !== 1) {
      throw new Error(`draft check failed: ${check.status} ${JSON.stringify(sample)}`);
    }

    const contacts: Target = {
      name: `GET /api/contacts (${CONTACTS.toLocaleString('en-US')} cards), gzip`,
      url: `${app.base}/api/contacts`,
      options: { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } },
      rounds: [],
      cpuUs: [],
      latencies: [],
    };
    const drafts: Target = {
      name: 'POST /api/geminis/, template provider',
      url: `${app.base}/api/geminis/`,
      options: { method: 'POST', headers: { cookie, 'x-csrf-token': csrf }, body: draftBody },
      rounds: [],
      cpuUs: [],
      latencies: [],
    };
    const api = app.children[0];
    if (!api) throw new Error('the app process is missing');

    // Warm both up, then alternate which goes first so neither always gets the fresher machine.
    await runLoad(contacts.url, { connections: CONNECTIONS, seconds: 2, ...contacts.options });
    await runLoad(drafts.url, { connections: CONNECTIONS, seconds: 2, ...drafts.options });
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [contacts, drafts] : [drafts, contacts];
      for (const target of order) await measure(target, api);
    }

    const ratios = drafts.rounds.map((r, i) => r.p95 / (contacts.rounds[i]?.p95 ?? Infinity));
    const p95Ratio = percentile(drafts.latencies, 95) / percentile(contacts.latencies, 95);
    console.log(
      `\nAI drafts (template) vs the board read, one board of ${CONTACTS} cards (${WITH_HISTORY} with 3 interactions), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s\n`,
    );
    console.log(
      '| target | requests | req/s (median round) | p50 ms | p95 ms | p99 ms | app CPU µs/request | errors |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(row(contacts));
    console.log(row(drafts));
    console.log(`\np95 ratio per round (drafts / board read): ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
    console.log(`p95 ratio over all rounds: ${p95Ratio.toFixed(2)}x (target <= 3x)`);
    console.log(`median of the per-round p95 ratios: ${median(ratios).toFixed(2)}x`);
    const errors = [...contacts.rounds, ...drafts.rounds].reduce((sum, r) => sum + r.errors, 0);
    if (errors > 0) throw new Error(`${errors} requests failed`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

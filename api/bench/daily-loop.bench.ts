// `npm run bench` (daily loop, issue 24), for one user with 5,000 contacts in 8 columns, every
// column with a cadence and two thirds of the cards contacted at some point:
// 1. GET /api/today against GET /api/contacts (the board read) at the same load, 50 connections,
//    alternating rounds (target: Today's p95 within 1.5x of the board read's);
// 2. each one cold (the board version bumped before every request, so nothing is cached);
// 3. the board read's SQL statement as it was before the daily loop and as it is now (its three
//    fields, aggregated without a row_to_json copy), alternating in this one process against the
//    same rows, in wall time and in the database backend's CPU time (target: within 1.1x);
// 4. what a column's cadence change costs (a recompute of its cards).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client } from 'pg';
import { API_DIR, median, percentile, seedBoard, startBenchApp } from './harness';
import { runLoad, type LoadResult } from './load';

const CONTACTS = 5000;
const CONNECTIONS = 50;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 6);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const COLD_SAMPLES = Number(process.env['BENCH_COLD_SAMPLES'] ?? 40);
const CADENCES = [7, 14, 30, 60, 90, 120, 180, 365];

/** The built board queries (the statement the app runs). */
const queries = createRequire(__filename)(join(API_DIR, 'dist', 'modules', 'board', 'board.queries.js')) as {
  boardJson(options: { limited: boolean; tierFilter: boolean }): string;
  /** The card's fields with their dates formatted by to_char, as every statement had them before. */
  CONTACT_JSON_COLUMNS: string;
};

/** The statement as it was before the daily loop: the same, without its three fields. */
const NEW_FIELDS = `c.cadence_days, to_char(c.last_contacted_on, 'YYYY-MM-DD') as last_contacted_on,
  to_char(c.next_follow_up_on, 'YYYY-MM-DD') as next_follow_up_on,`;

/** Knex's `?` bindings (and `\?` literals) as pg's `$n`. */
function forPg(sql: string): string {
  let n = 0;
  return sql
    .split('\\?')
    .map((part) => part.replace(/\?/g, () => `$${++n}`))
    .join('?');
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; the database runs on this machine). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Target {
  name: string;
  url: string;
  rounds: LoadResult[];
  latencies: number[];
}

function row(target: Target): string {
  const rps = median(target.rounds.map((r) => r.rps));
  const errors = target.rounds.reduce((sum, r) => sum + r.errors, 0);
  const requests = target.rounds.reduce((sum, r) => sum + r.requests, 0);
  const bytes = target.rounds.reduce((sum, r) => sum + r.bytes, 0);
  return `| ${target.name} | ${rps.toFixed(0)} | ${percentile(target.latencies, 50).toFixed(1)} | ${percentile(target.latencies, 95).toFixed(1)} | ${percentile(target.latencies, 99).toFixed(1)} | ${errors} | ${(bytes / Math.max(1, requests) / 1024).toFixed(1)} KiB |`;
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const app = await startBenchApp();
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    const { cookie, userId } = await seedBoard(app, 'loop@example.com', CONTACTS);
    const session = await fetch(`${app.base}/api/session`, { headers: { cookie } });
    const csrf = session.headers.get('x-csrf-token') ?? '';
    if (!csrf) throw new Error('no CSRF token');
    // Cards entered their columns over the last 200 days; two thirds were contacted in the last 150,
    // a tenth of those with a next-contact date (explicit dates) in the coming month.
    await db.query(`update contacts set column_entered_on = current_date - (id % 200) where user_id = $1`, [userId]);
    await db.query(
      `insert into interactions (user_id, contact_id, date_contacted, contact_method, notes, next_contact_date)
       select user_id, id, current_date - (id % 150), 'Email', 'Talked about the role.' || chr(10) || 'Second line.',
              case when id % 10 = 0 then current_date + (id % 30) end
         from contacts where user_id = $1 and id % 3 <> 0`,
      [userId],
    );
    await db.query('update users set board_version = board_version + 1 where id = $1', [userId]);

    // Every column gets a cadence through the API: each PATCH recomputes that column's cards.
    const tiers = (await (await fetch(`${app.base}/api/tiers`, { headers: { cookie } })).json()) as {
      id: number;
      position: number;
    }[];
    const recomputes: number[] = [];
    for (const [index, tier] of tiers.entries()) {
      recomputes.push(
        await timed(async () => {
          const res = await fetch(`${app.base}/api/tiers/${tier.id}`, {
            method: 'PATCH',
            headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
            body: JSON.stringify({ cadence_days: CADENCES[index % CADENCES.length] }),
          });
          if (res.status !== 200) throw new Error(`cadence ${res.status}: ${await res.text()}`);
        }),
      );
    }
    const today = (await (await fetch(`${app.base}/api/today`, { headers: { cookie } })).json()) as Record<
      'overdue' | 'due' | 'upcoming',
      unknown[]
    >;
    const listed = { overdue: today.overdue.length, due: today.due.length, upcoming: today.upcoming.length };
    const board = (await (await fetch(`${app.base}/api/contacts`, { headers: { cookie } })).json()) as unknown[];
    if (board.length !== CONTACTS) throw new Error(`expected ${CONTACTS} cards, got ${board.length}`);

    // 1. Under load, alternating.
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    const boardTarget: Target = {
      name: 'GET /api/contacts (5,000), gzip',
      url: `${app.base}/api/contacts`,
      rounds: [],
      latencies: [],
    };
    const todayTarget: Target = {
      name: 'GET /api/today (5,000), gzip',
      url: `${app.base}/api/today`,
      rounds: [],
      latencies: [],
    };
    for (const target of [boardTarget, todayTarget])
      await runLoad(target.url, { connections: CONNECTIONS, seconds: 2, headers });
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of round % 2 === 0 ? [boardTarget, todayTarget] : [todayTarget, boardTarget]) {
        const result = await runLoad(target.url, { connections: CONNECTIONS, seconds: SECONDS, headers });
        target.rounds.push(result);
        target.latencies.push(...result.latencies);
      }
    }

    // 2. Cold: the version bumped before each request (as after any write), one request at a time.
    const cold: Record<string, number[]> = { board: [], today: [] };
    for (let i = 0; i < COLD_SAMPLES; i++) {
      for (const [name, url] of [
        ['board', `${app.base}/api/contacts`],
        ['today', `${app.base}/api/today`],
      ] as const) {
        await db.query('update users set board_version = board_version + 1 where id = $1', [userId]);
        // Let the row-change feed evict the cached user row, so the request sees the new version.
        await new Promise((resolve) => setTimeout(resolve, 20));
        cold[name]?.push(await timed(async () => (await fetch(url, { headers })).arrayBuffer()));
      }
    }

    // 3. The board read's statement before and after the new fields, alternating, same rows.
    const after = forPg(queries.boardJson({ limited: false, tierFilter: false }));
    if (!queries.CONTACT_JSON_COLUMNS.includes(NEW_FIELDS))
      throw new Error('the card columns changed: update NEW_FIELDS');
    // Before: the fields of then (dates by to_char, without the three new ones), aggregated through
    // row_to_json as it was then, over the same rows.
    const before =
      forPg(`select coalesce(json_agg(row_to_json(x) order by x.column_order, x.vertical_order desc, x.id), '[]')::text as json
      from (select ${queries.CONTACT_JSON_COLUMNS.replace(NEW_FIELDS, '')}
        from contacts c join tiers t on t.id = c.tier_id where c.user_id = ? and c.on_board) x`);
    const statement: Record<'before' | 'after', number[]> = { before: [], after: [] };
    // Wall time on a loaded machine measures the neighbours as much as the statement: the database
    // backend's own CPU time is counted too, over batches of runs (the clock ticks every 10 ms).
    const statementCpu: Record<'before' | 'after', number> = { before: 0, after: 0 };
    const [{ pid } = { pid: 0 }] = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
    for (let i = 0; i < 3; i++) for (const sql of [before, after]) await db.query(sql, [userId]);
    for (let i = 0; i < COLD_SAMPLES; i++) {
      const order = i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const which of order) {
        const cpuBefore = cpuMs(pid);
        statement[which].push(await timed(() => db.query(which === 'before' ? before : after, [userId])));
        statementCpu[which] += cpuMs(pid) - cpuBefore;
      }
    }

    console.log(
      `\nDaily loop, one user with ${CONTACTS} cards in 8 columns with cadences; Today lists ${listed.overdue} overdue, ${listed.due} due, ${listed.upcoming} upcoming\n`,
    );
    console.log(`${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s:\n`);
    console.log('| target | req/s (median round) | p50 ms | p95 ms | p99 ms | errors | body |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(row(boardTarget));
    console.log(row(todayTarget));
    const p95Ratio = percentile(todayTarget.latencies, 95) / percentile(boardTarget.latencies, 95);
    console.log(`\np95 of Today / p95 of the board read: ${p95Ratio.toFixed(2)}x (target <= 1.5x)`);
    const fmt = (values: number[]) =>
      `median ${median(values).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;
    console.log(`\ncold (nothing cached), ${COLD_SAMPLES} sequential requests each:`);
    console.log(`- GET /api/contacts: ${fmt(cold['board'] ?? [])}`);
    console.log(`- GET /api/today: ${fmt(cold['today'] ?? [])}`);
    console.log(`\nboard read statement (5,000 cards), ${COLD_SAMPLES} alternating runs each in one process:`);
    console.log(`- before the daily loop's fields: ${fmt(statement.before)}`);
    console.log(`- with cadence_days, last_contacted_on, next_follow_up_on: ${fmt(statement.after)}`);
    console.log(
      `- ratio of medians: ${(median(statement.after) / median(statement.before)).toFixed(2)}x (target <= 1.1x)`,
    );
    console.log(
      `- database CPU per run: ${(statementCpu.before / COLD_SAMPLES).toFixed(1)} ms before, ${(statementCpu.after / COLD_SAMPLES).toFixed(1)} ms after: ${(statementCpu.after / Math.max(1, statementCpu.before)).toFixed(2)}x`,
    );
    console.log(
      `\ncadence change of a column of ~${CONTACTS / 8} cards (PATCH /api/tiers/{id}, recompute included): ${recomputes.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${median(recomputes).toFixed(0)} ms`,
    );
  } finally {
    await db.end();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// `npm run bench` (issue 26, the network beside the board), three figures for docs/PERFORMANCE.md:
// 1. Network search on 10,000 people at the API: each keystroke of a few typed searches as one
//    GET /api/network?q= (a page of 100, with the total), one after another as a person types,
//    p50/p95/p99 of the answers (goal: p95 under 50 ms).
// 2. A 5,000-row Connections.csv imported into the network only against the same file imported
//    onto the board (today's import), upload to done, alternating runs, a new user each run.
// 3. GET /api/contacts (a board of 1,000 cards) of a user with 10,000 people in the network
//    against one with none, alternating load rounds, compared round by round (goal: within 1.1x).
//
// BENCH_NETWORK_PEOPLE, BENCH_IMPORT_ROWS, BENCH_ROUNDS and BENCH_SECONDS shrink it for a check.
import { connectionsCsv, importThroughApi, median, percentile, seedBoard, seedNetwork, startBenchApp } from './harness';
import { runLoad } from './load';

const PEOPLE = Number(process.env['BENCH_NETWORK_PEOPLE'] ?? 10_000);
const IMPORT_ROWS = Number(process.env['BENCH_IMPORT_ROWS'] ?? 5_000);
const IMPORT_RUNS = Number(process.env['BENCH_IMPORT_RUNS'] ?? 3);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 6);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const CONNECTIONS = 50;
const BOARD_CARDS = 1_000;

/** Typed searches: every prefix of each is one request (the keystrokes). */
const TYPED = ['muller', 'zurich vers', 'recruiter acme', 'soren', 'stark 4', 'person 123'];

async function searchLatencies(base: string, cookie: string): Promise<{ latencies: number[]; totals: string[] }> {
  const latencies: number[] = [];
  const totals: string[] = [];
  for (let pass = 0; pass < 5; pass++) {
    for (const text of TYPED) {
      for (let n = 1; n <= text.length; n++) {
        const q = encodeURIComponent(text.slice(0, n));
        const started = performance.now();
        const res = await fetch(`${base}/api/network?q=${q}&limit=100`, { headers: { cookie } });
        const body = (await res.json()) as { total: number };
        if (res.status !== 200) throw new Error(`search ${res.status}: ${JSON.stringify(body)}`);
        latencies.push(performance.now() - started);
        if (pass === 0 && n === text.length) totals.push(`"${text}": ${body.total}`);
      }
    }
  }
  return { latencies, totals };
}

async function main(): Promise<void> {
  const app = await startBenchApp();
  try {
    const base = app.base;
    const plain = await seedBoard(app, 'board-only@example.com', BOARD_CARDS);
    const wide = await seedBoard(app, 'board-and-network@example.com', BOARD_CARDS);
    await seedNetwork(app.databaseUrl, wide.userId, PEOPLE, { plainEveryTenth: true });

    // 1. Search as a person types.
    await searchLatencies(base, wide.cookie); // warm-up
    const search = await searchLatencies(base, wide.cookie);
    console.log(
      `\nGET /api/network?q= on ${PEOPLE.toLocaleString('en')} people, one keystroke per request, ${search.latencies.length} requests\n`,
    );
    console.log('| p50 ms | p95 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|');
    console.log(
      `| ${percentile(search.latencies, 50).toFixed(1)} | ${percentile(search.latencies, 95).toFixed(1)} | ${percentile(search.latencies, 99).toFixed(1)} | ${Math.max(...search.latencies).toFixed(1)} |`,
    );
    console.log(`matches: ${search.totals.join(', ')}`);

    // 2. The import into the network against today's import onto the board, alternating.
    const file = connectionsCsv(IMPORT_ROWS);
    const times = { board: [] as number[], network: [] as number[] };
    for (let run = 0; run < IMPORT_RUNS; run++) {
      const order: ('board' | 'network')[] = run % 2 === 0 ? ['board', 'network'] : ['network', 'board'];
      for (const where of order) {
        const user = await seedBoard(app, `import-${where}-${run}@example.com`, 0);
        const result = await importThroughApi(
          app,
          user.cookie,
          file,
          where === 'network' ? { tier_id: null } : undefined,
        );
        if (result.state !== 'done' || result.imported !== IMPORT_ROWS) {
          throw new Error(`${where} import ended ${JSON.stringify(result)}`);
        }
        times[where].push(result.ms);
      }
    }
    console.log(
      `\n${IMPORT_ROWS.toLocaleString('en')}-row Connections.csv, upload to done, ${IMPORT_RUNS} alternating runs\n`,
    );
    console.log('| destination | median ms | runs ms |');
    console.log('|---|---|---|');
    for (const where of ['board', 'network'] as const) {
      console.log(
        `| ${where} | ${median(times[where]).toFixed(0)} | ${times[where].map((t) => t.toFixed(0)).join(', ')} |`,
      );
    }
    console.log(`ratio network / board (median): ${(median(times.network) / median(times.board)).toFixed(2)}`);

    // 3. The board read beside a large network against beside none, round by round.
    const targets = [
      {
        name: `GET /api/contacts (${BOARD_CARDS}), empty network`,
        cookie: plain.cookie,
        rps: [] as number[],
        latencies: [] as number[],
      },
      {
        name: `GET /api/contacts (${BOARD_CARDS}), ${PEOPLE.toLocaleString('en')} in the network`,
        cookie: wide.cookie,
        rps: [] as number[],
        latencies: [] as number[],
      },
    ];
    const headers = (cookie: string) => ({ cookie, 'accept-encoding': 'gzip, deflate, br' });
    for (const target of targets) {
      await runLoad(`${base}/api/contacts`, { connections: CONNECTIONS, seconds: 2, headers: headers(target.cookie) });
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const result = await runLoad(`${base}/api/contacts`, {
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: headers(target.cookie),
        });
        if (result.errors > 0) throw new Error(`${target.name}: ${result.errors} errors`);
        target.rps.push(result.rps);
        target.latencies.push(...result.latencies);
      }
    }
    console.log(`\nBoard read, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s\n`);
    console.log('| target | req/s (median round) | p50 ms | p95 ms |');
    console.log('|---|---|---|---|');
    for (const target of targets) {
      console.log(
        `| ${target.name} | ${median(target.rps).toFixed(0)} | ${percentile(target.latencies, 50).toFixed(1)} | ${percentile(target.latencies, 95).toFixed(1)} |`,
      );
    }
    const [empty, full] = targets;
    const ratios = (empty?.rps ?? []).map((rps, i) => rps / (full?.rps[i] ?? Infinity));
    console.log(
      `ratio of req/s per round (empty network / ${PEOPLE.toLocaleString('en')} in the network): ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

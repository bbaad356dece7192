// `npm run bench` (API part): GET /api/contacts for a board of 1,000 contacts in 8 tiers and one of 5,000
// imported into one column (the import itself timed from upload to done) at 50
// concurrent connections, against a bare NestJS hello-world measured in the same run.
//
// The two are measured in alternating rounds (hello, board, board, hello, ...) and compared round
// by round: this 2-core machine's speed drifts by a third over a minute, and a ratio of two runs
// taken a minute apart measured that drift more than the code.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  connectionsCsv,
  freePort,
  importThroughApi,
  median,
  percentile,
  seedBoard,
  startBenchApp,
  waitFor,
} from './harness';
import { runLoad, type LoadResult } from './load';

const CONNECTIONS = 50;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 6);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);

/** CPU time (user + system) a process has used, in ms, from /proc (Linux). */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  process: ChildProcess;
  rounds: { result: LoadResult; cpuPerRequestMs: number }[];
  latencies: number[];
}

async function measure(target: Target): Promise<void> {
  const before = cpuMs(target.process);
  const result = await runLoad(target.url, { connections: CONNECTIONS, seconds: SECONDS, headers: target.headers });
  target.rounds.push({ result, cpuPerRequestMs: (cpuMs(target.process) - before) / Math.max(1, result.requests) });
  target.latencies.push(...result.latencies);
}

function summary(target: Target): string {
  const rps = median(target.rounds.map((r) => r.result.rps));
  const errors = target.rounds.reduce((sum, r) => sum + r.result.errors, 0);
  const bytes = target.rounds.reduce((sum, r) => sum + r.result.bytes, 0);
  const requests = target.rounds.reduce((sum, r) => sum + r.result.requests + r.result.errors, 0);
  const cpuUs = median(target.rounds.map((r) => r.cpuPerRequestMs)) * 1000;
  return `| ${target.name} | ${rps.toFixed(0)} | ${percentile(target.latencies, 50).toFixed(1)} | ${percentile(target.latencies, 95).toFixed(1)} | ${percentile(target.latencies, 99).toFixed(1)} | ${cpuUs.toFixed(0)} | ${errors} | ${(bytes / Math.max(1, requests) / 1024).toFixed(1)} KiB |`;
}

async function main(): Promise<void> {
  const app = await startBenchApp();
  try {
    const base = app.base;
    const { cookie } = await seedBoard(app, 'bench@example.com', 1000);
    const check = await fetch(`${base}/api/contacts`, { headers: { cookie } });
    const count = ((await check.json()) as unknown[]).length;
    if (count !== 1000) throw new Error(`expected 1000 contacts, got ${count}`);

    // Import of a 5,000-row Connections.csv into one column, upload to done, three times (a new
    // user each time); the last user's board of 5,000 cards is then read under load below.
    const file = connectionsCsv(5000);
    const imports: number[] = [];
    let bigCookie = '';
    for (let run = 0; run < 3; run++) {
      const user = await seedBoard(app, `import-${run}@example.com`, 0);
      const result = await importThroughApi(app, user.cookie, file);
      if (result.state !== 'done' || result.imported !== 5000)
        throw new Error(`import ended ${JSON.stringify(result)}`);
      imports.push(result.ms);
      bigCookie = user.cookie;
    }
    const bigCount = (
      (await (await fetch(`${base}/api/contacts`, { headers: { cookie: bigCookie } })).json()) as unknown[]
    ).length;
    if (bigCount !== 5000) throw new Error(`expected 5000 contacts, got ${bigCount}`);

    const helloPort = await freePort();
    const hello = fork(join(__dirname, 'hello-world.js'), [], {
      env: { ...app.env, PORT: String(helloPort) },
      stdio: 'inherit',
    });
    app.children.push(hello);
    await waitFor(`http://127.0.0.1:${helloPort}/`);
    const api = app.children[0];
    if (!api) throw new Error('the app process is missing');

    const baseline: Target = {
      name: 'bare NestJS hello-world',
      url: `http://127.0.0.1:${helloPort}/`,
      headers: {},
      process: hello,
      rounds: [],
      latencies: [],
    };
    // Browsers always ask for gzip; the identity variant is measured too.
    const board: Target = {
      name: 'GET /api/contacts (1,000), gzip',
      url: `${base}/api/contacts`,
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
      process: api,
      rounds: [],
      latencies: [],
    };
    const big: Target = {
      name: 'GET /api/contacts (5,000 in one column, imported), gzip',
      url: `${base}/api/contacts`,
      headers: { cookie: bigCookie, 'accept-encoding': 'gzip, deflate, br' },
      process: api,
      rounds: [],
      latencies: [],
    };
    const identity: Target = {
      ...board,
      name: 'GET /api/contacts (1,000), identity',
      headers: { cookie },
      rounds: [],
      latencies: [],
    };

    // Warm both up, then alternate which goes first so neither always gets the fresher machine.
    await runLoad(baseline.url, { connections: CONNECTIONS, seconds: 2 });
    await runLoad(board.url, { connections: CONNECTIONS, seconds: 2, headers: board.headers });
    await runLoad(big.url, { connections: CONNECTIONS, seconds: 2, headers: big.headers });
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [baseline, board, big] : [big, board, baseline];
      for (const target of order) await measure(target);
    }
    for (let round = 0; round < Math.max(1, ROUNDS / 3); round++) await measure(identity);

    const ratios = board.rounds.map((r, i) => r.result.rps / (baseline.rounds[i]?.result.rps ?? Infinity));
    const bigRatios = big.rounds.map((r, i) => r.result.rps / (baseline.rounds[i]?.result.rps ?? Infinity));
    const cpuRatios = board.rounds.map((r, i) => r.cpuPerRequestMs / (baseline.rounds[i]?.cpuPerRequestMs ?? 0));
    console.log(
      `\nGET /api/contacts, 1,000 contacts in 8 tiers, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s\n`,
    );
    console.log('| target | req/s (median round) | p50 ms | p95 ms | p99 ms | server CPU µs/request | errors | body |');
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(summary(baseline));
    console.log(summary(board));
    console.log(summary(big));
    console.log(summary(identity));
    console.log(`\nratio of req/s per round (board / hello-world): ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
    console.log(`median ratio of req/s: ${median(ratios).toFixed(2)}x (target >= 0.5x)`);
    console.log(`median ratio of server CPU per request (board / hello-world): ${median(cpuRatios).toFixed(2)}x`);
    console.log(
      `p95 of the board read over all rounds: ${percentile(board.latencies, 95).toFixed(1)} ms (target <= 50 ms)`,
    );
    console.log(
      `\nratio of req/s per round (5,000 board / hello-world): ${bigRatios.map((r) => r.toFixed(2)).join(', ')}`,
    );
    console.log(`median ratio of req/s, 5,000 cards: ${median(bigRatios).toFixed(2)}x (target >= 0.4x)`);
    console.log(`p95 of the 5,000-card board read over all rounds: ${percentile(big.latencies, 95).toFixed(1)} ms`);
    console.log(
      `\nimport of a 5,000-row Connections.csv, upload to done (3 runs): ${imports.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${median(imports).toFixed(0)} ms (target <= 5,000 ms)`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

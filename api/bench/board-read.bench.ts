// `npm run bench` (API part): GET /api/contacts for a board of 1,000 contacts in 8 tiers at 50
// concurrent connections, against a bare NestJS hello-world measured in the same run.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { freePort, seedBoard, startBenchApp, waitFor } from './harness';
import { runLoad, type LoadResult } from './load';

const CONNECTIONS = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);

function row(name: string, r: LoadResult): string {
  return `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${(r.bytes / Math.max(1, r.requests + r.errors) / 1024).toFixed(1)} KiB |`;
}

async function main(): Promise<void> {
  const app = await startBenchApp();
  try {
    const base = app.base;
    const { cookie } = await seedBoard(app, 'bench@example.com', 1000);
    const check = await fetch(`${base}/api/contacts`, { headers: { cookie } });
    const count = ((await check.json()) as unknown[]).length;
    if (count !== 1000) throw new Error(`expected 1000 contacts, got ${count}`);

    const helloPort = await freePort();
    const hello = fork(join(__dirname, 'hello-world.js'), [], {
      env: { ...app.env, PORT: String(helloPort) },
      stdio: 'inherit',
    });
    app.children.push(hello);
    await waitFor(`http://127.0.0.1:${helloPort}/`);

    // Warm both up, then measure each in turn.
    await runLoad(`http://127.0.0.1:${helloPort}/`, { connections: CONNECTIONS, seconds: 2 });
    await runLoad(`${base}/api/contacts`, { connections: CONNECTIONS, seconds: 2, headers: { cookie } });
    const baseline = await runLoad(`http://127.0.0.1:${helloPort}/`, { connections: CONNECTIONS, seconds: SECONDS });
    // Browsers always ask for gzip; the identity variant is measured too.
    const board = await runLoad(`${base}/api/contacts`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    const identity = await runLoad(`${base}/api/contacts`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { cookie },
    });

    console.log(`\nGET /api/contacts, 1,000 contacts in 8 tiers, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
    console.log('| target | req/s | p50 ms | p95 ms | p99 ms | errors | body |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('bare NestJS hello-world', baseline));
    console.log(row('GET /api/contacts (1,000), gzip', board));
    console.log(row('GET /api/contacts (1,000), identity', identity));
    console.log(`\nratio of req/s (board / hello-world): ${(board.rps / baseline.rps).toFixed(2)}x`);
    console.log(`p95 of the board read: ${board.p95.toFixed(1)} ms (target <= 50 ms)`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

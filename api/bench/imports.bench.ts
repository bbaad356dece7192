// `npm run bench` (imports): LinkedIn Connections.csv files through the API the way the screen sends
// them, in the app as `npm start` runs it (one process, jobs in-process: the import shares the
// event loop with every request, the hardest case). Measured in one run:
// - a 5,000-row import, upload to done, three times (a new user each time);
// - a 30,000-row import (LinkedIn's most connections, the import's row cap) alone: upload to done,
//   the slowest `/api/health` answer while it runs (polled every 20 ms) and the app's peak RSS;
// - the board read (`GET /api/contacts`, 1,000 cards, 50 connections) p95 idle (rounds before and
//   after), and during a second 30,000-row import of another user.
import { readFileSync } from 'node:fs';
import { connectionsCsv, importThroughApi, median, percentile, seedBoard, startBenchApp } from './harness';
import { runLoad, type LoadResult } from './load';

const CONNECTIONS = 50;
/** Idle rounds of the board read before the busy import, and as many after it. */
const IDLE_ROUNDS = 6;

/** A process's resident set now and at its peak, in MiB, from /proc (Linux). */
function rssMiB(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** Asks `/api/health` every 20 ms until stopped; answers the slowest answer's time. */
function healthProbe(base: string): { stop(): Promise<{ max: number; count: number }> } {
  let running = true;
  let max = 0;
  let count = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      max = Math.max(max, performance.now() - started);
      count += 1;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { max, count };
    },
  };
}

async function main(): Promise<void> {
  const app = await startBenchApp();
  try {
    const pid = app.children[0]?.pid;
    if (!pid) throw new Error('the app process is missing');
    const { cookie } = await seedBoard(app, 'reader@example.com', 1000);

    // BENCH_BASELINE_DIST names another build of the api (a folder of api/, such as a copy of main's
    // `dist`): its 5,000-row imports alternate with this build's, in the same run.
    const baselineDist = process.env['BENCH_BASELINE_DIST'];
    const baseline = baselineDist ? await startBenchApp({ dist: baselineDist }) : null;
    const five = connectionsCsv(5000);
    const fives: number[] = [];
    const baselineFives: number[] = [];
    try {
      for (let run = 0; run < 3; run++) {
        for (const [target, times] of [
          [baseline, baselineFives],
          [app, fives],
        ] as const) {
          if (!target) continue;
          const user = await seedBoard(target, `five-${run}@example.com`, 0);
          const result = await importThroughApi(target, user.cookie, five);
          if (result.state !== 'done' || result.imported !== 5000) throw new Error(`import ${JSON.stringify(result)}`);
          times.push(result.ms);
        }
      }
    } finally {
      await baseline?.close();
    }
    const runs = (times: number[]) =>
      `${times.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${median(times).toFixed(0)} ms`;
    console.log(`\n5,000-row Connections.csv, upload to done (3 runs): ${runs(fives)}`);
    if (baseline) {
      console.log(`... the baseline build (${baselineDist}), alternating with it: ${runs(baselineFives)}`);
      console.log(`ratio of medians: ${(median(fives) / median(baselineFives)).toFixed(2)}x (target <= 1.2x)`);
    }

    const thirty = connectionsCsv(30_000);
    const alone = await seedBoard(app, 'thirty-alone@example.com', 0);
    const rssBefore = rssMiB(pid);
    const probe = healthProbe(app.base);
    const result = await importThroughApi(app, alone.cookie, thirty);
    const health = await probe.stop();
    const rssAfter = rssMiB(pid);
    if (result.state !== 'done' || result.imported !== 30_000) throw new Error(`import ${JSON.stringify(result)}`);
    console.log(
      `30,000-row Connections.csv (${(thirty.length / 1024 / 1024).toFixed(1)} MB), upload to done: ${result.ms.toFixed(0)} ms (target <= 10,000 ms)`,
    );
    console.log(
      `... slowest /api/health answer meanwhile (${health.count} asked, every 20 ms): ${health.max.toFixed(0)} ms`,
    );
    console.log(
      `... app RSS ${rssBefore.now.toFixed(0)} MiB before, ${rssAfter.now.toFixed(0)} MiB after, peak ${rssAfter.peak.toFixed(0)} MiB (peak before: ${rssBefore.peak.toFixed(0)} MiB)`,
    );

    const read = () =>
      runLoad(`${app.base}/api/contacts`, {
        connections: CONNECTIONS,
        seconds: 1,
        headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
      });
    // Rounds of 1 s: idle ones before and after the import (this shared machine's speed drifts),
    // busy ones while it runs; each side is the median of its rounds' p95.
    for (let i = 0; i < 2; i++) await read(); // warm-up
    const idle = [];
    for (let i = 0; i < IDLE_ROUNDS; i++) idle.push(await read());
    const busyUser = await seedBoard(app, 'thirty-busy@example.com', 0);
    let done = false;
    const busyImport = importThroughApi(app, busyUser.cookie, thirty).finally(() => (done = true));
    const busy = [];
    while (!done) busy.push(await read());
    const busyResult = await busyImport;
    for (let i = 0; i < IDLE_ROUNDS; i++) idle.push(await read());
    const p95 = (rounds: LoadResult[]) => median(rounds.map((round) => round.p95));
    console.log(
      `\nGET /api/contacts (1,000 cards, ${CONNECTIONS} connections) p95, median of ${idle.length} idle rounds of 1 s (half before, half after): ${p95(idle).toFixed(1)} ms (req/s ${median(idle.map((r) => r.rps)).toFixed(0)})`,
    );
    console.log(
      `... during a 30,000-row import (${busy.length} rounds; the import took ${busyResult.ms.toFixed(0)} ms, ${busyResult.state}): ${p95(busy).toFixed(1)} ms (req/s ${median(busy.map((r) => r.rps)).toFixed(0)}); over all its requests ${percentile(
        busy.flatMap((r) => r.latencies),
        95,
      ).toFixed(1)} ms against ${percentile(
        idle.flatMap((r) => r.latencies),
        95,
      ).toFixed(1)} ms idle`,
    );
    console.log(`ratio busy / idle: ${(p95(busy) / p95(idle)).toFixed(2)}x (target <= 1.5x)`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

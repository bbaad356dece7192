// `npm run bench` (calendar feed, issue 25): the private feed of a user with 5,000 contacts, a
// follow-up on each within the feed's 90 days or overdue, as calendar apps poll it:
// 1. a full fetch (200, every event written) at 10 connections, against the board read of the same
//    user (GET /api/contacts, 5,000 cards) at the same load in the same run, alternating rounds
//    (target: the feed's p95 under 100 ms);
// 2. a conditional fetch of the unchanged feed (If-None-Match: its ETag) must answer 304, and costs;
// 3. after a change on the board the old ETag no longer matches (a calendar app sees the change).
import { Client } from 'pg';
import { median, seedBoard, startBenchApp } from './harness';
import { runLoad, type LoadResult } from './load';

const CONTACTS = 5000;
const CONNECTIONS = 10;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 4);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 3);

function summary(name: string, rounds: LoadResult[]): string {
  const p = (key: 'p50' | 'p95' | 'p99') => median(rounds.map((r) => r[key])).toFixed(1);
  const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
  const kib = rounds[0] && rounds[0].requests ? rounds[0].bytes / rounds[0].requests / 1024 : 0;
  return `${name.padEnd(44)} p50 ${p('p50').padStart(6)} ms  p95 ${p('p95').padStart(6)} ms  p99 ${p('p99').padStart(6)} ms  ${kib.toFixed(0).padStart(4)} KiB  errors ${errors}`;
}

async function main(): Promise<void> {
  const app = await startBenchApp();
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    const { cookie, userId } = await seedBoard(app, 'feed@example.com', CONTACTS);
    // Follow-ups spread over the feed's window: a tenth overdue (placed on today), the rest in the next 90 days.
    await db.query(`update contacts set next_follow_up_on = current_date + ((id % 100) - 10) where user_id = $1`, [
      userId,
    ]);
    await db.query('update users set board_version = board_version + 1 where id = $1', [userId]);
    const session = await fetch(`${app.base}/api/session`, { headers: { cookie } });
    const csrf = session.headers.get('x-csrf-token') ?? '';
    const made = await fetch(`${app.base}/api/calendar-feed`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    if (made.status !== 200) throw new Error(`calendar feed ${made.status}: ${await made.text()}`);
    const { url } = (await made.json()) as { url: string };
    const feedUrl = `${app.base}${new URL(url).pathname}`;

    const first = await fetch(feedUrl);
    const body = await first.text();
    const etag = first.headers.get('etag') ?? '';
    const events = body.split('BEGIN:VEVENT').length - 1;
    if (first.status !== 200 || !etag) throw new Error(`feed ${first.status}, ETag '${etag}'`);
    const notModified = await fetch(feedUrl, { headers: { 'if-none-match': etag } });
    console.log(
      `\nCalendar feed: ${CONTACTS.toLocaleString('en-US')} contacts, ${events.toLocaleString('en-US')} events, ${(body.length / 1024).toFixed(0)} KiB; unchanged feed answers ${notModified.status}`,
    );
    if (notModified.status !== 304) throw new Error('an unchanged feed must answer 304');

    const accept = { 'accept-encoding': 'gzip, deflate, br' };
    const feed = () => runLoad(feedUrl, { connections: CONNECTIONS, seconds: SECONDS, headers: accept });
    const conditional = () =>
      runLoad(feedUrl, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { ...accept, 'if-none-match': etag },
        status: 304,
      });
    const board = () =>
      runLoad(`${app.base}/api/contacts`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { ...accept, cookie },
      });
    await feed(); // warm-up
    await board();
    const feedRounds: LoadResult[] = [];
    const boardRounds: LoadResult[] = [];
    const conditionalRounds: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      feedRounds.push(await feed());
      boardRounds.push(await board());
      conditionalRounds.push(await conditional());
    }
    console.log(`(${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians of the rounds)`);
    console.log(summary('GET /calendar/{token}.ics (200, full)', feedRounds));
    console.log(summary('GET /calendar/{token}.ics (If-None-Match: 304)', conditionalRounds));
    console.log(summary('GET /api/contacts (the board read, baseline)', boardRounds));
    const feedP95 = median(feedRounds.map((r) => r.p95));
    const boardP95 = median(boardRounds.map((r) => r.p95));
    console.log(
      `feed p95 ${feedP95.toFixed(1)} ms (target < 100 ms); ${(feedP95 / boardP95).toFixed(2)}x the board read's p95`,
    );

    // A change on the board changes the feed's ETag: the app's next poll downloads it again.
    await db.query('update users set board_version = board_version + 1 where id = $1', [userId]);
    const afterChange = await fetch(feedUrl, { headers: { 'if-none-match': etag } });
    console.log(`after a board change, the old ETag answers ${afterChange.status} (expected 200)`);
    if (afterChange.status !== 200) throw new Error('a changed feed must not answer 304');
  } finally {
    await db.end();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

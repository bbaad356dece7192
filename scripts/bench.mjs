// `npm run bench`: builds, then measures (see docs/PERFORMANCE.md for the method and the figures).
import { ROOT, ensureBuilt, ensureDependencies, mustRun } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
await mustRun('npx', ['tsc', '-p', 'api/bench/tsconfig.json'], { cwd: ROOT });
await mustRun(process.execPath, ['api/dist-bench/board-read.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/daily-loop.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/board-browser.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/daily-screens.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/interactions-browser.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/reminders.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/calendar-feed.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/imports.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/network.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/network-browser.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/by-linkedin.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/web-delivery.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/landing-speed.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/ai-draft.bench.js']);
await mustRun(process.execPath, ['api/dist-bench/day-traffic.bench.js']);

// `npm run task -- <name>`: run one scheduled task once, now (see api/src/cli/task.ts).
// `npm run task -- --list` lists them.
import { ROOT, ensureBuilt, ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
const code = await run(process.execPath, ['api/dist/cli/task.js', ...process.argv.slice(2)], { cwd: ROOT });
process.exit(code);

// `npm start`: install what is missing, build, migrate, then run api + worker + scheduler in one
// process. With nothing configured it uses the embedded defaults (see docs/ARCHITECTURE.md).
import { spawn } from 'node:child_process';
import { ROOT, ensureBuilt, ensureDependencies, mustRun } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
console.log('→ Applying database migrations…');
await mustRun(process.execPath, ['api/dist/cli/migrate.js', 'up']);

const app = spawn(process.execPath, ['api/dist/all-roles.js'], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => app.kill(signal));
}
app.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Helpers for the root scripts: Node built-ins only, so they run on a fresh clone before dependencies are installed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${code}).`);
    process.exit(code);
  }
}

/** Newest modification time of any file under the given paths (skipping build output and deps). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        visit(join(path, entry));
      }
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const path of paths) visit(join(ROOT, path));
  return newest;
}

export function mtime(path) {
  const full = join(ROOT, path);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const installed = mtime('node_modules/.package-lock.json');
  if (installed === 0 || installed < mtime('package-lock.json')) {
    console.log('→ Installing dependencies…');
    // `npm install` keeps the locked versions; `npm ci` refuses a lockfile that names optional
    // per-platform packages the registry here does not serve (@swc/core's).
    await mustRun('npm', ['install', '--no-audit', '--no-fund']);
  }
}

/** Builds contracts, API, web app and extension when their sources are newer than their output. */
export async function ensureBuilt({ force = false } = {}) {
  const sources = newestMtime([
    'libs/contracts/src',
    'libs/test-kit/src',
    'api/src',
    'web/src',
    'web/index.html',
    'extension/src',
    'extension/build',
    'extension/popup.html',
    'extension/options.html',
    'web/landing.html',
    'web/vite.config.ts',
    'package-lock.json',
  ]);
  const outputs = Math.min(
    mtime('libs/contracts/dist/index.js'),
    mtime('libs/test-kit/dist/index.js'),
    mtime('api/dist/all-roles.js'),
    mtime('web/dist/index.html'),
    mtime('extension/dist/content.js'),
  );
  if (force || outputs === 0 || outputs < sources) {
    console.log('→ Building contracts, API, web app and extension…');
    await mustRun('npm', ['run', 'build']);
  }
}

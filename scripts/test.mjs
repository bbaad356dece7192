// `npm test`: every suite, in order: contract and extension unit tests, unit and integration tests
// of the API (real PostgreSQL and Redis), the web app's component tests, then browser journeys in
// Chromium. Prints one closing
// line "N passed, N failed" summed over all of them.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureBuilt, ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();

const reports = join(ROOT, '.data', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const suites = [
  { name: 'contracts', config: 'libs/contracts/vitest.config.mts' },
  { name: 'extension', config: 'extension/vitest.config.ts' },
  { name: 'api', config: 'api/vitest.config.mts' },
  // Timing measurements, alone on the machine (nothing else of ours runs beside them).
  { name: 'api-timing', config: 'api/vitest.timing.config.mts' },
  { name: 'web', config: 'web/vitest.config.ts' },
  { name: 'browser', config: 'web/e2e/vitest.config.ts' },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
// Failed tests are listed again at the very end, where a CI log's tail shows them.
const failures = [];
let exitCode = 0;
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue;
  if (!existsSync(join(ROOT, suite.config))) continue;
  console.log(`\n━━ ${suite.name} tests ━━`);
  const report = join(reports, `${suite.name}.json`);
  const code = await run(process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    suite.config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    for (const file of result.testResults ?? []) {
      const failedHere = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedHere)
        failures.push(`${suite.name}: ${file.name.replace(ROOT + '/', '')} > ${test.fullName}`);
      if (!failedHere.length && file.status === 'failed')
        failures.push(
          `${suite.name}: ${file.name.replace(ROOT + '/', '')} (${(file.message ?? 'failed').split('\n')[0]})`,
        );
    }
  }
  if (code !== 0) {
    exitCode = code;
    if (!existsSync(report)) failed += 1;
  }
}
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ✗ ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));

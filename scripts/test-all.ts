/**
 * `npm test`: makes the synthetic models if missing, type-checks, runs every vitest
 * project (unit in Node, browser in Chromium, e2e against the built app), and closes
 * with one line `N passed, N failed`. Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

let failed = 0;
let passed = 0;

if (run(bin('tsx'), ['scripts/make-synthetic-models.ts']) !== 0) {
  console.error('synthetic models: FAILED');
  failed++;
}

if (run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']) === 0) {
  console.log('typecheck: ok');
  passed++;
} else {
  console.error('typecheck: FAILED');
  failed++;
}

const report = path.join(root, 'test-results', 'vitest.json');
fs.rmSync(report, { force: true });
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: the browser and e2e tests cannot run. Install it (\`apt-get install -y chromium\` on Debian) or set CHROMIUM_PATH.`);
}
const extra = process.argv.slice(2);
const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number; numFailedTests: number; success?: boolean;
    testResults?: Array<{ status: string; name: string; message?: string; assertionResults?: Array<{ status: string }> }>;
  };
  const failedBefore = failed;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that fails to load, or whose setup fails (no browser to launch), has no failed test
  // of its own and its tests show as skipped: count the file as a failure.
  for (const f of r.testResults ?? []) {
    if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')) {
      failed++;
      console.error(`failed to run: ${path.relative(root, f.name)}${f.message ? `: ${f.message.split('\n')[0]}` : ' (its setup failed; see above)'}`);
    }
  }
  // Vitest failed for a reason no file shows (an unhandled error, a project that never started).
  if ((status !== 0 || r.success === false) && failed === failedBefore) {
    failed++;
    console.error('vitest failed outside any test (see "Unhandled Errors" above)');
  }
} else {
  console.error('vitest wrote no report');
  failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

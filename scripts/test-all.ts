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
const extra = process.argv.slice(2);
const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests?: number; numTotalTestSuites?: number; testResults?: Array<{ status: string; name: string; message?: string }> };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that fails to load has no tests to count: count it as a failure.
  for (const f of r.testResults ?? []) if (f.status === 'failed' && f.message) { failed++; console.error(`failed to run: ${path.relative(root, f.name)}`); }
  if (status !== 0 && r.numFailedTests === 0 && !(r.testResults ?? []).some((f) => f.status === 'failed')) failed++;
} else {
  console.error('vitest wrote no report');
  failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

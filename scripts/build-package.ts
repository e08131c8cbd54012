/**
 * `npm run build:package` (and `npm pack`, through `prepack`): the npm package's `dist/`.
 *
 * tsc emits the sources module for module (JavaScript + `.d.ts` with their TSDoc), rewriting
 * the sources' `.ts` import extensions to `.js` (`rewriteRelativeImportExtensions`). One
 * module per file keeps an app's bundler free to tree-shake and to split `almanac/models`
 * away from a zero-download page; a bundled library would decide that for it. `dist/demo/`
 * holds only the modules the element shares with the demo (DOM helpers, the answer card). Vite then bundles the
 * element with its worker into `dist/embed/` (`vite.element.config.ts`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
/** What this build writes; `dist/app/` (the demo app's build) is left alone. */
const OUTPUTS = ['src', 'workers', 'demo', 'embed'];

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed`);
}

/** Every `.js` file under `dir`. */
function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(dir, f));
}

for (const out of OUTPUTS) fs.rmSync(path.join(dist, out), { recursive: true, force: true });
run(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json']);
// The one-tag embed (dist/embed/): the element bundled with its worker, for sites without a bundler.
run(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'vite.element.config.ts', '--logLevel', 'warn']);

// A `.ts` specifier left in the output (a `new URL('./x.ts', import.meta.url)` tsc does not
// rewrite) would load in no runtime: refuse to ship it.
const leftovers = jsFiles(dist).filter((f) => !f.startsWith(path.join(dist, 'app'))).flatMap((f) =>
  [...fs.readFileSync(f, 'utf8').matchAll(/['"`](\.{1,2}\/[^'"`]+\.ts)['"`]/g)].map((m) => `${path.relative(root, f)}: ${m[1]}`));
if (leftovers.length) throw new Error(`built files still name .ts sources:\n${leftovers.join('\n')}`);
console.error(`build-package: dist/ written (${OUTPUTS.filter((o) => fs.existsSync(path.join(dist, o))).join(', ')})`);

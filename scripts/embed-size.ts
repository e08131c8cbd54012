/**
 * `npm run size`: what the one-tag embed (`dist/embed/`, `vite.element.config.ts`) makes a
 * visitor download, gzip -9, against issue 13's budget (110 kB for element + engine + worker).
 *
 * "At start" is the element's script, the worker it starts and every chunk either imports
 * statically: what a page fetches before anyone types or adds a file. "On demand" is every
 * other chunk, with the first module that imports it (a reader when a file of its format comes
 * in, a stemmer when text of its script does, Orama with the first vector, the answerers with the
 * first answer). Builds into a scratch folder unless given one (`npm run size -- dist/embed`).
 * Prints a table to stderr and one JSON object as the last line of stdout.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = 110_000;
const ENTRY = 'almanac-search.js';

/** A chunk's static imports, dynamic imports and the worker files it starts. */
function edges(code: string): { statics: string[]; dynamics: string[]; workers: string[] } {
  const names = (re: RegExp) => [...new Set([...code.matchAll(re)].map((m) => path.basename(m[1]!)))];
  return {
    // Minified: `import{a as b}from"./x.js"` and `import"./x.js"`.
    statics: names(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g),
    dynamics: names(/import\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g),
    workers: names(/new URL\(\s*["'`]([^"'`]+\.js)["'`]\s*,\s*import\.meta\.url/g),
  };
}

export interface EmbedSize {
  budget: number;
  /** gzip bytes fetched before the first query or file. */
  atStart: number;
  startChunks: Array<{ file: string; bytes: number; gzip: number }>;
  lazyChunks: Array<{ file: string; bytes: number; gzip: number }>;
}

/** Measures a built embed folder. */
export function measureEmbed(dir: string): EmbedSize {
  const size = (file: string) => {
    const buf = fs.readFileSync(path.join(dir, file));
    return { file, bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
  };
  const start = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string, eager: boolean): void => {
    if (eager ? start.has(file) : start.has(file) || lazy.has(file)) return;
    if (eager) lazy.delete(file);
    (eager ? start : lazy).add(file);
    const e = edges(fs.readFileSync(path.join(dir, file), 'utf8'));
    for (const f of [...e.statics, ...e.workers]) visit(f, eager);
    for (const f of e.dynamics) visit(f, false);
  };
  visit(ENTRY, true);
  // A chunk first met lazily may also be a static import of a start chunk: settled above by
  // `visit(..., true)` moving it; chunks only met lazily stay lazy.
  const startChunks = [...start].map(size).sort((a, b) => b.gzip - a.gzip);
  const lazyChunks = [...lazy].filter((f) => !start.has(f)).map(size).sort((a, b) => b.gzip - a.gzip);
  return { budget: BUDGET, atStart: startChunks.reduce((s, c) => s + c.gzip, 0), startChunks, lazyChunks };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let dir = process.argv[2];
  let scratch: string | undefined;
  if (!dir) {
    scratch = dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-embed-'));
    console.error('size: building the embed (vite.element.config.ts)');
    await build({ root, configFile: path.join(root, 'vite.element.config.ts'), logLevel: 'error', build: { outDir: dir, emptyOutDir: true } });
  }
  const r = measureEmbed(dir);
  const kb = (n: number) => (n / 1000).toFixed(1).padStart(7);
  console.error('at start (element + worker + their static imports):');
  for (const c of r.startChunks) console.error(`${kb(c.gzip)} kB gzip ${kb(c.bytes)} kB  ${c.file}`);
  console.error(`${kb(r.atStart)} kB gzip in all (budget ${BUDGET / 1000} kB)`);
  console.error('on demand:');
  for (const c of r.lazyChunks) console.error(`${kb(c.gzip)} kB gzip ${kb(c.bytes)} kB  ${c.file}`);
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  console.log(JSON.stringify(r));
}

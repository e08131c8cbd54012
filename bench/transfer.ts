/**
 * `npm run bench -- transfer [--corpus DIR] [--runs N]`: moving a corpus between browsers in the
 * built demo app (Chromium, the engine worker, IndexedDB). One profile indexes the sample corpus
 * plus every text file under `--corpus` (default: realdocs' corpus) through the file input, then
 * exports it `--runs` times (default 3) from the storage panel (click to download); a second,
 * fresh profile empties itself and imports the file `--runs` times (file picked to summary shown).
 * Reports the corpus, the ingest time (once), the file's size, export and import times (median
 * and range), whether the top five results of three queries are the same after the import, and
 * what a reload restores. Times include the page's work around the engine call (room check,
 * documents list before and after) and the driver's round trips.
 * The last line of stdout is one JSON object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launch, root, search, serve, waitReady } from '../test/e2e/harness.ts';
import { dataPath, option, percentile } from './args.ts';

const QUERIES = ['When does Python 3.8 reach end of life?', 'metro weekday boardings 2023', 'Who was UK prime minister as of 6 May 2021?'];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => /\.(md|rst|csv|tsv|tab|html|txt)$/.test(f));
}

async function top(p: Page, query: string): Promise<string[]> {
  await search(p, query);
  return p.locator('#results li.result').evaluateAll((items) => items.slice(0, 5).map((li) => `${li.getAttribute('data-doc')} ${li.querySelector('.score')?.textContent}`));
}

const median = (xs: number[]): number => percentile(xs, 50);

export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const corpus = dataPath(argv, 'corpus', '../shared/data/realdocs/corpus');
  const runs = Number(option(argv, 'runs', '3')) || 3;
  const files = filesUnder(corpus);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-bench-transfer-'));
  const dist = path.join(tmp, 'dist');
  log(`building the demo into ${dist}`);
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
  process.env.NODE_ENV = env;
  const server = await serve(dist);
  const source = await launch(tmp);
  const target = await launch(tmp);
  try {
    const p = source.page;
    await p.goto(server.origin);
    await waitReady(p);
    await p.evaluate(() => document.querySelector('#ingest-messages')!.replaceChildren());
    log(`indexing ${files.length} files from ${corpus} (and the sample corpus)`);
    const t0 = performance.now();
    await p.setInputFiles('#file-input', files.map((f) => ({ name: path.relative(corpus, f).replace(/[\\/]/g, '__'), mimeType: 'text/plain', buffer: fs.readFileSync(f) })));
    await p.waitForSelector('#ingest-messages .summary', { timeout: 1_800_000 });
    const ingestMs = performance.now() - t0;
    // The status line is rewritten from the engine's counts just after the summary.
    await p.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-change') === 'added');
    const documents = Number(await p.getAttribute('#status', 'data-documents'));
    const passages = Number(await p.getAttribute('#status', 'data-passages'));
    const before = [];
    for (const q of QUERIES) before.push(await top(p, q));

    const exportMs: number[] = [];
    let file = '';
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const [download] = await Promise.all([p.waitForEvent('download', { timeout: 600_000 }), p.click('#corpus-export')]);
      file = path.join(tmp, `export-${i}.almanac`);
      await download.saveAs(file);
      exportMs.push(performance.now() - t);
      log(`export ${i + 1}: ${Math.round(exportMs.at(-1)!)} ms`);
    }

    const q = target.page;
    await q.goto(server.origin);
    await waitReady(q);
    const importMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      q.once('dialog', (dialog) => void dialog.accept());
      await q.click('#clear-all');
      await q.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-documents') === '0');
      await q.evaluate(() => document.querySelector('#transfer-messages')!.replaceChildren());
      const t = performance.now();
      await q.setInputFiles('#corpus-import', file);
      await q.waitForSelector('#transfer-messages .summary[data-kind]', { timeout: 600_000 });
      importMs.push(performance.now() - t);
      log(`import ${i + 1}: ${Math.round(importMs.at(-1)!)} ms`);
    }
    const imported = Number(await q.getAttribute('#status', 'data-documents'));
    const after = [];
    for (const query of QUERIES) after.push(await top(q, query));
    await q.reload();
    await waitReady(q);
    return {
      suite: 'transfer',
      corpus: { files: files.length, documents, passages },
      ingest_ms: Math.round(ingestMs),
      file_bytes: fs.statSync(file).size,
      export_ms: { median: Math.round(median(exportMs)), min: Math.round(Math.min(...exportMs)), max: Math.round(Math.max(...exportMs)) },
      import_ms: { median: Math.round(median(importMs)), min: Math.round(Math.min(...importMs)), max: Math.round(Math.max(...importMs)) },
      imported_documents: imported,
      same_top5: JSON.stringify(before) === JSON.stringify(after),
      restored: await q.textContent('#status'),
      load_average: os.loadavg().map((x) => Math.round(x * 10) / 10),
    };
  } finally {
    await source.close();
    await target.close();
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

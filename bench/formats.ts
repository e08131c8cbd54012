/**
 * `npm run bench -- formats [--rst DIR] [--realdocs DIR] [--pdf-dir DIR] [--truth FILE] [--pages N]`: per format,
 * ingest throughput on one core (pages or passages per second, `prepareDocument` alone: reading,
 * chunking, table summaries, timestamps) and the share of tables found on the test files.
 *
 * - Generated files (the tests' fixtures): a PDF of `--pages` pages (default 100; one table a
 *   page), a Word file, an Excel workbook and an OpenDocument spreadsheet (their tables known).
 * - `--rst` (default: realdocs' PEPs): the `.rst` files of a folder; tables expected are counted
 *   from the source lines independently of the reader (grid borders, simple-table borders,
 *   `list-table` / `csv-table` directives).
 * - `--realdocs` (default: realdocs' corpus): its Markdown, HTML, CSV, `.tab` and extensionless
 *   files, by extension (tables found, no count to compare with).
 * - `--pdf-dir`: every PDF under a folder (e.g. /usr/share/doc after installing a `*-doc`
 *   package; `.pdf.gz` too): pages, pages/s, tables found. With `--truth` (JSON
 *   `{ "file.pdf": { "12": 1, "13": 0 } }`: tables a person counted on those pages), recall and
 *   precision of table finding on the pages it lists.
 * The last line of stdout is one JSON object.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { prepareDocument } from '../src/engine/prepare.ts';
import type { Passage } from '../src/types.ts';
import { makeDocx, makeOds, makePdf, makeXlsx } from '../test/fixtures/documents.ts';
import { dataPath, option, round1 } from './args.ts';

interface Measured {
  files: number;
  units: number;
  unit: 'pages' | 'passages';
  ms: number;
  per_second: number;
  tables_expected?: number;
  tables_found: number;
  tables_share?: number;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function pagesOf(passages: Passage[]): number {
  return passages.reduce((m, p) => Math.max(m, p.page ?? 0), 0);
}

/** Tables a `.rst` source holds, counted from its lines (not by the reader under test). */
export function rstTablesInSource(content: string): number {
  const lines = content.split(/\r?\n/);
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*\+-[-+]*\+\s*$/.test(line) && !(i > 0 && /^\s*[+|]/.test(lines[i - 1]!))) n++;
    if (/^\s*\.\. (list|csv)-table::/.test(line)) n++;
    if (/^\s*=+( +=+)+\s*$/.test(line) && (i === 0 || !lines[i - 1]!.trim())) {
      n++;
      let borders = 1;
      for (let j = i + 1; j < lines.length; j++) {
        if (!/^\s*=+( +=+)+\s*$/.test(lines[j]!)) continue;
        borders++;
        i = j;
        if (!lines[j + 1]?.trim() || borders === 3) break;
      }
    }
  }
  return n;
}

export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const pageCount = Number(option(argv, 'pages', '100'));
  const result: Record<string, unknown> = { suite: 'formats' };
  const formats: Record<string, Measured> = {};

  // PDF: the target is a 100-page PDF in under 5 s on one core.
  log(`pdf: generating ${pageCount} pages`);
  const pdf = await makePdf(pageCount, { title: 'Bench report' });
  await prepareDocument({ name: 'warm.pdf', content: await makePdf(1) });
  const pdfRuns: number[] = [];
  let pdfTables = 0;
  let pdfPages = 0;
  for (let k = 0; k < 3; k++) {
    const [prepared, ms] = await timed(() => prepareDocument({ name: 'bench.pdf', content: pdf }));
    pdfRuns.push(ms);
    pdfTables = prepared.document.tables.length;
    pdfPages = pagesOf(prepared.passages);
    log(`pdf: ${pdfPages} pages in ${ms.toFixed(0)} ms`);
  }
  const pdfMs = median(pdfRuns);
  formats.pdf = { files: 1, units: pdfPages, unit: 'pages', ms: round1(pdfMs), per_second: round1((pdfPages * 1000) / pdfMs), tables_expected: pageCount, tables_found: pdfTables, tables_share: round1((100 * Math.min(pdfTables, pageCount)) / pageCount) };
  result.pdf_100_pages_ms = pageCount === 100 ? round1(pdfMs) : undefined;
  result.pdf_runs_ms = pdfRuns.map(round1);

  for (const [format, make, expected] of [
    ['docx', () => makeDocx({ title: 'Bench' }), 1],
    ['xlsx', () => makeXlsx({ title: 'Bench' }), 2],
    ['ods', () => makeOds(), 2],
  ] as const) {
    const bytes = await make();
    const runs: number[] = [];
    let prepared;
    for (let k = 0; k < 5; k++) {
      const [p, ms] = await timed(() => prepareDocument({ name: `bench.${format}`, content: bytes }));
      prepared = p;
      runs.push(ms);
    }
    const ms = median(runs);
    const found = prepared!.document.tables.length;
    formats[format] = { files: 1, units: prepared!.passages.length, unit: 'passages', ms: round1(ms), per_second: round1((prepared!.passages.length * 1000) / ms), tables_expected: expected, tables_found: found, tables_share: round1((100 * Math.min(found, expected)) / expected) };
    log(`${format}: ${prepared!.passages.length} passages in ${ms.toFixed(1)} ms, ${found}/${expected} tables`);
  }

  const rstDir = dataPath(argv, 'rst', '../shared/data/realdocs/corpus/peps');
  if (fs.existsSync(rstDir)) {
    let passages = 0;
    let ms = 0;
    let expected = 0;
    let found = 0;
    const files = fs.readdirSync(rstDir).filter((f) => f.endsWith('.rst')).sort();
    for (const f of files) {
      const content = fs.readFileSync(path.join(rstDir, f), 'utf8');
      const [p, t] = await timed(() => prepareDocument({ name: f, content }));
      passages += p.passages.length;
      ms += t;
      const want = rstTablesInSource(content);
      expected += want;
      found += Math.min(want, p.document.tables.length);
      if (want !== p.document.tables.length) log(`rst: ${f}: ${p.document.tables.length} tables read, ${want} in the source`);
    }
    formats.rst = { files: files.length, units: passages, unit: 'passages', ms: round1(ms), per_second: round1((passages * 1000) / ms), tables_expected: expected, tables_found: found, ...(expected ? { tables_share: round1((100 * found) / expected) } : {}) };
    log(`rst: ${files.length} files, ${passages} passages in ${ms.toFixed(0)} ms, ${found}/${expected} tables`);
  }
  // The text formats, on the real documents of realdocs (one folder of a user's files).
  const realdocs = dataPath(argv, 'realdocs', '../shared/data/realdocs/corpus');
  if (fs.existsSync(realdocs)) {
    const byExt = new Map<string, { files: number; passages: number; ms: number; tables: number }>();
    for (const f of (fs.readdirSync(realdocs, { recursive: true, encoding: 'utf8' }) as string[]).sort()) {
      const full = path.join(realdocs, f);
      if (!fs.statSync(full).isFile() || f.endsWith('.rst')) continue;
      const ext = path.extname(f).slice(1) || 'none';
      const content = fs.readFileSync(full);
      const [p, t] = await timed(() => prepareDocument({ name: path.basename(f), content: new Uint8Array(content) }));
      const acc = byExt.get(ext) ?? { files: 0, passages: 0, ms: 0, tables: 0 };
      acc.files++;
      acc.passages += p.passages.length;
      acc.ms += t;
      acc.tables += p.document.tables.length;
      byExt.set(ext, acc);
    }
    for (const [ext, a] of byExt) {
      formats[ext] = { files: a.files, units: a.passages, unit: 'passages', ms: round1(a.ms), per_second: round1((a.passages * 1000) / a.ms), tables_found: a.tables };
      log(`${ext}: ${a.files} files, ${a.passages} passages in ${a.ms.toFixed(0)} ms`);
    }
  }
  result.formats = formats;

  const pdfDir = option(argv, 'pdf-dir');
  if (pdfDir) result.pdf_dir = await realPdfs(pdfDir, option(argv, 'truth'), log);
  return result;
}

/** Every PDF under a folder: pages, speed, tables found; recall / precision on the pages a person counted. */
async function realPdfs(dir: string, truthFile: string | undefined, log: (line: string) => void): Promise<Record<string, unknown>> {
  const files = (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => /\.pdf(\.gz)?$/i.test(f)).sort();
  // `{ fold: { file: { page: tables } } }`; figures are given per fold (tune on one, report the other).
  const folds = truthFile ? (JSON.parse(fs.readFileSync(truthFile, 'utf8')) as Record<string, Record<string, Record<string, number>>>) : {};
  delete folds._about;
  const byFold = new Map<string, { tables: number; found: number; foundOnPages: number }>();
  let pages = 0;
  let ms = 0;
  let tables = 0;
  let failed = 0;
  const perFile: Array<Record<string, unknown>> = [];
  for (const f of files) {
    let bytes = new Uint8Array(fs.readFileSync(path.join(dir, f)));
    if (f.endsWith('.gz')) bytes = new Uint8Array(zlib.gunzipSync(bytes));
    try {
      const [p, t] = await timed(() => prepareDocument({ name: path.basename(f), content: bytes }));
      const n = pagesOf(p.passages);
      pages += n;
      ms += t;
      tables += p.document.tables.length;
      // The page of each table: the page of its table-level passage.
      const tablePages = new Map<number, number>();
      for (const q of p.passages) if (q.kind === 'table' && q.page) tablePages.set(q.page, (tablePages.get(q.page) ?? 0) + 1);
      for (const [fold, truth] of Object.entries(folds)) {
        const counted = truth[f] ?? truth[path.basename(f)];
        if (!counted) continue;
        const acc = byFold.get(fold) ?? { tables: 0, found: 0, foundOnPages: 0 };
        for (const [page, want] of Object.entries(counted)) {
          const got = tablePages.get(Number(page)) ?? 0;
          acc.tables += want;
          acc.found += Math.min(want, got);
          acc.foundOnPages += got;
        }
        byFold.set(fold, acc);
      }
      perFile.push({ file: f, pages: n, ms: round1(t), tables: p.document.tables.length, table_pages: [...tablePages.keys()].slice(0, 50) });
      log(`pdf-dir: ${f}: ${n} pages in ${t.toFixed(0)} ms (${round1((n * 1000) / t)} pages/s), ${p.document.tables.length} tables`);
    } catch (error) {
      failed++;
      log(`pdf-dir: ${f}: ${(error as Error).message}`);
    }
  }
  return {
    files: files.length, failed, pages, ms: round1(ms), pages_per_second: round1((pages * 1000) / Math.max(1, ms)), tables_found: tables,
    ...(byFold.size ? {
      truth: Object.fromEntries([...byFold].map(([fold, a]) => [fold, { tables: a.tables, found_on_counted_pages: a.foundOnPages, recall: round1((100 * a.found) / Math.max(1, a.tables)), precision: round1((100 * a.found) / Math.max(1, a.foundOnPages)) }])),
    } : {}),
    per_file: perFile,
  };
}

/**
 * The Node command: indexes a folder and searches it from the shell.
 *
 *   npm run almanac -- <folder> [question...] [--limit N] [--json] [--reference-date YYYY-MM-DD]
 *   npm run almanac -- build <folder> --out <dir> [--shards]
 *   (indexing commands also take --exclude <glob>, repeatable)
 *   npm run almanac -- ask <dir> [question...] [--limit N] [--json] [--reference-date YYYY-MM-DD]
 *
 * `build` writes a prebuilt index (`index.json` and its segment files: a file-backed store,
 * `src/storage/file-store.ts`) that `ask` and `<almanac-search index=...>` open without re-indexing.
 * With a question, prints the answer (with its citation) and the ranked passages, and exits;
 * without one, reads questions from standard input, one per line. Zero-download mode (BM25,
 * no models: the answer is a cell, a calculation or a sentence, or "no answer").
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { citeCell, createAlmanac } from '../index.ts';
import { AlmanacError } from '../errors.ts';
import { openFileStore, readManifest } from '../storage/file-store.ts';
import { openShardedIndex } from '../storage/sharded-index.ts';
import { mergeSegments } from '../index-format/merge.ts';
import { writeShardedIndex } from '../index-format/term-shards.ts';
import os from 'node:os';
// picomatch rather than a hand-written glob: gitignore-like patterns (`drafts/**`, `*.draft.md`,
// `{a,b}`) have edge cases a regex conversion gets wrong, and it has no dependencies.
import picomatch from 'picomatch';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Almanac } from '../types.ts';
import { describeAnswer, describeCitation } from '../answer/cite.ts';
import { ACCEPTED_EXTENSIONS } from '../ingest/formats.ts';
import { errorReason, summarizeSkipped, unsupportedReason, type SkippedFile } from '../ingest/skipped.ts';
import type { AnswerResponse, DocumentInput, SearchResponse } from '../types.ts';

const EXTENSIONS = new Set(ACCEPTED_EXTENSIONS);
/** Files larger than this are not read at all (the engine's own limit is on characters). */
const MAX_FILE_BYTES = 200 * 1024 * 1024;

const USAGE = `usage: almanac <folder> [question...] [--limit N] [--json] [--reference-date YYYY-MM-DD] [--exclude GLOB]
       almanac build <folder> --out <dir> [--shards] [--exclude GLOB]
       almanac ask <dir> [question...] [--limit N] [--json] [--reference-date YYYY-MM-DD]
Indexes every file under <folder> that Almanac reads (${ACCEPTED_EXTENSIONS.join(' ')}, and files
without an extension whose content is text), then answers the question (the answer line with its
citation, then the ranked passages), or reads questions from standard input, one per line. Files
it skips are summarised in one line. --exclude GLOB (repeatable) leaves out files whose path
relative to <folder> matches (a pattern without "/" matches the file name: --exclude SOURCES.md,
--exclude 'drafts/**'); dot files, node_modules and build's own --out folder are never read.
build: indexes <folder> once and writes the index to <dir> (index.json and its segment files;
  serve <dir> for <almanac-search index="/<dir>/index.json">). An index already in <dir> is replaced.
  --shards: split it for fetching on demand (term shards and document fragments), for corpora
  too large to download whole; a query then fetches only its terms and its candidates.
ask: answers from an index written by build, without indexing again.`;

async function main(argv: string[]): Promise<number> {
  const flags = new Map<string, string | true>();
  const words: string[] = [];
  const exclude: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') flags.set('json', true);
    else if (a === '--exclude') exclude.push(argv[++i] ?? '');
    else if (a === '--help' || a === '-h') flags.set('help', true);
    else if (a.startsWith('--')) flags.set(a.slice(2), argv[++i] ?? '');
    else words.push(a);
  }
  const command = words[0] === 'build' || words[0] === 'ask' ? words.shift() : undefined;
  const [folder, ...question] = words;
  if (!folder || flags.has('help')) {
    console.error(USAGE);
    return folder ? 0 : 2;
  }
  const limit = Number(flags.get('limit') ?? 5);
  if (!Number.isInteger(limit) || limit < 1) return fail('--limit takes a positive integer');
  const refText = flags.get('reference-date');
  const referenceDate = typeof refText === 'string' ? new Date(`${refText}T00:00:00Z`) : undefined;
  if (referenceDate && Number.isNaN(referenceDate.getTime())) return fail('--reference-date takes YYYY-MM-DD');
  if (exclude.some((g) => !g)) return fail('--exclude takes a glob, e.g. --exclude SOURCES.md');
  if (command === 'ask' && exclude.length) return fail('--exclude applies when indexing (a folder, or build); ask reads a built index as it is');
  const out = flags.get('out');
  const selection: Selection = {
    exclude: exclude.length ? picomatch(exclude, { basename: true, dot: true }) : undefined,
    // A rebuild into a folder inside <folder> must not read the previous index back in.
    skipDir: command === 'build' && typeof out === 'string' && out ? path.resolve(out) : undefined,
  };

  try {
    if (command === 'build') {
      if (typeof out !== 'string' || !out) return fail('build needs --out <dir>');
      return await build(folder, out, selection, flags.has('shards'));
    }
    let almanac: Almanac;
    if (command === 'ask') {
      const t0 = performance.now();
      if (await isSharded(folder)) {
        const lazy = await openShardedIndex(pathToFileURL(path.join(path.resolve(folder), 'index.json')).href, { fetch: fileFetch });
        almanac = lazy as unknown as Almanac;
      } else {
        await readManifest(folder);
        almanac = await createAlmanac({ storage: { store: await openFileStore(folder) } });
      }
      const stats = await almanac.stats();
      process.stderr.write(`opened ${stats.documents} documents, ${stats.passages} passages from ${folder} in ${((performance.now() - t0) / 1000).toFixed(2)} s (zero-download mode: BM25, no models)\n`);
    } else {
      const opened = await indexFolder(folder, selection);
      if (typeof opened === 'number') return opened;
      almanac = opened;
    }
    await answerAll(almanac, question, { limit, referenceDate, json: flags.has('json') });
    await almanac.close();
    return 0;
  } catch (err) {
    if (err instanceof AlmanacError) {
      console.error(`almanac: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

/** Which files of a folder to read, beyond the readers' extensions. */
interface Selection {
  /** Matches paths relative to the folder (POSIX separators) the user left out. */
  exclude?: (relativePath: string) => boolean;
  /** An absolute folder never descended into (build's output). */
  skipDir?: string;
}

/** Reads the files of `folder` Almanac takes (or the exit code of why there are none). */
async function readFolder(folder: string, selection: Selection, skipped: SkippedFile[]): Promise<DocumentInput[] | number> {
  const root = path.resolve(folder);
  const listing = await listFiles(root, selection, skipped).catch(() => undefined);
  if (!listing) return fail(`cannot read folder ${folder}`);
  const { files, excluded } = listing;
  if (excluded) process.stderr.write(`left out ${excluded} ${excluded === 1 ? 'path' : 'paths'} matching --exclude\n`);
  const docs: DocumentInput[] = [];
  for (const f of files) {
    const name = path.relative(folder, f);
    const { size } = await fs.stat(f);
    if (size > MAX_FILE_BYTES) skipped.push({ name, reason: 'too large' });
    else if (size === 0) skipped.push({ name, reason: 'empty' });
    // Bytes, not text: the engine decodes text formats itself and reads PDF and Office files as bytes.
    // Named by its path in the folder, as its id: a data file's folders say what it holds
    // ("gold-prices/data/annual.csv", where "annual" alone says nothing), as a dropped folder's do.
    else docs.push({ id: name, name, content: new Uint8Array(await fs.readFile(f)) });
  }
  if (!docs.length) {
    if (skipped.length) process.stderr.write(`${summarizeSkipped(skipped)}\n`);
    return fail(`no files Almanac reads under ${folder}`);
  }
  return docs;
}

/** Ingests `docs` into `almanac`, with progress and the summary line on stderr. */
async function ingestReporting(almanac: Almanac, docs: DocumentInput[], skipped: SkippedFile[], verb: string): Promise<void> {
  const t0 = performance.now();
  const reports = await almanac.ingest(docs, {
    onProgress: (p) => process.stderr.write(`\rindexing ${p.done}/${p.total}`),
  });
  const stats = await almanac.stats();
  process.stderr.write(`\r${verb} ${stats.documents} documents, ${stats.passages} passages, ${stats.tables} tables in ${((performance.now() - t0) / 1000).toFixed(1)} s (zero-download mode: BM25, no models)\n`);
  reports.forEach((r, i) => {
    if (r.error) skipped.push({ name: String(docs[i]?.id ?? r.name), reason: errorReason(r.error.code) });
  });
  if (skipped.length) process.stderr.write(`${summarizeSkipped(skipped)}\n`);
}

/** The folder indexed in memory (the command without `build` / `ask`). */
async function indexFolder(folder: string, selection: Selection): Promise<Almanac | number> {
  const skipped: SkippedFile[] = [];
  const docs = await readFolder(folder, selection, skipped);
  if (typeof docs === 'number') return docs;
  const almanac = await createAlmanac();
  await ingestReporting(almanac, docs, skipped, 'indexed');
  return almanac;
}

/** Whether `dir` holds a sharded index (`build --shards`). */
async function isSharded(dir: string): Promise<boolean> {
  const text = await fs.readFile(path.join(dir, 'index.json'), 'utf8').catch(() => '');
  try {
    return (JSON.parse(text) as { format?: string }).format === 'almanac-shards';
  } catch {
    return false;
  }
}

/** fetch over file: URLs (a sharded index read from disk). */
const fileFetch = (async (input: string | URL | Request) => {
  const url = String(input instanceof Request ? input.url : input);
  try {
    return new Response(await fs.readFile(fileURLToPath(url)));
  } catch {
    return new Response('', { status: 404 });
  }
}) as typeof fetch;

/** `almanac build`: the folder indexed into a file-backed store at `out`, which is the prebuilt index (or, `--shards`, split from it). */
async function build(folder: string, out: string, selection: Selection, shards = false): Promise<number> {
  const skipped: SkippedFile[] = [];
  const docs = await readFolder(folder, selection, skipped);
  if (typeof docs === 'number') return docs;
  if (shards) {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'almanac-build-'));
    try {
      const store = await openFileStore(tmp);
      const almanac = await createAlmanac({ storage: { store } });
      await ingestReporting(almanac, docs, skipped, 'indexed');
      await almanac.close();
      const loaded = await (await openFileStore(tmp)).load();
      const { manifest, files } = writeShardedIndex(mergeSegments(loaded.segments));
      // What an earlier build left goes: its manifest, shards, fragments and segments.
      await fs.mkdir(out, { recursive: true });
      for (const name of ['index.json', 'terms', 'docs', 'times']) await fs.rm(path.join(out, name), { recursive: true, force: true });
      for (const name of await fs.readdir(out)) if (/^segment-\d+\.bin$/.test(name)) await fs.rm(path.join(out, name));
      await fs.mkdir(path.join(out, 'terms'));
      await fs.mkdir(path.join(out, 'docs'));
      await fs.mkdir(path.join(out, 'times'));
      let bytes = 0;
      for (const f of files) {
        await fs.writeFile(path.join(out, f.name), f.bytes);
        bytes += f.bytes.length;
      }
      await fs.writeFile(path.join(out, 'index.json'), JSON.stringify(manifest));
      process.stderr.write(`wrote ${path.join(out, 'index.json')}: ${manifest.counts.termShards} term shards, ${manifest.counts.fragments} document fragments, ${manifest.counts.timeShards} time shards, ${(bytes / 1024 / 1024).toFixed(2)} MB, content hash ${manifest.contentHash}\n`);
      return 0;
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }
  if (await isSharded(out)) for (const name of ['index.json', 'terms', 'docs', 'times']) await fs.rm(path.join(out, name), { recursive: true, force: true });
  const store = await openFileStore(out);
  // A build is the folder as it is now: what an earlier build held goes.
  if ((await readManifest(out, true))?.counts.documents) await store.clear();
  const almanac = await createAlmanac({ storage: { store } });
  await ingestReporting(almanac, docs, skipped, 'indexed');
  await almanac.close();
  await store.optimize();
  const manifest = (await readManifest(out))!;
  const bytes = manifest.segments.reduce((n, s) => n + s.length, 0);
  process.stderr.write(`wrote ${path.join(out, 'index.json')}: ${manifest.segments.length} segment file${manifest.segments.length === 1 ? '' : 's'}, ${(bytes / 1024 / 1024).toFixed(2)} MB, content hash ${manifest.contentHash}\n`);
  return 0;
}

async function answerAll(almanac: Almanac, question: string[], options: { limit: number; referenceDate: Date | undefined; json: boolean }): Promise<void> {
  const ask = async (q: string) => {
    const res = await almanac.answer(q, { limit: options.limit, referenceDate: options.referenceDate });
    // JSON: the search response as before, with the answer (and its citations) beside the results.
    console.log(options.json ? JSON.stringify({ ...res.search, answer: res.answer, answerSteps: res.steps }) : format(res));
  };
  if (question.length) {
    await ask(question.join(' '));
  } else {
    const rl = readline.createInterface({ input: process.stdin, terminal: false });
    for await (const line of rl) if (line.trim()) await ask(line.trim());
  }
}

function format(answered: AnswerResponse): string {
  const res: SearchResponse = answered.search;
  const a = answered.answer;
  const lines = [`${res.query}  [${res.steps.join(' -> ')}; ${res.tookMs.toFixed(1)} ms]`];
  lines.push(`  answer: ${describeAnswer(a)}${a.kind === 'none' ? '' : `  [${a.kind}]`}`);
  for (const c of a.citations.slice(0, 3)) lines.push(`    from ${describeCitation(c)}`);
  if (res.constraint) lines.push(`  time: "${res.constraint.text}" (relation ${res.constraint.relation}, condition ${res.constraint.condition})`);
  res.results.forEach((r, i) => {
    const where = r.passage.kind === 'text' || r.passage.kind === 'sentence' ? `chars ${r.passage.start}-${r.passage.end}` : `${r.passage.kind}, table ${r.passage.tableIndex! + 1}`;
    lines.push(`${String(i + 1).padStart(3)}. ${r.score.toFixed(3)}  ${r.title} (${r.passage.docId}, ${where})`);
    lines.push(`       ${r.passage.text.replace(/\s+/g, ' ').slice(0, 200)}`);
    for (const cell of r.matchedCells?.slice(0, 3) ?? []) lines.push(`       cell: ${citeCell(cell)}`);
    if (r.temporal) lines.push(`       best sentence: semantic ${r.temporal.semantic.toFixed(2)} x temporal ${r.temporal.temporal.toFixed(2)}`);
  });
  if (!res.results.length) lines.push('  no results');
  return lines.join('\n');
}

/** Files to read: those with an extension some reader claims, and those without one (sniffed). */
async function listFiles(root: string, selection: Selection, skipped: SkippedFile[]): Promise<{ files: string[]; excluded: number }> {
  const files: string[] = [];
  let excluded = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.name.startsWith('.')) continue;
      const relative = path.relative(root, p).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (entry.name === 'node_modules' || p === selection.skipDir) continue;
        if (selection.exclude?.(relative) || selection.exclude?.(`${relative}/`)) excluded++;
        else await walk(p);
      } else if (entry.isFile()) {
        const ext = path.extname(entry.name).toLowerCase();
        if (selection.exclude?.(relative)) excluded++;
        else if (!ext || EXTENSIONS.has(ext)) files.push(p);
        else skipped.push({ name: relative, reason: unsupportedReason(entry.name) });
      }
    }
  };
  await walk(root);
  return { files: files.sort(), excluded };
}

function fail(message: string): number {
  console.error(`almanac: ${message}\n${USAGE}`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));

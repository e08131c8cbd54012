import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createAlmanac } from '../src/index.ts';
import { openFileStore } from '../src/storage/file-store.ts';
import { openPrebuiltStore } from '../src/storage/prebuilt-store.ts';
import { readCorpusFile } from '../src/index-format/corpus-file.ts';
import { mergeSegments } from '../src/index-format/merge.ts';
import { writeShardedIndex } from '../src/index-format/term-shards.ts';
import { CANDIDATES, LEADERS, openShardedIndex, POOL, SCOPE } from '../src/storage/sharded-index.ts';
import type { DocumentInput } from '../src/types.ts';
import { measureEmbed } from '../scripts/embed-size.ts';
import { dataPath, option, percentile, round1 } from './args.ts';
import { readTimeQa, timeQaDocuments } from './timeqa.ts';

/**
 * `npm run bench -- index [--timeqa PATH] [--runs N] [--queries N]`: the prebuilt index of
 * `almanac build` over TimeQA (every paragraph a document, ~16k passages), in Node.
 * - build: ingest into the file-backed store and merge its segments (what `almanac build` does);
 * - bytes: the index's files, raw and gzip (what a server sends with gzip), against the raw text;
 * - load-to-ready: from nothing to an engine that answers its first search, median of `--runs`
 *   (default 3), from the folder (`almanac ask`) and from bytes over fetch (what the element's
 *   worker does, network excluded);
 * - query p50 / p95 on the loaded index over TimeQA's questions (default search);
 * - `--browser`: in Chromium, `examples/site/index.html` over that index from a local static
 *   server: navigation start to `almanac-ready` on a first visit (fetched) and on the next
 *   (Cache Storage), median of `--runs`;
 * - sharded, on a corpus of >= 150k passages (TimeQA replicated `--copies` times, default 4, ids
 *   `k/p:i`, plus every distinct HiTab table, `--hitab` limits them): the term-sharded layout
 *   (`writeShardedIndex`), then `--sharded-queries` (default 51) TimeQA questions in one session:
 *   gzip bytes fetched for the first query and for the next ten (what a server sends with gzip;
 *   the embed's own gzip size added for the total a first visit downloads), requests, time to
 *   first result (Node, files from memory: network round trips not included, 3 in sequence),
 *   against loading the whole index (gzip bytes, load-to-ready); and how far the sharded top 5
 *   agrees with the whole index's top 5 (documents in common, same first, a gold paragraph of the
 *   question in the top 5 either way, and per fold: questions alternate between folds 0 and 1).
 *   Comma lists compare layouts split from the same ingest: `--candidates 12,24`,
 *   `--fragmentChars 1500,200`, `--collapse off,on` (exact copies in the postings or not);
 *   the JSON then holds `layouts`, the first one also at the top level.
 * The last line of stdout is one JSON object.
 */
export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const pages = readTimeQa(dataPath(argv, 'timeqa', '../shared/data/timeqa/train.json'));
  const docs = timeQaDocuments(pages);
  const questions = pages.flatMap((p) => p.questions.map((q) => q[0]));
  const runs = Number(option(argv, 'runs', '3')) || 3;
  const queryCount = Number(option(argv, 'queries', '300')) || 300;
  const rawText = docs.reduce((n, d) => n + Buffer.byteLength(d.content), 0);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-bench-index-'));
  const dir = path.join(tmp, 'index');

  log(`building the index of ${docs.length} TimeQA paragraphs into ${dir}`);
  let t = performance.now();
  const store = await openFileStore(dir);
  const writer = await createAlmanac({ storage: { store } });
  await writer.ingest(docs, { onProgress: (p) => p.done % 4000 < 200 && log(`  ingest ${p.done}/${p.total}`) });
  const { passages } = await writer.stats();
  await writer.close();
  await store.optimize();
  const buildS = (performance.now() - t) / 1000;
  const files = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f)));
  const indexBytes = files.reduce((n, b) => n + b.length, 0);
  const gzipBytes = files.reduce((n, b) => n + zlib.gzipSync(b).length, 0);
  log(`build ${buildS.toFixed(1)} s: ${passages} passages, ${files.length} files, ${indexBytes} bytes (${gzipBytes} gzip) for ${rawText} bytes of text`);

  const fromFolder: number[] = [];
  const fromFetch: number[] = [];
  const byName = new Map(fs.readdirSync(dir).map((f) => [f, new Uint8Array(fs.readFileSync(path.join(dir, f)))]));
  const memoryFetch = (async (input: string | URL | Request) => {
    const name = path.basename(new URL(String(input instanceof Request ? input.url : input)).pathname);
    const bytes = byName.get(name);
    return bytes ? new Response(bytes.slice()) : new Response('', { status: 404 });
  }) as typeof fetch;
  let opened;
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    opened = await createAlmanac({ storage: { store: await openFileStore(dir) } });
    await opened.search(questions[0]!, { limit: 10 });
    fromFolder.push(performance.now() - t);
    if ((await opened.stats()).passages !== passages) throw new Error('the index lost passages');
    await opened.close();
    t = performance.now();
    const viaFetch = await createAlmanac({ storage: { store: await openPrebuiltStore('http://site.test/almanac/index.json', { fetch: memoryFetch, cache: false }) } });
    await viaFetch.search(questions[0]!, { limit: 10 });
    fromFetch.push(performance.now() - t);
    await viaFetch.close();
    log(`load-to-ready ${i + 1}: folder ${Math.round(fromFolder.at(-1)!)} ms, fetch ${Math.round(fromFetch.at(-1)!)} ms`);
  }

  const browser = option(argv, 'browser') !== undefined ? await browserReady(dir, runs, log) : undefined;
  opened = await createAlmanac({ storage: { store: await openFileStore(dir) } });
  const times: number[] = [];
  for (const q of questions.slice(0, queryCount)) {
    const t1 = performance.now();
    await opened.search(q, { limit: 10 });
    times.push(performance.now() - t1);
  }
  await opened.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  const sharded = option(argv, 'no-shards') === undefined ? await shardedRun(argv, docs, pages, log) : undefined;
  const ms = (xs: number[]) => ({ median: Math.round(percentile(xs, 50)), min: Math.round(Math.min(...xs)), max: Math.round(Math.max(...xs)) });
  return {
    suite: 'index',
    corpus: { documents: docs.length, passages, raw_text_bytes: rawText },
    build_s: round1(buildS),
    index_bytes: indexBytes,
    index_gzip_bytes: gzipBytes,
    index_to_text: Math.round((100 * indexBytes) / rawText) / 100,
    index_gzip_to_text: Math.round((100 * gzipBytes) / rawText) / 100,
    files: files.length,
    load_to_ready_ms: { folder: ms(fromFolder), fetch: ms(fromFetch), target: 300 },
    query_ms: { p50: round1(percentile(times, 50)), p95: round1(percentile(times, 95)), queries: times.length },
    ...(browser ? { browser_load_to_ready_ms: browser } : {}),
    ...(sharded ? { sharded } : {}),
  };
}

/** A fetch over files held in memory that counts what it served, raw and as gzip. */
function countingFetch(files: Map<string, Uint8Array>) {
  const gzip = new Map<string, number>();
  const served = { raw: 0, gzip: 0, requests: 0, termsGzip: 0, timesGzip: 0 };
  const fetchFn = (async (input: string | URL | Request) => {
    const name = new URL(String(input instanceof Request ? input.url : input)).pathname.replace(/^\/almanac\//, '');
    const bytes = files.get(name);
    if (!bytes) return new Response('', { status: 404 });
    let g = gzip.get(name);
    if (g === undefined) gzip.set(name, (g = zlib.gzipSync(bytes).length));
    served.raw += bytes.length;
    served.gzip += g;
    if (name.startsWith('terms/')) served.termsGzip += g;
    if (name.startsWith('times/')) served.timesGzip += g;
    served.requests++;
    return new Response(bytes.slice());
  }) as typeof fetch;
  return { fetchFn, served };
}

async function shardedRun(argv: string[], timeqa: DocumentInput[], pages: ReturnType<typeof readTimeQa>, log: (line: string) => void): Promise<Record<string, unknown>> {
  const copies = Number(option(argv, 'copies', '4')) || 4;
  const hitabLimit = Number(option(argv, 'hitab', '100000')) || 100000;
  const queryCount = Number(option(argv, 'sharded-queries', '51')) || 51;
  const docs: DocumentInput[] = [];
  for (let k = 0; k < copies; k++) for (const d of timeqa) docs.push({ ...d, id: `${k}/${d.id}` });
  const seen = new Set<string>();
  const hitabFile = dataPath(argv, 'hitab-tables', '../shared/data/hitab/tables.jsonl');
  for (const line of fs.readFileSync(hitabFile, 'utf8').split('\n')) {
    if (!line.trim() || seen.size >= hitabLimit) continue;
    const t = JSON.parse(line) as { canonical_id: string; html: string };
    if (seen.has(t.canonical_id)) continue;
    seen.add(t.canonical_id);
    docs.push({ id: `hitab/${t.canonical_id}`, name: `${t.canonical_id}.html`, content: t.html, format: 'html' });
  }
  log(`sharded: indexing ${docs.length} documents (TimeQA x${copies}, ${seen.size} HiTab tables)`);
  let t = performance.now();
  const full = await createAlmanac();
  // `--corpus-cache FILE`: the ingested corpus kept between runs (the same documents give the same bytes).
  const cacheFile = option(argv, 'corpus-cache');
  if (cacheFile && fs.existsSync(cacheFile)) await full.importCorpus(new Uint8Array(fs.readFileSync(cacheFile)));
  else await full.ingest(docs, { onProgress: (p) => p.done % 20000 < 200 && log(`  ingest ${p.done}/${p.total}`) });
  const ingestS = (performance.now() - t) / 1000;
  const { passages } = await full.stats();
  const whole = await full.exportCorpus();
  if (cacheFile && !fs.existsSync(cacheFile)) fs.writeFileSync(cacheFile, whole);
  const questions = pages.flatMap((p, pi) => p.questions.map((q) => ({ q: q[0], gold: new Set(q[1].map((a) => `${pi}:${a.para}`)) })));
  // Spread over the file, not its first pages only.
  const step = Math.max(1, Math.floor(questions.length / queryCount));
  const asked = questions.filter((_, i) => i % step === 0).slice(0, queryCount);
  const goldIn = (ids: string[], gold: Set<string>) => ids.some((id) => gold.has(id.replace(/^\d+\//, '')));
  const theirs: string[][] = [];
  for (const { q } of asked) theirs.push((await full.search(q, { limit: 5 })).results.map((r) => r.passage.docId));
  await full.close();
  const wholeGzip = zlib.gzipSync(whole).length;
  // Layouts to compare in one run (comma lists): each is split from the same ingest.
  const list = (name: string) => (option(argv, name) ?? '').split(',').filter(Boolean);
  const fragmentChoices = list('fragmentChars').map(Number);
  const collapseChoices = list('collapse').map((v) => v !== 'off');
  const candidateChoices = list('candidates').map(Number);
  const poolChoices = list('pool').map(Number);
  const leaderChoices = list('leaders').map(Number);
  const scopeChoices = list('scope') as Array<'session' | 'pool'>;
  const layouts: Array<Record<string, unknown>> = [];
  for (const fragmentChars of fragmentChoices.length ? fragmentChoices : [undefined]) {
    for (const collapseDuplicates of collapseChoices.length ? collapseChoices : [undefined]) {
      t = performance.now();
      const sizes = {
        ...Object.fromEntries((['maxPostings', 'shardBytes'] as const).flatMap((k) => (option(argv, k) ? [[k, Number(option(argv, k))]] : []))),
        ...(fragmentChars ? { fragmentChars } : {}),
        ...(collapseDuplicates === undefined ? {} : { collapseDuplicates }),
      };
      const { manifest, files } = writeShardedIndex(mergeSegments(readCorpusFile(whole).segments), sizes);
      const splitS = (performance.now() - t) / 1000;
      const byName = new Map(files.map((f) => [f.name, f.bytes]));
      const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest));
      byName.set('index.json', manifestBytes);
      const totalRaw = files.reduce((n, f) => n + f.bytes.length, 0);
      log(`sharded ${JSON.stringify(sizes)}: ${manifest.counts.termShards} term shards, ${manifest.counts.fragments} fragments, ${totalRaw} bytes; manifest ${manifestBytes.length} bytes (${zlib.gzipSync(manifestBytes).length} gzip); whole index ${whole.length} bytes (${wholeGzip} gzip)`);
      const choices = (candidateChoices.length ? candidateChoices : [undefined]).flatMap((candidates) => (poolChoices.length ? poolChoices : [undefined])
        .flatMap((pool) => (leaderChoices.length ? leaderChoices : [undefined]).flatMap((leaders) => (scopeChoices.length ? scopeChoices : [undefined]).map((scope) => ({ candidates, pool, leaders, scope })))));
      for (const { candidates, pool, leaders, scope } of choices) {
        const { fetchFn, served } = countingFetch(byName);
        t = performance.now();
        const lazy = await openShardedIndex('http://site.test/almanac/index.json', { fetch: fetchFn, ...(candidates ? { candidates } : {}), ...(pool !== undefined ? { pool } : {}), ...(leaders !== undefined ? { leaders } : {}), ...(scope ? { scope } : {}) });
        const perQuery: Array<{ gzip: number; requests: number; ms: number }> = [];
        let firstResultMs = 0;
        let overlap = 0;
        let sameFirst = 0;
        // Gold counts per fold (questions alternate between folds 0 and 1), so that a choice made on one is checked on the other.
        const goldFull = [0, 0];
        const goldSharded = [0, 0];
        // Questions whose gold paragraph the session holds once it is asked (fetched now or before): the ceiling of the final ranking.
        let goldHeld = 0;
        for (const [i, { q, gold }] of asked.entries()) {
          const before = { ...served };
          const t1 = performance.now();
          const res = await lazy.search(q, { limit: 5 });
          const took = performance.now() - t1;
          if (i === 0) firstResultMs = performance.now() - t;
          perQuery.push({ gzip: served.gzip - before.gzip, requests: served.requests - before.requests, ms: took });
          const mine = res.results.map((r) => r.passage.docId);
          overlap += mine.filter((d) => theirs[i]!.includes(d)).length / Math.max(1, theirs[i]!.length);
          if (mine[0] === theirs[i]![0]) sameFirst++;
          if (goldIn(mine, gold)) goldSharded[i % 2]!++;
          if (goldIn((await lazy.documents()).map((d) => d.id), gold)) goldHeld++;
          if (goldIn(theirs[i]!, gold)) goldFull[i % 2]!++;
        }
        await lazy.close();
        const first = perQuery[0]!;
        const nextTen = perQuery.slice(1, 11);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        const n = asked.length;
        const fold = (k: number) => asked.filter((_, i) => i % 2 === k).length;
        const embed = embedGzipBytes();
        const layout = {
          sizes, candidates: candidates ?? CANDIDATES, pool: pool ?? POOL, leaders: leaders ?? LEADERS, scope: scope ?? SCOPE,
          split_s: round1(splitS),
          files: files.length + 1,
          term_shards: manifest.counts.termShards,
          fragments: manifest.counts.fragments,
          bytes_raw: totalRaw + manifestBytes.length,
          manifest_gzip_bytes: zlib.gzipSync(manifestBytes).length,
          first_query: { gzip_bytes: first.gzip, requests: first.requests, with_embed_gzip_bytes: embed === undefined ? null : first.gzip + embed, target: 300_000 },
          next_ten_queries: { gzip_bytes: sum(nextTen.map((x) => x.gzip)), per_query_max: Math.max(...nextTen.map((x) => x.gzip)), requests: sum(nextTen.map((x) => x.requests)) },
          per_query_gzip_p50: percentile(perQuery.map((x) => x.gzip), 50),
          session_gzip_bytes: sum(perQuery.map((x) => x.gzip)),
          session_term_shards_gzip_bytes: served.termsGzip,
          session_time_shards_gzip_bytes: served.timesGzip,
          time_to_first_result_ms: Math.round(firstResultMs),
          query_ms_p50: round1(percentile(perQuery.map((x) => x.ms), 50)),
          agreement_with_whole_index: {
            queries: n,
            top5_overlap: Math.round((100 * overlap) / n) / 100,
            same_first: Math.round((100 * sameFirst) / n) / 100,
            gold_in_top5_whole: Math.round((100 * (goldFull[0]! + goldFull[1]!)) / n) / 100,
            gold_in_top5_sharded: Math.round((100 * (goldSharded[0]! + goldSharded[1]!)) / n) / 100,
            gold_in_top5_sharded_folds: [0, 1].map((k) => Math.round((100 * goldSharded[k]!) / fold(k)) / 100),
            gold_fetched: Math.round((100 * goldHeld) / n) / 100,
          },
        };
        log(`  ${JSON.stringify(layout)}`);
        layouts.push(layout);
      }
    }
  }
  // The whole index, loaded as the element loads an unsharded one (from memory: no network).
  t = performance.now();
  const loaded = await createAlmanac();
  await loaded.importCorpus(whole);
  await loaded.search(asked[0]!.q, { limit: 5 });
  const wholeReadyMs = performance.now() - t;
  await loaded.close();
  return {
    corpus: { documents: docs.length, passages, timeqa_copies: copies, hitab_tables: seen.size },
    ingest_s: Math.round(ingestS),
    embed_gzip_bytes: embedGzipBytes() ?? null,
    whole_index: { gzip_bytes: wholeGzip, raw_bytes: whole.length, load_to_first_result_ms: Math.round(wholeReadyMs) },
    ...layouts[0],
    layouts,
  };
}

/**
 * Gzip bytes of what the one-tag embed downloads before its first result over a prebuilt index:
 * what `npm run size` counts at start plus the prebuilt-index chunk the worker imports for
 * `index=`, from `dist/embed/` (`npm run build:package`), if built.
 */
function embedGzipBytes(dir = path.join(import.meta.dirname, '..', 'dist', 'embed')): number | undefined {
  if (!fs.existsSync(path.join(dir, 'almanac-search.js'))) return undefined;
  const size = measureEmbed(dir);
  return size.atStart + size.lazyChunks.filter((c) => c.file.startsWith('prebuilt-store')).reduce((n, c) => n + c.gzip, 0);
}

/** Navigation start to `almanac-ready` in Chromium, first visit (fresh profile) and next visit (cached). */
async function browserReady(indexDir: string, runs: number, log: (line: string) => void): Promise<Record<string, unknown>> {
  const { build } = await import('vite');
  const { launch, root } = await import('../test/e2e/harness.ts');
  const { serveStatic } = await import('../test/e2e/static-site.ts');
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-bench-site-'));
  await build({ root, configFile: path.join(root, 'vite.element.config.ts'), logLevel: 'error', build: { outDir: path.join(site, 'almanac'), emptyOutDir: true } });
  for (const f of fs.readdirSync(indexDir)) fs.copyFileSync(path.join(indexDir, f), path.join(site, 'almanac', f));
  fs.copyFileSync(path.join(root, 'examples/site/index.html'), path.join(site, 'index.html'));
  const server = await serveStatic(site);
  const first: number[] = [];
  const next: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const b = await launch(site);
      try {
        await b.context.addInitScript(() => {
          document.addEventListener('almanac-ready', () => { (window as unknown as { __ready: number }).__ready = performance.now(); });
          document.addEventListener('almanac-error', (e) => { (window as unknown as { __error: string }).__error = JSON.stringify((e as CustomEvent).detail); });
        });
        for (const into of [first, next]) {
          await b.page.goto(server.origin);
          await b.page.waitForFunction(() => (window as unknown as { __ready?: number; __error?: string }).__ready ?? (window as unknown as { __error?: string }).__error, undefined, { timeout: 120_000 });
          const err = await b.page.evaluate(() => (window as unknown as { __error?: string }).__error);
          if (err) throw new Error(`the element failed: ${err}`);
          into.push(await b.page.evaluate(() => (window as unknown as { __ready: number }).__ready));
        }
        log(`browser ${i + 1}: first visit ${Math.round(first.at(-1)!)} ms, next ${Math.round(next.at(-1)!)} ms`);
      } finally {
        await b.close();
      }
    }
  } finally {
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
  const ms = (xs: number[]) => ({ median: Math.round(percentile(xs, 50)), min: Math.round(Math.min(...xs)), max: Math.round(Math.max(...xs)) });
  return { first_visit: ms(first), next_visit_cached: ms(next), note: 'navigation start to almanac-ready: script, worker, index fetched from localhost or Cache Storage, decoded and indexed' };
}

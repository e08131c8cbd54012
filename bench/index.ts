import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createAlmanac } from '../src/index.ts';
import { openFileStore } from '../src/storage/file-store.ts';
import { openPrebuiltStore } from '../src/storage/prebuilt-store.ts';
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
 * - query p50 / p95 on the loaded index over TimeQA's questions (default search).
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

  opened = await createAlmanac({ storage: { store: await openFileStore(dir) } });
  const times: number[] = [];
  for (const q of questions.slice(0, queryCount)) {
    const t1 = performance.now();
    await opened.search(q, { limit: 10 });
    times.push(performance.now() - t1);
  }
  await opened.close();
  fs.rmSync(tmp, { recursive: true, force: true });
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
  };
}

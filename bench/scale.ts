import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createAlmanac, type DocumentInput } from '../src/index.ts';
import { dataPath, option, percentile, round1 } from './args.ts';
import { mb, retainedBytes } from './memory.ts';
import { readTimeQa, timeQaDocuments } from './timeqa.ts';

/**
 * `npm run bench -- scale [--timeqa PATH] [--sizes 1,4,16]`: every TimeQA paragraph replicated
 * N times under new ids (copy `k` of document `p:i` is `k/p:i`), persisted in IndexedDB
 * (fake-indexeddb) in Node. At each size: ingest passages/s, the memory of an engine that opened it,
 * stored bytes, the open of the stored corpus (a fresh engine over the same database), and
 * plain query p50 / p95 over TimeQA's questions. Then how each figure grows with the corpus:
 * the exponent `log(value ratio) / log(size ratio)` from the smallest to the largest size
 * (1 = linear, below 1 sublinear).
 */
export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const pages = readTimeQa(dataPath(argv, 'timeqa', '../shared/data/timeqa/train.json'));
  const base = timeQaDocuments(pages);
  const questions = pages.flatMap((p) => p.questions.map((q) => q[0]));
  const factors = (option(argv, 'sizes', '1,4,16') ?? '1,4,16').split(',').map(Number).filter((n) => n > 0);
  const sizes: Array<Record<string, number>> = [];
  for (const factor of factors) {
    const docs: DocumentInput[] = [];
    for (let k = 0; k < factor; k++) for (const d of base) docs.push({ ...d, id: `${k}/${d.id}` });
    const factory = new IDBFactory();
    const storage = { indexedDB: { name: `bench-scale-${factor}`, factory } };

    const almanac = await createAlmanac({ storage });
    let t = performance.now();
    await almanac.ingest(docs, { onProgress: (p) => p.done % 20000 < 200 && log(`  ${factor}x: ingest ${p.done}/${p.total}`) });
    const ingestS = (performance.now() - t) / 1000;
    const { passages } = await almanac.stats();
    const storedBytes = await (almanac as unknown as { storedBytes(): Promise<number> }).storedBytes();
    await almanac.close();

    // The engine's memory is what opening the stored corpus adds (fake-indexeddb holds the
    // stored bytes in this process too, before and after).
    const before = retainedBytes();
    t = performance.now();
    const opened = await createAlmanac({ storage });
    const openMs = performance.now() - t;
    const heap = retainedBytes() - before;
    if ((await opened.stats()).passages !== passages) throw new Error(`open lost passages at ${factor}x`);
    const times: number[] = [];
    for (const q of questions) {
      const t1 = performance.now();
      await opened.search(q, { limit: 10, temporal: false });
      times.push(performance.now() - t1);
    }
    await opened.close();
    const row = {
      factor, passages,
      ingest_passages_per_s: Math.round(passages / ingestS),
      open_ms: Math.round(openMs),
      query_ms_p50: round1(percentile(times, 50)),
      query_ms_p95: round1(percentile(times, 95)),
      heap_mb: mb(heap),
      stored_bytes: storedBytes,
    };
    log(`${factor}x: ${JSON.stringify(row)}`);
    sizes.push(row);
  }
  const first = sizes[0]!;
  const last = sizes.at(-1)!;
  const growth: Record<string, number> = {};
  if (sizes.length > 1) {
    const span = Math.log(last.passages! / first.passages!);
    for (const key of ['ingest_s', 'open_ms', 'query_ms_p50', 'query_ms_p95', 'heap_mb', 'stored_bytes'] as const) {
      const value = (row: Record<string, number>) => (key === 'ingest_s' ? row.passages! / row.ingest_passages_per_s! : row[key]!);
      growth[key] = Math.round((100 * Math.log(value(last) / value(first))) / span) / 100;
    }
  }
  return { suite: 'scale', sizes, growth_exponent: growth };
}

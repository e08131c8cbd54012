/**
 * `npm run bench -- peers [--timeqa PATH] [--passes N]`: Almanac's plain first stage against the
 * JS search libraries a user would pick instead, side by side in one process, on every TimeQA
 * paragraph: ingest time, the heap each holds after its ingest (retained after full collections;
 * a library's index alone and with the texts an app shows, which Almanac keeps itself), query
 * p50 / p95 (`--passes` passes over the questions, default 3, one only where a pass takes
 * over 15 s; each figure the median of the passes' figures, with their range), and AR@1 / ER@1 of the top 20 as `bench speed` counts
 * them. Peers: MiniSearch 7.2 with its defaults and with Orama's English stemmer (the one
 * Almanac uses), FlexSearch 0.8 with its defaults (`suggest`, so a question needs not match
 * every word). Each engine is built, measured and dropped before the next one.
 */
import MiniSearch from 'minisearch';
import { Index as FlexIndex } from 'flexsearch';
import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { createAlmanac } from '../src/index.ts';
import { dataPath, option, percentile, round1 } from './args.ts';
import { readTimeQa, timeQaDocuments } from './timeqa.ts';
import { normalizeAnswer, timeQaQuestions } from './temporal.ts';
import { mb, retainedBytes } from './memory.ts';

interface Engine {
  name: string;
  /** Builds the index over `docs`; returns the search (ids best first) and what must stay alive. */
  build(docs: Array<{ id: string; name: string; content: string }>): Promise<{ search: (q: string) => Promise<string[]>; hold: unknown; close?: () => Promise<void> }>;
  /** Whether the engine keeps the texts itself (Almanac) or an app must (the libraries). */
  keepsText: boolean;
}

const stem = oramaTokenizer.createTokenizer({ stemming: true }).stemmer!;

const ENGINES: Engine[] = [
  {
    name: 'almanac (plain BM25)',
    keepsText: true,
    async build(docs) {
      const almanac = await createAlmanac();
      await almanac.ingest(docs.map((d) => ({ ...d, name: d.name, format: 'text' as const })));
      return {
        hold: almanac,
        search: async (q) => (await almanac.search(q, { limit: 20, temporal: false })).results.map((r) => r.passage.docId),
        close: () => almanac.close(),
      };
    },
  },
  {
    name: 'minisearch 7.2 (defaults)',
    keepsText: false,
    async build(docs) {
      const index = new MiniSearch({ fields: ['name', 'content'] });
      index.addAll(docs);
      return { hold: index, search: async (q) => index.search(q).slice(0, 20).map((r) => String(r.id)) };
    },
  },
  {
    name: 'minisearch 7.2 + English stemmer',
    keepsText: false,
    async build(docs) {
      const index = new MiniSearch({ fields: ['name', 'content'], processTerm: (t) => stem(t.toLowerCase()) });
      index.addAll(docs);
      return { hold: index, search: async (q) => index.search(q).slice(0, 20).map((r) => String(r.id)) };
    },
  },
  {
    name: 'flexsearch 0.8 (defaults)',
    keepsText: false,
    async build(docs) {
      const index = new FlexIndex();
      for (const [i, d] of docs.entries()) index.add(i, `${d.name}\n${d.content}`);
      return { hold: index, search: async (q) => (index.search(q, { limit: 20, suggest: true }) as number[]).map((i) => docs[i]!.id) };
    },
  },
];

/** A pass slower than this is not repeated (MiniSearch's defaults take ~1 min a pass here). */
const REPEAT_UNDER_MS = 15_000;

/** One engine built, measured and dropped; its index lives only inside this call. */
async function measure(engine: Engine, docs: Array<{ id: string; name: string; content: string }>, questions: ReturnType<typeof timeQaQuestions>, textOf: Map<string, string>, passes: number): Promise<Record<string, unknown>> {
  const before = retainedBytes();
  const t = performance.now();
  const built = await engine.build(docs);
  const ingestS = (performance.now() - t) / 1000;
  const heap = retainedBytes() - before;
  // The texts an app shows with a library's hits: fresh copies, held beside its index.
  const texts = engine.keepsText ? [] : docs.map((d) => Buffer.from(d.content).toString());
  const heapWithText = engine.keepsText ? heap : retainedBytes() - before;
  let ar = 0;
  let er = 0;
  const p50: number[] = [];
  const p95: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const times: number[] = [];
    for (const q of questions) {
      const t1 = performance.now();
      const ids = await built.search(q.text);
      times.push(performance.now() - t1);
      if (pass > 0) continue;
      if (q.gold.has(ids[0] ?? '')) er++;
      const top = ids[0] === undefined ? undefined : textOf.get(ids[0]);
      if (top !== undefined && q.answers.some((a) => ` ${top} `.includes(` ${a} `))) ar++;
    }
    p50.push(percentile(times, 50));
    p95.push(percentile(times, 95));
    if (times.reduce((a, b) => a + b, 0) > REPEAT_UNDER_MS) break;
  }
  await built.close?.();
  return {
    engine: engine.name,
    ingest_s: round1(ingestS),
    ingest_passages_per_s: Math.round(docs.length / ingestS),
    heap_mb: mb(heap),
    heap_mb_with_text: mb(heapWithText),
    texts_held: texts.length,
    query_passes: p50.length,
    query_ms_p50: round1(percentile(p50, 50)),
    query_ms_p50_range: [round1(Math.min(...p50)), round1(Math.max(...p50))],
    query_ms_p95: round1(percentile(p95, 50)),
    query_ms_p95_range: [round1(Math.min(...p95)), round1(Math.max(...p95))],
    'AR@1': round1((100 * ar) / questions.length),
    'ER@1': round1((100 * er) / questions.length),
  };
}

/** Runs the suite. */
export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const pages = readTimeQa(dataPath(argv, 'timeqa', '../shared/data/timeqa/train.json'));
  const docs = timeQaDocuments(pages).map((d) => ({ id: d.id!, name: d.name!, content: d.content }));
  const questions = timeQaQuestions(pages);
  const passes = Math.max(1, Number(option(argv, 'passes', '3')));
  const textOf = new Map(docs.map((d) => [d.id, normalizeAnswer(d.content)]));
  log(`peers: ${docs.length} paragraphs, ${questions.length} questions, ${passes} passes`);
  // Almanac loads parts of itself on first use: loaded here, outside every measurement.
  const warm = await ENGINES[0]!.build(docs.slice(0, 50));
  await warm.close?.();
  const rows: Array<Record<string, unknown>> = [];
  for (const engine of ENGINES) {
    const row = await measure(engine, docs, questions, textOf, passes);
    log(JSON.stringify(row));
    rows.push(row);
  }
  return { suite: 'peers', paragraphs: docs.length, questions: questions.length, passes, engines: rows };
}

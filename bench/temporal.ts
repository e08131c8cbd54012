/**
 * `npm run bench -- temporal [--timeqa PATH] [--embedder ID]`: retrieval on TimeQA through
 * the real engine. Corpus: every paragraph of every page, each its own document (named
 * with the page title, so passages carry it as heading). Gold: the `(page, para)` of any
 * answer. ER@k: a gold paragraph is in the top k; AR@k: the normalised answer occurs in
 * one of the top k passages. Configs: `bm25` (whole question, plain BM25, temporal path
 * off) and `bm25+temporal` (MC to BM25, then the semantic-temporal rerank; zero-download).
 * `folds`: AR@1 / ER@1 of `bm25+temporal` on each half of the questions, split by page (even /
 * odd page index; `by_fold` has them for every configuration). `--sweep` re-checks every
 * setting of `src/temporal/settings.ts` (and `RETRIEVAL.temporalCandidates`) by two-fold
 * cross-validation over those halves (`bench/folds.ts`); `--sweep NAME` only the settings whose
 * name contains NAME.
 */
import { writeFileSync } from 'node:fs';
import { createAlmanac } from '../src/index.ts';
import type { Almanac, Embedder } from '../src/types.ts';
import { dataPath, option, percentile, round1 } from './args.ts';
import { readTimeQa, timeQaDocuments, type TimeQaPage } from './timeqa.ts';
import { checkSettings } from './folds.ts';

const KS = [1, 2, 3, 5, 10, 20] as const;

/** TimeQA's answer normalisation: lower case, no punctuation, no articles, single spaces. */
export function normalizeAnswer(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\b(?:a|an|the)\b/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A TimeQA question: its text, the `(page, para)` ids of its gold paragraphs, its normalised answers. */
export interface TimeQaQuestion {
  text: string;
  gold: Set<string>;
  answers: string[];
}
type Question = TimeQaQuestion;

/** Every question of the pages, with its gold paragraphs (ids as `timeQaDocuments` names them). */
export function timeQaQuestions(pages: TimeQaPage[]): TimeQaQuestion[] {
  const questions: Question[] = [];
  pages.forEach((page, p) => {
    for (const [text, answers] of page.questions) {
      questions.push({
        text,
        gold: new Set(answers.map((a) => `${p}:${a.para}`)),
        answers: [...new Set(answers.map((a) => normalizeAnswer(a.answer)).filter(Boolean))],
      });
    }
  });
  return questions;
}

/** Runs the suite. */
export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const file = dataPath(argv, 'timeqa', '../shared/data/timeqa/train.json');
  const pages = readTimeQa(file);
  const docs = timeQaDocuments(pages);
  const questions = timeQaQuestions(pages);

  let embedder: Embedder | undefined;
  const embedderId = option(argv, 'embedder');
  if (embedderId) {
    // Loaded only when asked: zero-download runs never import ONNX Runtime.
    const { loadEmbedder } = await import('../src/models/index.ts');
    embedder = await loadEmbedder(embedderId);
    log(`embedder: ${embedder.id} on ${embedder.device}`);
  }

  const configs: Record<string, Record<string, number>> = {};
  // --dump PATH: every question's ranked passage ids per configuration, to check that a change
  // meant for speed leaves the rankings identical (compare two dumps with `cmp`).
  const dumpPath = option(argv, 'dump');
  const dump: Record<string, string[][]> = {};
  const byFold: Record<string, Record<string, Record<string, number>>> = {};
  let passages = 0;
  let sweep: Awaited<ReturnType<typeof checkSettings>> | undefined;
  const sweepOption = option(argv, 'sweep');
  // Zero-download first; with an embedder, the same questions again on a hybrid index.
  const engines: Array<[string, Embedder | undefined]> = [['bm25', undefined]];
  if (embedder) engines.push(['hybrid', embedder]);
  for (const [mode, model] of engines) {
    const almanac: Almanac = await createAlmanac(model ? { embedder: model } : {});
    const t0 = performance.now();
    await almanac.ingest(docs, { onProgress: (p) => p.done % 4000 < 200 && log(`  ${mode}: ingest ${p.phase} ${p.done}/${p.total}`) });
    const stats = await almanac.stats();
    passages = stats.passages;
    log(`temporal (${mode}): ${questions.length} questions, ${docs.length} paragraphs -> ${stats.passages} passages (ingest ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    for (const [name, temporal] of [[mode, false], [`${mode}+temporal`, true]] as const) {
      const folds: Record<string, Record<string, number>> = {};
      configs[name] = await evaluate(almanac, questions, temporal, (dump[name] = []), folds);
      const row = configs[name]!;
      byFold[name] = folds;
      log(`${name.padEnd(16)} ${KS.map((k) => `ER@${k} ${row[`ER@${k}`]}`).join('  ')}`);
      log(`${''.padEnd(16)} ${KS.map((k) => `AR@${k} ${row[`AR@${k}`]}`).join('  ')}  p50 ${row.query_ms_p50} ms`);
      log(`${''.padEnd(16)} folds by page: ${Object.entries(folds).map(([f, x]) => `${f} AR@1 ${x['AR@1']} ER@1 ${x['ER@1']}`).join('  ')}`);
    }
    if (mode === 'bm25' && sweepOption !== undefined) {
      log('two-fold check of the temporal settings (AR@1/ER@1 fold 0, fold 1):');
      sweep = await checkSettings(async () => {
        const folds: Record<string, Record<string, number>> = {};
        await evaluate(almanac, questions, true, [], folds);
        return [folds.fold0!, folds.fold1!].map((f) => ({ 'AR@1': f['AR@1']!, 'ER@1': f['ER@1']! }));
      }, log, sweepOption || undefined);
    }
    await almanac.close();
  }
  await embedder?.dispose();
  if (dumpPath) writeFileSync(dumpPath, JSON.stringify(dump));
  const chosen = byFold[embedder ? 'hybrid+temporal' : 'bm25+temporal'] ?? byFold['bm25+temporal'];
  return {
    suite: 'temporal', questions: questions.length, passages, configs, by_fold: byFold,
    ...(chosen ? { folds: [chosen.fold0, chosen.fold1].map((f) => ({ 'AR@1': f!['AR@1'], 'ER@1': f!['ER@1'] })) } : {}),
    ...(sweep ? { sweep } : {}),
  };
}

/** ER@k and AR@k (data README definitions) and the median query time of one configuration. */
export async function evaluate(almanac: Almanac, questions: Question[], temporal: boolean, ranked: string[][] = [], folds?: Record<string, Record<string, number>>): Promise<Record<string, number>> {
  const er = new Array<number>(KS.length).fill(0);
  const ar = new Array<number>(KS.length).fill(0);
  // Two folds by page (even / odd page index), to check that a change holds on both.
  const foldHits = [0, 1].map(() => ({ n: 0, er: 0, ar: 0 }));
  const times: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    const res = await almanac.search(q.text, { limit: 20, temporal });
    times.push(performance.now() - t);
    ranked.push(res.results.map((r) => r.passage.id));
    const texts = res.results.map((r) => normalizeAnswer(r.passage.text));
    const firstGold = res.results.findIndex((r) => q.gold.has(r.passage.docId));
    const firstAnswer = texts.findIndex((t) => q.answers.some((a) => ` ${t} `.includes(` ${a} `)));
    KS.forEach((k, i) => {
      if (firstGold >= 0 && firstGold < k) er[i]!++;
      if (firstAnswer >= 0 && firstAnswer < k) ar[i]!++;
    });
    const fold = foldHits[Number([...q.gold][0]?.split(':')[0] ?? 0) % 2]!;
    fold.n++;
    if (firstGold === 0) fold.er++;
    if (firstAnswer === 0) fold.ar++;
  }
  if (folds) foldHits.forEach((f, i) => { folds[`fold${i}`] = { questions: f.n, 'AR@1': round1((100 * f.ar) / f.n), 'ER@1': round1((100 * f.er) / f.n) }; });
  const row: Record<string, number> = {};
  KS.forEach((k, i) => { row[`ER@${k}`] = round1((100 * er[i]!) / questions.length); });
  KS.forEach((k, i) => { row[`AR@${k}`] = round1((100 * ar[i]!) / questions.length); });
  row.query_ms_p50 = round1(percentile(times, 50));
  return row;
}

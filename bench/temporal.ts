/**
 * `npm run bench -- temporal [--timeqa PATH] [--embedder ID] [--sweep [NAME]]`: retrieval on TimeQA through
 * the real engine. Corpus: every paragraph of every page, each its own document (named
 * with the page title, so passages carry it as heading). Gold: the `(page, para)` of any
 * answer. ER@k: a gold paragraph is in the top k; AR@k: the normalised answer occurs in
 * one of the top k passages. Configs: `bm25` (whole question, plain BM25, temporal path
 * off) and `bm25+temporal` (MC to BM25, then the semantic-temporal rerank; zero-download).
 * `folds`: AR@1 / ER@1 of `bm25+temporal` on each half of the questions, split by page (even /
 * odd page index). `--sweep` re-checks every setting of `src/temporal/settings.ts` (and
 * `RETRIEVAL.temporalCandidates`) by two-fold cross-validation over those halves
 * (`bench/folds.ts`); `--sweep NAME` only the settings whose name contains NAME.
 */
import { createAlmanac } from '../src/index.ts';
import type { Almanac, Embedder } from '../src/types.ts';
import { dataPath, option, percentile, round1 } from './args.ts';
import { readTimeQa, timeQaDocuments } from './timeqa.ts';
import { checkSettings, foldFigures, type Outcome } from './folds.ts';

const KS = [1, 2, 3, 5, 10, 20] as const;

/** TimeQA's answer normalisation: lower case, no punctuation, no articles, single spaces. */
export function normalizeAnswer(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\b(?:a|an|the)\b/g, ' ').replace(/\s+/g, ' ').trim();
}

interface Question {
  text: string;
  /** Which half of the pages the question's page is in (two-fold checks). */
  fold: 0 | 1;
  gold: Set<string>;
  answers: string[];
}

/** Runs the suite. */
export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const file = dataPath(argv, 'timeqa', '../shared/data/timeqa/train.json');
  const pages = readTimeQa(file);
  const docs = timeQaDocuments(pages);
  const questions: Question[] = [];
  pages.forEach((page, p) => {
    for (const [text, answers] of page.questions) {
      questions.push({
        text,
        fold: (p % 2) as 0 | 1,
        gold: new Set(answers.map((a) => `${p}:${a.para}`)),
        answers: [...new Set(answers.map((a) => normalizeAnswer(a.answer)).filter(Boolean))],
      });
    }
  });

  let embedder: Embedder | undefined;
  const embedderId = option(argv, 'embedder');
  if (embedderId) {
    // Loaded only when asked: zero-download runs never import ONNX Runtime.
    const { loadEmbedder } = await import('../src/models/index.ts');
    embedder = await loadEmbedder(embedderId);
    log(`embedder: ${embedder.id} on ${embedder.device}`);
  }

  const configs: Record<string, Record<string, number>> = {};
  let passages = 0;
  let folds: ReturnType<typeof foldFigures> | undefined;
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
      const { row, outcomes } = await evaluate(almanac, questions, temporal);
      configs[name] = row;
      if (name === 'bm25+temporal') {
        folds = foldFigures(outcomes);
        log(`folds (by page): ${folds.map((f, i) => `${i}: AR@1 ${f['AR@1']} ER@1 ${f['ER@1']} (${f.questions} questions)`).join(', ')}`);
      }
      log(`${name.padEnd(16)} ${KS.map((k) => `ER@${k} ${row[`ER@${k}`]}`).join('  ')}`);
      log(`${''.padEnd(16)} ${KS.map((k) => `AR@${k} ${row[`AR@${k}`]}`).join('  ')}  p50 ${row.query_ms_p50} ms`);
    }
    if (mode === 'bm25' && sweepOption !== undefined) {
      log('two-fold check of the temporal settings (AR@1/ER@1 fold 0, fold 1):');
      sweep = await checkSettings(async () => (await evaluate(almanac, questions, true)).outcomes, log, sweepOption || undefined);
    }
    await almanac.close();
  }
  await embedder?.dispose();
  return {
    suite: 'temporal', questions: questions.length, passages, configs,
    ...(folds ? { folds: folds.map((f) => ({ 'AR@1': f['AR@1'], 'ER@1': f['ER@1'] })) } : {}),
    ...(sweep ? { sweep } : {}),
  };
}

/** ER@k and AR@k (data README definitions) and the median query time of one configuration. */
async function evaluate(almanac: Almanac, questions: Question[], temporal: boolean): Promise<{ row: Record<string, number>; outcomes: Outcome[] }> {
  const outcomes: Outcome[] = [];
  const er = new Array<number>(KS.length).fill(0);
  const ar = new Array<number>(KS.length).fill(0);
  const times: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    const res = await almanac.search(q.text, { limit: 20, temporal });
    times.push(performance.now() - t);
    const texts = res.results.map((r) => normalizeAnswer(r.passage.text));
    const firstGold = res.results.findIndex((r) => q.gold.has(r.passage.docId));
    const firstAnswer = texts.findIndex((t) => q.answers.some((a) => ` ${t} `.includes(` ${a} `)));
    KS.forEach((k, i) => {
      if (firstGold >= 0 && firstGold < k) er[i]!++;
      if (firstAnswer >= 0 && firstAnswer < k) ar[i]!++;
    });
    outcomes.push({ fold: q.fold, er1: firstGold === 0, ar1: firstAnswer === 0 });
  }
  const row: Record<string, number> = {};
  KS.forEach((k, i) => { row[`ER@${k}`] = round1((100 * er[i]!) / questions.length); });
  KS.forEach((k, i) => { row[`AR@${k}`] = round1((100 * ar[i]!) / questions.length); });
  row.query_ms_p50 = round1(percentile(times, 50));
  return { row, outcomes };
}

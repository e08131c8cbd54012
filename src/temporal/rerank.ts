/**
 * The semantic-temporal hybrid rerank (MRAG step 5): each candidate passage is scored by
 * its best sentence, `semantic(MC, sentence) x temporal(TC, sentence timestamps)^e`, using
 * the timestamps extracted at ingest (nothing is re-parsed here). Departures from MRAG,
 * each measured on TimeQA (see `settings.ts`): the temporal factor is raised to
 * `RERANK.temporalExponent`; an undated sentence inherits part of its passage's best
 * temporal score (`RERANK.inheritTemporal`; the explanation then shows that inherited
 * value with the sentence's empty `times`); and the passage score mixes in a share of the
 * first-stage rank (`RERANK.firstStageWeight`), evidence the best sentence alone lacks.
 */

import type { Passage, Sentence, TemporalConstraint, TemporalExplanation } from '../types.ts';
import { temporalScore } from './curves.ts';
import { contentTerms, createLexicalScorer } from './lexical-similarity.ts';
import { datedEvidence, failsNamedFlag } from './intervals.ts';
import { CURVES, RERANK } from './settings.ts';

/** What {@link rerankTemporal} takes. */
export interface RerankInput {
  mainContent: string;
  constraint: TemporalConstraint;
  candidates: Array<{ passage: Passage; score: number }>;
  /**
   * Similarity of the main content to each sentence (higher is closer; negatives count
   * as 0). Sentences come prefixed with their passage heading when the sentence does not
   * contain it. Default: the lexical similarity of `lexical-similarity.ts`.
   */
  semantic?: (query: string, sentences: string[]) => number[];
  /** A passage's document title, read with its heading by the default similarity (section passages of titled documents). */
  titleOf?: (passage: Passage) => string | undefined;
}

/** One reranked passage. */
export interface RerankedPassage {
  passage: Passage;
  score: number;
  explanation: TemporalExplanation;
}

function sentencesOf(p: Passage): Sentence[] {
  return p.sentences.length ? p.sentences : [{ start: 0, end: p.text.length, times: [] }];
}

/**
 * Reranks first-stage candidates for a time-constrained question, best first. Every result
 * explains itself: the constraint, its best sentence, that sentence's timestamps, and both
 * scores. Ties keep the first-stage order.
 */
export function rerankTemporal(input: RerankInput): RerankedPassage[] {
  const { mainContent, constraint, candidates, semantic } = input;
  const passages = candidates.map((c) => c.passage);
  let semanticOf: (i: number) => number[];
  if (semantic) {
    const texts: string[] = [];
    const offsets: number[] = [];
    for (const p of passages) {
      offsets.push(texts.length);
      for (const s of sentencesOf(p)) {
        const sentence = p.text.slice(s.start, s.end);
        texts.push(p.heading && !sentence.includes(p.heading) ? `${p.heading}: ${sentence}` : sentence);
      }
    }
    const all = semantic(mainContent, texts);
    semanticOf = (i) => sentencesOf(passages[i]!).map((_, j) => Math.max(0, all[offsets[i]! + j] ?? 0));
  } else {
    const scorer = createLexicalScorer(mainContent, passages, { titleOf: input.titleOf });
    semanticOf = (i) => scorer.scoreSentences(passages[i]!);
  }

  // First-stage evidence by rank (candidates with a strictly higher score), not by score:
  // BM25 scores spread unevenly from one query to the next, ranks do not.
  const scores = candidates.map((c) => c.score).sort((a, b) => b - a);
  const rankOf = (score: number): number => {
    let lo = 0, hi = scores.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (scores[mid]! > score) lo = mid + 1; else hi = mid; }
    return lo;
  };
  const w = RERANK.firstStageWeight;
  const questionTerms = new Set(contentTerms(mainContent));

  const out = candidates.map((c, i) => {
    const sems = semanticOf(i);
    // A column summary lists the dates of many rows: it states no time of its own.
    const sentences = c.passage.kind === 'table-column' ? sentencesOf(c.passage).map((s) => ({ ...s, times: [] })) : sentencesOf(c.passage);
    const temps = sentences.map((s) => {
      const dates = datedEvidence(s, constraint, questionTerms, contentTerms);
      const score = temporalScore(constraint, dates.times, dates.intervals);
      // A record that fails a yes / no field the question names ("LTS") does not meet it.
      const record = s.intervals?.find((iv) => iv.source === 'record');
      return record && failsNamedFlag(record, questionTerms, contentTerms) ? Math.min(score, CURVES.outside) : score;
    });
    const isDated = (s: Sentence) => s.times.length > 0 || !!s.intervals?.length;
    let dated = -1;
    sentences.forEach((s, j) => { if (isDated(s) && temps[j]! > dated) dated = temps[j]!; });
    const inherited = dated < 0 || (!RERANK.inheritNegative && dated < CURVES.noTimestamp) ? CURVES.noTimestamp : CURVES.noTimestamp + RERANK.inheritTemporal * (dated - CURVES.noTimestamp);
    let best = 0, bestScore = -1, bestSem = 0, bestTemp = 0;
    sentences.forEach((s, j) => {
      const sem = sems[j] ?? 0;
      const temp = isDated(s) ? temps[j]! : inherited;
      const score = sem * temp ** RERANK.temporalExponent;
      if (score > bestScore) { bestScore = score; best = j; bestSem = sem; bestTemp = temp; }
    });
    const s = sentences[best]!;
    const first = 1 / (1 + rankOf(c.score) / RERANK.firstStageRankScale);
    return {
      passage: c.passage,
      score: (1 - w) * bestScore + w * first,
      explanation: {
        constraint, mainContent,
        sentence: c.passage.text.slice(s.start, s.end),
        times: s.times,
        semantic: bestSem,
        temporal: bestTemp,
      },
      order: i,
    };
  });
  out.sort((a, b) => b.score - a.score || a.order - b.order);
  return out.map(({ passage, score, explanation }) => ({ passage, score, explanation }));
}

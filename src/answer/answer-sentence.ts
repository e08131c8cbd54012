/**
 * The answer sentence of a time-sensitive question, chosen across the best passages rather than
 * taken from the first one. The temporal reranker picks each passage's best sentence to rank
 * *passages*; a reader wants the one sentence that holds the answer, which is often another
 * sentence of the first passage ("He began his career at Victoria College" ranks the page,
 * "He went on to teach at Amherst College (1928-1965)" answers "where did he work from 1927 to
 * 1965?") or the best sentence of the second. Every sentence of the first few passages is scored
 * by what a reader looks for, without a model:
 *
 * - the sentence's own dates against the constraint (the temporal curves; an undated sentence
 *   borrows part of its passage's best, as the reranker does), and a bonus for having dates;
 * - the passage's rank as a prior (its reranked score against the first's);
 * - the question's main-content words the sentence itself names (rarity-weighted among the
 *   candidate sentences);
 * - names the question does not already give (capitalised words after the sentence's first:
 *   "who", "which team", "where" ask for one, and most asked-for things are named);
 * - whether the reranker chose it, and whether it opens its passage;
 * - whether it names the kind of thing a "which X" question asks for ("title", "school").
 *
 * The weights are `ANSWER_SETTINGS.sentence` (chosen on one fold of TimeQA pages, checked on the
 * other). Support: the best temporal evidence among the candidates (no sentence near the asked
 * time: no answer). Pure.
 */
import type { Sentence, TemporalConstraint } from '../types.ts';
import { temporalScore } from '../temporal/curves.ts';
import { CURVES, RERANK } from '../temporal/settings.ts';
import { analyzeQuestion, type QuestionAnalysis } from './question.ts';
import { ANSWER_SETTINGS } from './settings.ts';
import { answerTerms } from './synonyms.ts';
import { answerAt, isLeadIn, sentenceTerms, type TextAnswer, type TextSource } from './text-answer.ts';
import { looksLikeCode } from './code-text.ts';

/** One passage the answer sentence may come from. */
export interface SentenceCandidate {
  source: TextSource;
  /** The passage's search score relative to the first candidate's (1 for the first), > 0. */
  prior: number;
  /** The sentence the temporal reranker chose in this passage. */
  preferred?: string;
}

/** Options of {@link chooseAnswerSentence}. */
export interface AnswerSentenceOptions {
  /** The question's temporal constraint; without one the dates count for nothing. */
  constraint?: TemporalConstraint;
  /** The question without its time expression (the temporal path's main content); default the question. */
  mainContent?: string;
}

/** What {@link chooseAnswerSentence} found. */
export interface ChosenSentence {
  /** Index of the candidate the sentence stands in. */
  candidate: number;
  answer: TextAnswer;
  /** The best temporal score among the candidates' sentences, 0..1 (the support of a dated answer). */
  evidence: number;
}

const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);
/** A capitalised word: a letter of class Lu, then letters, digits, dots, hyphens or apostrophes. */
const CAPITALISED = /^\p{Lu}[\p{L}\p{N}.'’-]*$/u;

/**
 * Distinct names a sentence gives that `known` (the question's and the heading's terms) does
 * not: runs of capitalised words after the sentence's first word, months left out.
 */
export function novelNames(sentence: string, known: ReadonlySet<string>): number {
  const words = sentence.split(/\s+/).filter(Boolean);
  const runs: string[][] = [];
  let run: string[] = [];
  words.forEach((w, i) => {
    const clean = w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const name = i > 0 && CAPITALISED.test(clean) && !MONTHS.has(clean.toLowerCase()) && clean !== 'I';
    if (name) run.push(clean);
    if (!name || /[,;:)]$/.test(w)) {
      if (run.length) runs.push(run);
      run = [];
    }
  });
  if (run.length) runs.push(run);
  let novel = 0;
  for (const r of runs) if (answerTerms(r.join(' ')).some((t) => !known.has(t))) novel++;
  return novel;
}

/** Picks the answer sentence among `candidates` (best passage first); undefined when there are none. */
export function chooseAnswerSentence(analysis: QuestionAnalysis, candidates: SentenceCandidate[], options: AnswerSentenceOptions = {}): ChosenSentence | undefined {
  const w = ANSWER_SETTINGS.sentence;
  const { constraint } = options;
  const main = answerTerms(options.mainContent ?? analysis.question);
  const question = new Set(answerTerms(analysis.question));
  type Row = { c: number; s: Sentence; i: number; terms: Set<string>; temporal: number; dated: boolean; text: string };
  const rows: Row[] = [];
  let intervalSupport = 0;
  candidates.forEach((cand, c) => {
    const src = cand.source;
    const sentences = src.sentences.length ? src.sentences : [{ start: 0, end: src.text.length, times: [] }];
    const own = sentences.map((s) => (constraint && s.times.length ? temporalScore(constraint, s.times) : undefined));
    // Support reads a sentence's intervals as the reranker does ("took office on A ... resigned
    // on B" covers a date between, which neither point is near). The choice among sentences stays
    // on their own dates: an interval inferred for a passage dates all its sentences alike, and
    // choosing by it measured worse on both TimeQA folds (44.8 / 45.3 against 45.2 / 45.8).
    for (const s of sentences) {
      if (constraint && s.intervals?.length) intervalSupport = Math.max(intervalSupport, temporalScore(constraint, s.times, s.intervals));
    }
    // An undated sentence borrows part of its passage's best dated score, as the reranker does.
    const dated = own.reduce<number>((m, t) => (t !== undefined && t > m ? t : m), -1);
    const inherited = dated < 0 ? CURVES.noTimestamp : CURVES.noTimestamp + RERANK.inheritTemporal * (dated - CURVES.noTimestamp);
    // A bare lead-in ("Supported versions:") is never the answer; its words go to its items.
    const texts = sentences.map((s) => src.text.slice(s.start, s.end));
    const terms = sentenceTerms(texts);
    sentences.forEach((s, i) => {
      if ((isLeadIn(texts[i]!) || looksLikeCode(texts[i]!)) && texts.length > 1) return;
      rows.push({ c, s, i, text: texts[i]!, terms: terms[i]!, temporal: own[i] ?? inherited, dated: own[i] !== undefined });
    });
  });
  if (!rows.length) return undefined;
  // The main content's words, each weighted by its rarity among the candidate sentences.
  const df = new Map<string, number>();
  for (const r of rows) for (const t of main) if (r.terms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (rows.length + 1) / ((df.get(t) ?? 0) + 0.5));
  const total = main.reduce((s, t) => s + idf(t), 0) || 1;
  const headings = candidates.map((cand) => new Set(answerTerms(cand.source.heading ?? '')));
  // The kind of thing a "which X" / "what X" question asks for is often named beside the answer
  // ("He earned his international master title in 2012" for "which title ... in 2012?").
  const target = answerTerms(analysis.target ?? '');
  let best: { row: Row; score: number } | undefined;
  for (const r of rows) {
    const cand = candidates[r.c]!;
    const overlap = main.reduce((s, t) => s + (r.terms.has(t) ? idf(t) : 0), 0) / total;
    const known = new Set([...question, ...headings[r.c]!]);
    const names = Math.min(novelNames(r.text, known), w.namesWanted) / w.namesWanted;
    const preferred = !!cand.preferred && r.text === cand.preferred;
    const score = (constraint ? w.temporal * Math.log(r.temporal + 0.01) + (r.dated ? w.dated : 0) : 0)
      + w.prior * Math.log(Math.max(cand.prior, 1e-3))
      + w.overlap * overlap + w.names * names
      + (preferred ? w.preferred : 0) + (r.i === 0 ? w.first : 0)
      + (target.some((t) => r.terms.has(t)) ? w.target : 0);
    if (!best || score > best.score) best = { row: r, score };
  }
  const chosen = best!.row;
  const evidence = constraint ? rows.reduce((m, r) => Math.max(m, r.temporal), intervalSupport) : 0;
  const support = options.mainContent ? analyzeQuestion(options.mainContent).terms : analysis.terms;
  return { candidate: chosen.c, answer: answerAt(analysis, candidates[chosen.c]!.source, chosen.i, support), evidence };
}

import { RETRIEVAL } from '../settings.ts';
import { rerankTemporal, temporalScore, lexicalSimilarity, type PassageSummary } from '../temporal/index.ts';
import type { Passage, TemporalConstraint, TemporalExplanation } from '../types.ts';
import type { EngineState } from './state.ts';

/*
 * The models' parts in the temporal path (MRAG): a cross-encoder as its semantic score, and a
 * generator's query-focused summaries.
 */

/**
 * A cross-encoder as the semantic half of the temporal score. `rerankTemporal` asks for
 * sentence scores synchronously, so a first pass collects the sentences it would score
 * (for the best first-stage candidates only: each pair is one model call) and the
 * model scores them; the second pass reads the scores. Sentences of the remaining
 * candidates score 0 and keep their first-stage share.
 */
export async function crossEncoderSemantic(
  state: EngineState, mainContent: string, constraint: TemporalConstraint,
  candidates: Array<{ passage: Passage; score: number }>, signal?: AbortSignal,
): Promise<(query: string, sentences: string[]) => number[]> {
  const head = candidates.slice(0, RETRIEVAL.rerankCandidates);
  let texts: string[] = [];
  rerankTemporal({ mainContent, constraint, candidates: head, semantic: (_q, sentences) => { texts = sentences; return sentences.map(() => 0); } });
  const scores = await state.reranker!.score(mainContent, texts, { signal });
  const byText = new Map(texts.map((t, i) => [t, scores[i] ?? 0]));
  return (_q, sentences) => sentences.map((t) => byText.get(t) ?? 0);
}

/**
 * Scores each kept query-focused summary like a sentence of its passage; a summary that
 * beats the passage's best sentence lifts the passage by the difference (MRAG uses
 * summaries for scoring only: results still show the original passage).
 */
export function applySummaries<R extends { passage: Passage; score: number; explanation?: TemporalExplanation }>(
  ranked: R[], summaries: PassageSummary[], mainContent: string, constraint: TemporalConstraint,
): R[] {
  const kept = summaries.filter((s) => s.kept);
  if (!kept.length) return ranked;
  const semantic = lexicalSimilarity(mainContent, kept.map((s) => s.summary));
  const lifted = ranked.map((r) => ({ ...r }));
  kept.forEach((s, i) => {
    const r = lifted.find((x) => x.passage.id === s.passageId);
    if (!r?.explanation) return;
    const sem = semantic[i] ?? 0;
    const tmp = temporalScore(constraint, s.times);
    const gain = sem * tmp - r.explanation.semantic * r.explanation.temporal;
    if (gain <= 0) return;
    r.score += gain;
    r.explanation = { ...r.explanation, sentence: s.summary, times: s.times, semantic: sem, temporal: tmp, fromSummary: true };
  });
  return lifted.sort((a, b) => b.score - a.score);
}

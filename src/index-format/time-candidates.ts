import { temporalScore } from '../temporal/curves.ts';
import { CURVES, RERANK } from '../temporal/settings.ts';
import type { TemporalConstraint } from '../types.ts';
import type { DocumentTimes } from './time-shards.ts';

/**
 * Which documents a sharded index fetches the text of, for a dated question: the first stage's
 * pool (a hundred documents ranked on their postings' impacts, as the whole index's temporal
 * reranker reads its 100 best BM25 passages) scored the way `rerankTemporal` scores passages —
 * the first stage's rank, and relevance times the time score to the power the reranker uses —
 * from compact data only: relevance is the document's impact score over the question's main
 * content (its words without the date) against the pool's best, the time score is exact on the
 * document's dated sentences (`time-shards.ts`). The engine then reranks the documents fetched
 * exactly, on their text. Pure.
 */
export interface PoolEntry {
  doc: number;
  /** Impact score over the whole question (the first stage's order). */
  score: number;
  /** Impact score over the question's main content (the reranker's relevance, estimated). */
  mainScore: number;
}

/**
 * The documents to fetch, best first: the first stage's `leaders` best (the engine routes a
 * question on its BM25 leader, so it must hold it), then the rest of the pool by estimated
 * rerank score, `limit` in all.
 */
export function chooseByTime(pool: readonly PoolEntry[], constraint: TemporalConstraint, timesOf: (doc: number) => DocumentTimes | undefined, limit: number, leaders: number): number[] {
  if (pool.length <= limit) return pool.map((p) => p.doc);
  const ranked = [...pool].sort((a, b) => b.score - a.score || a.doc - b.doc);
  const bestMain = Math.max(...pool.map((p) => p.mainScore)) || 1;
  const w = RERANK.firstStageWeight;
  const scored = ranked.map((p, rank) => {
    const temp = documentTemporal(constraint, timesOf(p.doc));
    // Ties in the first stage share a rank, as the reranker's `rankOf` counts strictly better scores.
    let r = rank;
    while (r > 0 && ranked[r - 1]!.score === p.score) r--;
    const first = 1 / (1 + r / RERANK.firstStageRankScale);
    return { doc: p.doc, estimate: (1 - w) * (p.mainScore / bestMain) * temp ** RERANK.temporalExponent + w * first };
  });
  const out = scored.slice(0, leaders).map((s) => s.doc);
  const rest = scored.slice(leaders).sort((a, b) => b.estimate - a.estimate || a.doc - b.doc);
  for (const s of rest) {
    if (out.length >= limit) break;
    out.push(s.doc);
  }
  return out;
}

/**
 * The best time score a sentence of the document can reach on the reranker's rules: a dated
 * sentence its own, an undated one what it inherits from the dated ones (`rerankTemporal`).
 */
export function documentTemporal(constraint: TemporalConstraint, times: DocumentTimes | undefined): number {
  if (!times) return CURVES.noTimestamp;
  let dated = -1;
  for (const s of times.sentences) dated = Math.max(dated, temporalScore(constraint, s.times, s.intervals));
  const inherited = dated < 0 || (!RERANK.inheritNegative && dated < CURVES.noTimestamp) ? CURVES.noTimestamp : CURVES.noTimestamp + RERANK.inheritTemporal * (dated - CURVES.noTimestamp);
  if (dated < 0) return CURVES.noTimestamp;
  return times.undated ? Math.max(dated, inherited) : dated;
}

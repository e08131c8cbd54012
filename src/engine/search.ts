import { createError, throwIfAborted } from '../errors.ts';
import { RETRIEVAL } from '../settings.ts';
import { parseQuestion, rerankTemporal } from '../temporal/index.ts';
import { fuseCandidates, type Hit } from '../retrieval/fusion.ts';
import type { IndexHit } from '../retrieval/passage-index.ts';
import type { Passage, SearchOptions, SearchResponse, SearchResult, TemporalConstraint, TemporalExplanation } from '../types.ts';
import type { EngineState } from './create.ts';
import { findHighlights } from './highlight.ts';

interface Ranked {
  passage: Passage;
  score: number;
  explanation?: TemporalExplanation;
}

/**
 * The search pipeline: route (temporal or plain), first stage on both corpora, then
 * one reranker — temporal (best sentence: semantic x temporal), cross-encoder, or
 * lexical fusion — and results that say which path ran.
 */
export async function runSearch(state: EngineState, query: string, options: SearchOptions): Promise<SearchResponse> {
  const t0 = performance.now();
  if (typeof query !== 'string' || !query.trim()) throw createError('INVALID_QUERY');
  const limit = options.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1) throw createError('INVALID_OPTION', 'limit', 'use a positive integer');
  const steps: string[] = [];
  const skipped: Record<string, string> = {};

  let mainContent = query;
  let constraint: TemporalConstraint | undefined;
  if (options.temporal !== false) {
    const parsed = parseQuestion(query, { referenceDate: options.referenceDate });
    steps.push('temporal-parse');
    if (parsed.constraint) {
      constraint = parsed.constraint;
      mainContent = parsed.mainContent.trim() || query;
    }
  } else {
    skipped.temporal = 'turned off by the caller';
  }

  const vector = state.embedder ? (await state.embedder.embed([mainContent], { signal: options.signal }))[0] : undefined;
  throwIfAborted(options.signal, 'Search');
  const mode = vector && state.lexical.hasVectors ? 'hybrid' : 'bm25';
  if (!state.embedder) skipped.vectors = 'no embedder loaded (zero-download mode)';
  const lexicalK = constraint ? RETRIEVAL.temporalCandidates : Math.max(RETRIEVAL.lexicalTopK, limit * (options.groupByDocument ? 4 : 1));
  const [lexicalHits, structuredHits] = await Promise.all([
    state.lexical.search(mainContent, { limit: lexicalK, vector }),
    state.structured.size ? state.structured.search(mainContent, { limit: RETRIEVAL.structuredTopK, vector }) : Promise.resolve([]),
  ]);
  steps.push(mode);
  const lexical = toHits(state, lexicalHits);
  const structured = toHits(state, structuredHits);

  let ranked: Ranked[];
  if (constraint) {
    const candidates = [...lexical, ...structured].map((h) => ({ passage: h.passage, score: h.score }));
    ranked = rerankTemporal({ mainContent, constraint, candidates }).map((r) => ({ passage: r.passage, score: r.score, explanation: r.explanation }));
    steps.push('temporal-rerank');
    skipped.summaries = state.generator ? 'query-focused summaries are not wired into search yet' : 'no generator loaded';
  } else if (structured.length) {
    ranked = fuseCandidates({ query: mainContent, lexical, structured });
    steps.push('fusion');
  } else {
    ranked = lexical.map((h) => ({ passage: h.passage, score: h.score }));
  }

  if (state.reranker && !constraint) {
    const head = ranked.slice(0, RETRIEVAL.rerankCandidates);
    const scores = await state.reranker.score(mainContent, head.map((r) => r.passage.text), { signal: options.signal });
    const reranked = head.map((r, i) => ({ ...r, score: scores[i] ?? 0 })).sort((a, b) => b.score - a.score);
    ranked = [...reranked, ...ranked.slice(head.length)];
    steps.push('cross-encoder');
  } else if (!state.reranker) {
    skipped.rerank = 'no reranker loaded';
  } else {
    skipped.rerank = 'the temporal rerank ran instead';
  }

  if (options.groupByDocument) ranked = bestPerDocument(ranked);
  const results: SearchResult[] = ranked.slice(0, limit).map((r) => ({
    passage: r.passage,
    title: state.documents.get(r.passage.docId)?.title ?? r.passage.docId,
    score: r.score,
    highlights: findHighlights(mainContent, r.passage.text),
    ...(r.explanation ? { temporal: r.explanation } : {}),
  }));
  return { query, mode, steps, skipped, results, ...(constraint ? { constraint } : {}), tookMs: performance.now() - t0 };
}

function toHits(state: EngineState, hits: IndexHit[]): Hit[] {
  const out: Hit[] = [];
  for (const h of hits) {
    const passage = state.passages.get(h.id);
    if (passage) out.push({ passage, score: h.score, rank: out.length });
  }
  return out;
}

function bestPerDocument(ranked: Ranked[]): Ranked[] {
  const seen = new Set<string>();
  return ranked.filter((r) => !seen.has(r.passage.docId) && seen.add(r.passage.docId));
}

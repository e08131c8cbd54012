import { createError, throwIfAborted } from '../errors.ts';
import { RETRIEVAL } from '../settings.ts';
import { loadChrono, needsChrono, parseQuestion, rerankTemporal, SUMMARIES, type PassageSummary } from '../temporal/index.ts';
import { fuseCandidates, type Hit } from '../retrieval/fusion.ts';
import type { IndexHit } from '../retrieval/passage-index.ts';
import { loadStemmers, readingLanguage, tokenize } from '../text/tokenizer.ts';
import type { Passage, SearchOptions, SearchResponse, SearchResult, TemporalConstraint, TemporalExplanation } from '../types.ts';
import type { EngineState } from './state.ts';
import { highlighter } from './highlight.ts';
import { derivedText, hasTables, labelsOf, matchedCellsOf, yearHeadsColumn } from './table-context.ts';
import { applySummaries, crossEncoderSemantic } from './temporal-models.ts';
import { datedFirstForWhen, rankDatedRecords, rowDatedWithin } from './dated-records.ts';
import { preferNamedNumbers } from './named-numbers.ts';
import { preferTitledNames } from './titled-names.ts';

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
  // The corpus's scripts have their stemmers (loaded where its text came in); the question's may not.
  await loadStemmers([query]);
  const limit = options.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1) throw createError('INVALID_OPTION', 'limit', 'use a positive integer');
  const steps: string[] = [];
  const skipped: Record<string, string> = {};

  let mainContent = query;
  let constraint: TemporalConstraint | undefined;
  if (options.temporal !== false) {
    if (needsChrono(query)) await loadChrono();
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
  // The first stage sees the whole question: its dates are words BM25 can match
  // (TimeQA: gold in the top 100 for 88% of questions, against 83% on the main content).
  // The reranker then judges sentences on the main content alone. Acronyms the question uses
  // and the corpus's tables spell out ("CMAs": "census metropolitan area") join it, for the
  // first stage and the fusion (HiTab dev HiT@1 59.5 -> 59.8, HiT@10 85.8 -> 86.2, when it was added).
  const acronyms = expandAcronyms(state, query);
  if (acronyms.length) steps.push('acronyms');
  const firstQuery = acronyms.length ? `${query} ${acronyms.map((e) => e.phrase).join(' ')}` : query;
  const structuredHits = state.structured.size ? await state.structured.search(firstQuery, { limit: RETRIEVAL.structuredTopK, vector }) : [];
  // The lexical list is the ranking itself only when no reranker reads it after: no time
  // constraint (the temporal rerank), no row or column hits (the fusion), no cross-encoder.
  // Only then does BM25 weigh in how much of the question a passage covers (`coverage`).
  const coverage = !constraint && !structuredHits.length && !state.reranker;
  // A question in French meets French documents as they were indexed (`latin-languages.ts`).
  const lexicalHits = await state.lexical.search(firstQuery, { limit: lexicalK, vector, coverage, language: readingLanguage(query) });
  steps.push(mode);
  const lexical = toHits(state, lexicalHits);
  const structured = toHits(state, structuredHits);

  // A dated question whose best first-stage hit lies in a document with tables asks, in
  // practice, for a figure: its date is a header ("2013", "FY 2019") that the fusion matches as
  // a word, while the temporal reranker reads dates from sentences, which row summaries lack.
  // Measured HiT@1 (`npm run bench -- tables`), routed against all dated questions temporal:
  // HiTab dev 57.2 against 55.8; TAT-QA dev 64.4 against 60.7 (its text questions too: 80.5
  // against 75.6). Routing only when the hit itself is a table: HiTab the same, TAT-QA 63.6.
  // Documents without tables (TimeQA) keep the temporal path.
  // So does one whose best row hit is a row dated inside the question's time ("the CPI in January
  // 2000" and a series' "2000-01-01" row), even when prose about the series (its README) leads
  // the first stage: the row holds the figure asked for. Measured: realdocs DocHit@1 / AR@1
  // 82.5 / 52.5 -> 85.0 / 55.0; HiTab 61.8, TAT-QA 67.7 and TimeQA (no tables) unchanged.
  const hitInTables = !!constraint && structured.length > 0 && !!lexical[0] && hasTables(state, lexical[0].passage.docId);
  const datedRow = !!constraint && !hitInTables && structured.length > 0 && rowDatedWithin(structured[0]!.passage, constraint);
  const tableLed = hitInTables || datedRow;
  if (hitInTables) skipped['temporal-rerank'] = 'the best first-stage hit is in a document with tables: its dates are headers, matched by the fusion';
  else if (datedRow) skipped['temporal-rerank'] = 'the best row hit is dated inside the question\'s time: the fusion ranks its table';
  // What the rerankers read: the main content, or for a table-led question all of it, date included.
  const rerankQuery = tableLed ? query : mainContent;

  let ranked: Ranked[];
  let summaries: PassageSummary[] | undefined;
  if (constraint && !tableLed) {
    const candidates = [...lexical, ...structured].map((h) => ({ passage: h.passage, score: h.score }));
    const semantic = state.reranker ? await crossEncoderSemantic(state, mainContent, constraint, candidates, options.signal) : undefined;
    const titleOf = (p: Passage) => state.records.get(p.docId)?.document.title;
    ranked = preferTitledNames(rerankTemporal({ mainContent, constraint, candidates, semantic, titleOf }).map((r) => ({ passage: r.passage, score: r.score, explanation: r.explanation })), query, (docId) => state.records.get(docId)?.document.title);
    steps.push(semantic ? 'temporal-rerank (cross-encoder semantic)' : 'temporal-rerank');
    if (state.generator) {
      // Loaded on demand: only a loaded generator writes summaries, and the embed's first download stays small.
      const { summarizeForQuestion } = await import('../temporal/summaries.ts');
      summaries = await summarizeForQuestion(state.generator, { mainContent, constraint }, ranked.slice(0, SUMMARIES.topPassages).map((r) => r.passage), { signal: options.signal });
      ranked = applySummaries(ranked, summaries, mainContent, constraint);
      steps.push('summaries');
    } else {
      skipped.summaries = 'no generator loaded';
    }
  } else if (structured.length) {
    const titleOf = (docId: string) => state.records.get(docId)?.document.title;
    ranked = preferNamedNumbers(fuseCandidates({ query: firstQuery, lexical, structured, tableLabels: (p) => labelsOf(state, p), derived: derivedText, titleOf: (p) => ((p.kind === 'text' || p.kind === 'sentence') && hasTables(state, p.docId) ? titleOf(p.docId) : undefined) }), query, titleOf);
    steps.push('fusion');
    // The table-led path keeps the constraint: dated rows are ranked by it (`dated-records.ts`).
    if (constraint) {
      const dated = rankDatedRecords(ranked, constraint, mainContent, (p) => yearHeadsColumn(state, p, constraint.start, constraint.end));
      if (dated.applied) {
        ranked = dated.ranked;
        steps.push('dated-rows');
        skipped['temporal-rerank'] = `${datedRow ? 'the best row hit is dated inside the question\'s time' : 'the best first-stage hit is in a document with tables'}: the fusion ranked them and the constraint ranked their dated rows`;
      }
    } else {
      ranked = datedFirstForWhen(ranked, query);
    }
    // Whatever else ranked them, the named thing's own document first (`titled-names.ts`).
    ranked = preferTitledNames(ranked, query, titleOf);
  } else {
    ranked = lexical.map((h) => ({ passage: h.passage, score: h.score }));
  }

  if (state.reranker && (!constraint || tableLed) && ranked.length) {
    const head = ranked.slice(0, RETRIEVAL.rerankCandidates);
    const scores = await state.reranker.score(rerankQuery, head.map((r) => r.passage.text), { signal: options.signal });
    const reranked = head.map((r, i) => ({ ...r, score: scores[i] ?? 0 })).sort((a, b) => b.score - a.score);
    ranked = [...reranked, ...ranked.slice(head.length)];
    steps.push('cross-encoder');
  } else if (!state.reranker) {
    skipped.rerank = 'no reranker loaded';
  }

  // Without a cross-encoder, a generator picks the answering document among the best few
  // (MixRAG's LLM rerank); the rest keep the fusion's order.
  if (state.generator && !state.reranker && structured.length && (!constraint || tableLed) && ranked.length) {
    // Only a loaded generator chooses (MixRAG's LLM rerank): its prompt comes with it, and the
    // zero-download embed's first download stays within its budget.
    const { chooseDocument } = await import('./choose-document.ts');
    const choice = await chooseDocument(state, rerankQuery, ranked, options.signal);
    if (choice.docId) {
      const chosen = choice.docId;
      ranked = [...ranked.filter((r) => r.passage.docId === chosen), ...ranked.filter((r) => r.passage.docId !== chosen)];
      steps.push('llm-choice');
    } else {
      skipped['llm-choice'] = choice.skipped!;
    }
  }

  if (options.groupByDocument) ranked = bestPerDocument(ranked);
  // What the marks show: the words the ranking matched. The temporal path matched the main
  // content (its dates through timestamps); the other paths matched the whole first-stage query.
  const matchedQuery = constraint && !tableLed ? mainContent : firstQuery;
  const marks = highlighter(matchedQuery);
  const matchedTerms = new Set(tokenize(matchedQuery));
  const results: SearchResult[] = ranked.slice(0, limit).map((r) => {
    const cells = matchedCellsOf(state, r.passage, matchedTerms);
    return {
      passage: r.passage,
      title: state.records.get(r.passage.docId)?.document.title ?? r.passage.docId,
      score: r.score,
      highlights: marks(r.passage.text),
      ...(cells.length ? { matchedCells: cells } : {}),
      ...(r.explanation ? { temporal: r.explanation } : {}),
    };
  });
  return {
    query, mode, steps, skipped, results,
    ...(constraint ? { constraint } : {}),
    ...(acronyms.length ? { acronyms } : {}),
    ...(summaries ? { summaries: summaries.map(({ passageId, summary, kept, reason }) => ({ passageId, summary, kept, ...(reason ? { reason } : {}) })) } : {}),
    tookMs: performance.now() - t0,
  };
}

/** The question's words that stand for a phrase of the corpus's tables, and the phrases. */
function expandAcronyms(state: EngineState, query: string): Array<{ word: string; phrase: string }> {
  const out: Array<{ word: string; phrase: string }> = [];
  if (!state.structured.size) return out;
  const terms = tokenize(query);
  for (const word of new Set(query.toLowerCase().match(/\p{L}+/gu) ?? [])) {
    // The phrase must come from a table that also names another word of the question.
    const own = new Set(tokenize(word));
    const phrase = state.acronyms.expand(word, terms.filter((t) => !own.has(t)));
    if (phrase) out.push({ word, phrase });
  }
  return out;
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

/**
 * The temporal path (MRAG): question decomposition, sentence timestamps, score curves,
 * the semantic-temporal rerank, query-focused summaries and corpus time coverage.
 */
export { extractTimestamps } from './timestamps.ts';
export { parseQuestion, needsChrono, type ParsedQuestion, type TemporalRelation } from './constraint.ts';
export { loadChrono } from './chrono.ts';
export { temporalScore, curveKind } from './curves.ts';
export { rerankTemporal, type RerankInput, type RerankedPassage } from './rerank.ts';
export { createLexicalScorer, lexicalSimilarity, contentTerms, type LexicalScorer } from './lexical-similarity.ts';
export { timeCoverage, sentencesIn } from './coverage.ts';
export { summarizeForQuestion, type PassageSummary } from './summaries.ts';
export { CURVES, RERANK, LEXICAL, SUMMARIES } from './settings.ts';

/**
 * Tunable defaults of the table path (MixRAG), with the reason and the measurement behind
 * each. Figures come from `npm run bench -- tables` (HiTab dev, 1,671 questions over 3,371
 * tables; TAT-QA dev, 1,668 questions over 278 documents), BM25 through Orama.
 */

/** Most characters in one summary passage: long enough for a 20-column row, short enough that BM25 length normalisation does not bury it. */
export const MAX_SUMMARY_CHARS = 1200;

/** Most row labels and header names listed in a table-level summary. */
export const MAX_TABLE_SUMMARY_ITEMS = 60;

/** Fusion defaults (see `src/retrieval/fusion.ts`). */
export interface FusionSettings {
  /** Candidates taken from the lexical index (text passages + table-level summaries): MixRAG's M. */
  lexicalTopK: number;
  /** Candidates taken from the structured index (H-RCL row/column summaries): MixRAG's N. */
  structuredTopK: number;
  /** Reciprocal-rank-fusion constant: larger flattens the rank curve. */
  rrfK: number;
  /** Weight of the lexical list's reciprocal rank. */
  lexicalWeight: number;
  /** Weight of the structured list's reciprocal rank. */
  structuredWeight: number;
  /** Weight of query-term coverage of a document's candidate snippets (the best-snippet rescoring). */
  coverageWeight: number;
  /** Weight of the second-best passage of the same document (evidence from several rows/columns). */
  supportWeight: number;
}

/** Measured defaults; see the README table in `bench/tables.ts` output. */
export const DEFAULT_FUSION: Readonly<FusionSettings> = Object.freeze({
  lexicalTopK: 40,
  structuredTopK: 60,
  rrfK: 10,
  lexicalWeight: 1,
  structuredWeight: 1,
  coverageWeight: 1,
  supportWeight: 0.3,
});

/**
 * English stop words for BM25 and for the coverage rescoring: question words and function
 * words only. Numbers, units and "total" are kept because table questions hinge on them.
 */
export const STOP_WORDS: readonly string[] = Object.freeze([
  'a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'for', 'by', 'with', 'from', 'as', 'into',
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'do', 'does', 'did', 'has', 'have', 'had',
  'what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'many', 'much',
  'this', 'that', 'these', 'those', 'it', 'its', 'their', 'there', 'they', 'them', 'he', 'she', 'his', 'her',
  'i', 'we', 'you', 'our', 'your', 'me', 'my', 'us',
  'than', 'then', 'so', 'such', 'if', 'not', 'no', 'can', 'could', 'would', 'should', 'will', 'shall', 'may',
  'about', 'among', 'between', 'after', 'before', 'during', 'over', 'under', 'up', 'down', 'out',
  'each', 'all', 'any', 'both', 'either', 'other', 'same', 'some', 'more', 'most', 'less',
  'also', 'only', 'just', 'very', 'too', 'there', 'here', 'whether',
]);

/**
 * Marks the end of every indexed and queried token. Orama's full-text search matches query
 * terms as *prefixes* of indexed words ("149" finds "1490", "20" finds every year), which
 * on tables full of numbers floods BM25 with false matches. With the mark, "149_" is a
 * prefix of "149_" only, so matching becomes exact. Measured on HiTab dev (a quarter of the
 * questions, flattened tables): prefix matching HiT@1 21.1 / HiT@10 53.6, exact 31.1 / 67.7.
 */
export const TOKEN_END = '_';

/**
 * BM25 parameters for Orama's `relevance`. `b` (length normalisation) low: a long table or
 * row summary is long because it holds more cells, not because it is less about the topic.
 * Flattened HiTab tables: b 0.75 gives HiT@1 31.1, b 0.3 gives 36.4.
 */
export const BM25_RELEVANCE: { k: number; b: number; d: number } = { k: 1.2, b: 0.3, d: 0.5 };

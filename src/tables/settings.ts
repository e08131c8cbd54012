/**
 * Tunable defaults of the table path (MixRAG), with the reason and the measurement behind
 * each. Figures come from `npm run bench -- tables` (HiTab dev, 1,671 questions over 3,371
 * tables; TAT-QA dev, 1,668 questions over 278 documents), BM25 through Orama.
 */

import type { Bm25Parameters } from '../retrieval/bm25.ts';

/** Most characters in one summary passage: long enough for a 20-column row, short enough that BM25 length normalisation does not bury it. */
export const MAX_SUMMARY_CHARS = 1200;

/** Most row labels and header names listed in a table-level summary. */
export const MAX_TABLE_SUMMARY_ITEMS = 60;

/**
 * BM25 parameters of the structured index (H-RCL row and column summaries). Length
 * normalisation is stronger than Lucene's (b 0.75): a column summary lists every row label with
 * its value, so a long one holds the question's year and header words by sheer size, while the
 * row that answers names them once. Measured through the engine (HiT@1 / HiT@10, HiTab dev, and
 * 1,000 evenly spaced HiTab train questions as a check):
 * - b 0.75 (Lucene): dev 60.0 / 86.7, train 55.2 / 85.3
 * - b 0.9 (this default): dev 60.6 / 86.6, train 55.9 / 85.7
 * - b 0.5: dev 59.4 / 86.7; b 1.0: dev 60.5 / 86.6; k1 0.8 or 1.8 with b 0.9: dev 60.0, 60.1.
 * The lexical index (text and table-level summaries) keeps Lucene's: b 0.9 there, dev 60.0 / 86.5.
 */
export const STRUCTURED_BM25: Readonly<Bm25Parameters> = Object.freeze({ k1: 1.2, b: 0.9 });

/**
 * Weight of a table passage's title in BM25. Every table summary opens with its table's title,
 * and the title was also the passage's heading field, so BM25 counted it twice: a question's
 * topic word in a title outweighed the row and column words that tell near-identical tables
 * apart. The title keeps a field of its own (a short field: a match there scores high), weighted
 * down. Measured through the engine (HiT@1 / HiT@5 / HiT@10), HiTab dev and 1,000 evenly spaced
 * HiTab train questions:
 * - 1 (as a heading): dev 61.0 / 80.7 / 86.8, train 56.1 / 79.8 / 85.9
 * - 0.5: dev 61.3 / 82.2 / 87.1, train 57.3 / 80.8 / 86.0
 * - 0.25 (this default): dev 61.5 / 82.8 / 87.3, train 57.4 / 81.0 / 85.8
 * - 0.1: dev 61.3 / 82.6 / 87.5
 * TAT-QA unchanged (its tables have no caption: the title is the document's, the same for all).
 * The same weight for every heading cost TimeQA (AR@1 / ER@1 55.8 / 44.2 -> 55.2 / 43.5), whose
 * section headings are not in the text.
 */
export const TABLE_TITLE_WEIGHT = 0.25;

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
  /** Weight of the first-stage scores themselves, each list divided by its best score (BM25 scales differ between the two indexes). */
  scoreWeight: number;
  /** Weight of the best single cell's coverage of the question: title, row-label headers, one row path, one column path. */
  cellWeight: number;
  /** Weight of the question's adjacent term pairs found adjacent in one of the table's labels. */
  phraseWeight: number;
  /** Weight of the best share of one row label's terms that the question names. */
  rowLabelWeight: number;
  /** Weight of the best share of one column label's terms that the question names. */
  columnLabelWeight: number;
}

/**
 * Measured defaults (`npm run bench -- tables --harness --configs ensemble --sweep`, the
 * engine's BM25 index). HiT@1 on HiTab dev (every 4th question) / TAT-QA dev:
 * - RRF alone (coverage 0, score 0, rrfK 10): 51.5 / 49.2
 * - + coverage 1, support 0.3 (rrfK 10): 53.0 / 56.4
 * - + first-stage scores 0.3, rrfK 5 (these defaults): 55.5 / 59.7 (HiT@10 82.0 / 90.8)
 * Neighbours within a point: coverage 0.6, support 1, rrfK 2-10. M = 40 and N = 60 are
 * MixRAG's; 20/60 and 40/100 changed HiT@1 by under a point.
 *
 * Re-swept after the switch to the engine's Okapi BM25 (whole words, real term counts), on
 * the engine's own first-stage lists, every HiTab dev question fused (HiT@1 / HiT@10):
 * - previous defaults (coverage 1, support 0.3): 53.8 / 81.8
 * - support 0: 54.3 / 81.8 — a second matching row/column no longer helps (likely: with real term
 *   counts a big table matches many rows, so the second-best row favours size, not fit)
 * - support 0, coverage 2 (these defaults): 55.3 / 81.9
 * Neighbours: coverage 1.5 + score 0.1: 55.1 / 82.3; coverage 2.5: 54.3; rrfK 10-60, score
 * 0-2, lexical or structured weight 2, M 20-100, N 30-150: each within a point or worse.
 * TAT-QA dev is flat across all of these (HiT@1 58.1-58.7; 58.6 with these defaults,
 * 58.7 with the previous ones). Through the engine (`npm run bench -- tables --configs
 * ensemble`, year-bearing questions still on the temporal path): HiT@1 53.2 -> 54.1,
 * HiT@10 82.4 -> 82.0.
 *
 * Table structure as evidence (`cellWeight`, `phraseWeight`, with the engine's table labels),
 * measured through the engine. HiT@1 HiTab dev / HiTab train (1,000 evenly spaced) / TAT-QA dev;
 * first with dated questions routed to the fusion only when their best hit is a table passage:
 * - routing, cell 0, phrase 0: 55.3 / - / -; neither routing nor labels: 54.1 / - / 58.0
 * - cell 2, phrase 1: 57.4 / 52.6 / 62.4
 * - cell 2, phrase 2: 57.2 / 53.2 / 63.6
 * - cell 2, phrase 3: 56.9 / 53.3 / 64.0; cell 1, phrase 3: - / 53.0 / 64.6;
 *   cell 2.5, phrase 2: 57.3 / - / -; cell 3: TAT-QA -0.8
 * - phrase 0: TAT-QA 59.2 (text questions lose most: 73.5 against 76.9)
 * - M/N 60/100 and 100/200: HiTab dev 57.0 and 57.3, TAT-QA 63.9 and 64.4.
 * Then with the engine's routing (dated questions whose best hit lies in a document with
 * tables go to the fusion; `src/engine/search.ts`), cell 2, phrase 2:
 * - score 0.3: 57.2 / 53.2 / 64.4
 * - score 0.6 (these defaults): 56.9 / 52.8 / 65.3
 * - score 0.45: 56.7 / - / 65.1; phrase 3: - / - / 65.0; phrase 3 + cell 1.5: - / - / 65.2;
 *   coverage 1.5 or 2.5, rrfK 10, lexical weight 1.5: TAT-QA 64.3-64.8.
 * Cells help HiTab most, phrases and first-stage scores TAT-QA; score 0.6 trades 0.3-0.4 on
 * HiTab for 0.9 on TAT-QA.
 *
 * Named labels (`rowLabelWeight`, `columnLabelWeight`), with sentence passages for documents
 * with tables in place (TAT-QA 65.6 without labels):
 * - row 0, column 0: 56.8 / 52.7 / 65.6
 * - row 1, column 0.5 (these defaults): 58.8 / 54.3 / 67.4 (HiT@10 HiTab dev 82.6 -> 85.0)
 * - row 1, column 1: 58.0 / - / 65.6; row 0.75, column 0.5: 59.1 / - / -;
 *   row 1.5, column 0.5: - / - / 66.5
 * - idf-weighted shares instead of plain ones, or leaf labels instead of full paths (on cached
 *   first-stage lists, HiTab train 4,000 / dev): no better.
 * Harness sweep around these defaults (`--harness --sweep`, HiTab dev, no routing): every
 * single change within -0.9 / +0.5 HiT@1 (cell 3: 59.7, coverage 3: 59.5, defaults 59.2).
 * M/N 60/150 and 100/200 with these weights: HiTab dev 59.1 / 84.7 and 58.9 / 85.2.
 *
 * Re-swept through the engine after numbers, compounds and possessives became words
 * (`src/text/tokenizer.ts`; defaults 59.5 / 85.8 HiT@1 / HiT@10 on HiTab dev): row label 0.75
 * 59.5, column label 0.75 59.1, cell 2.5 59.7, phrase 1.5 59.5, coverage 2.5 59.5, score 0.4
 * 59.8 (TAT-QA's reason for 0.6 stands) — all within noise, defaults kept.
 */
export const DEFAULT_FUSION: Readonly<FusionSettings> = Object.freeze({
  lexicalTopK: 40,
  structuredTopK: 60,
  rrfK: 5,
  lexicalWeight: 1,
  structuredWeight: 1,
  coverageWeight: 2,
  supportWeight: 0,
  scoreWeight: 0.6,
  cellWeight: 2,
  phraseWeight: 2,
  rowLabelWeight: 1,
  columnLabelWeight: 0.5,
});

import type { Passage } from '../types.ts';
import type { TableLabels } from '../tables/labels.ts';
import { DEFAULT_FUSION, type FusionSettings } from '../tables/settings.ts';
import { tokenize } from '../text/tokenizer.ts';
import { WeakCache } from '../weak-cache.ts';

export type { FusionSettings } from '../tables/settings.ts';

/** A first-stage hit: a passage, its index score (BM25) and its 0-based rank in that list. */
export interface Hit {
  passage: Passage;
  score: number;
  rank: number;
}

/**
 * Lexical fusion of MixRAG's two corpora, used when no cross-encoder is loaded.
 *
 * The first stage gives two ranked lists: the lexical index (text passages and table-level
 * summaries, top `lexicalTopK`) and the structured index (H-RCL row and column summaries, top
 * `structuredTopK`). Their candidates are mapped to their documents and each document is
 * scored from three kinds of evidence:
 *
 * 1. rank evidence, by reciprocal rank fusion: `lexicalWeight / (rrfK + rank)` of its best
 *    lexical passage plus `structuredWeight / (rrfK + rank)` of its best structured passage, plus
 *    `supportWeight` times the same for its second-best structured passage (a question that
 *    names a row and a column finds both summaries of the right table);
 * 2. coverage, the best-snippet rescoring: the share of the question's terms, weighted by their
 *    rarity among the candidate documents, that the document's candidate snippets contain. A
 *    question spreads its words over the table's title, a row label and a column header; BM25
 *    scores each summary on its own, coverage reads them together;
 * 3. optionally (`scoreWeight`), the first-stage scores themselves, each list divided by its
 *    best score, since the two indexes' BM25 scales differ;
 * 4. when the caller gives `tableLabels`, the table's own structure (`cellWeight`): a question
 *    about a cell names the table's title, one row's header path and one column's header path,
 *    so the share of its terms that the title, the row-label headers, the best row path and the
 *    best column path cover together. Coverage of the union of snippets credits a table whose
 *    rows each match a different word; this credits only words that fit one cell. A text
 *    passage is one unit of its own, so documents without tables are not left behind;
 * 5. phrases (`phraseWeight`): the share of the question's adjacent term pairs ("primarily
 *    self-employed", "administration justice") found adjacent in one of the table's labels,
 *    which separates near-identical tables that share every word but not the wording;
 * 6. named labels (`rowLabelWeight`, `columnLabelWeight`): whether the question names one row
 *    label (one column label) in full — the share of the best label's terms it contains — so a
 *    table with the row "Manitoba" beats one whose rows only mention Manitoba among other words;
 * 7. nothing else: no per-dataset constants, no ids.
 *
 * Each candidate passage gets its document's score plus a small share of its own (its rank
 * evidence and coverage), so results grouped by document show the document's best passage
 * and ungrouped results keep a document's passages together, best first.
 */
export function fuseCandidates(input: {
  query: string;
  lexical: Hit[];
  structured: Hit[];
  settings?: Partial<FusionSettings>;
  /** The labels of a table passage's table (undefined for text passages): enables evidence 4 to 6. */
  tableLabels?: (passage: Passage) => TableLabels | undefined;
  /**
   * Whether a passage's text and cells are what its table's summary writer derives (a table
   * passage of the engine, `src/engine/table-passages.ts`): fixed while the passage lives, so
   * its terms are kept by passage and its text is not written again to be read.
   */
  derived?: (passage: Passage) => boolean;
  /**
   * The title a text passage is read under, in a document whose tables write it into their
   * summaries (`src/engine/table-passages.ts`): there, within the document, a paragraph is read
   * with the title's words as its rows are, so that a row does not outrank the paragraph that
   * answers by the words every summary of the document repeats ("Who administered the 2025 term
   * Steering Council election?": the paragraph that names who, not each row of the vote counts).
   */
  titleOf?: (passage: Passage) => string | undefined;
}): Array<{ passage: Passage; score: number }> {
  const s = { ...DEFAULT_FUSION, ...input.settings };
  const lexical = input.lexical.slice(0, s.lexicalTopK);
  const structured = input.structured.slice(0, s.structuredTopK);
  if (lexical.length === 0 && structured.length === 0) return [];
  const queryTokens = tokenize(input.query);
  const queryTerms = [...new Set(queryTokens)];
  const queryPairs = pairsOf(queryTokens);
  const nq = queryTerms.length;
  const np = queryPairs.length;
  if (termIds.size > TERM_IDS_MAX) {
    termIds.clear();
    sequences.clear();
    known.clear();
  }
  const queryIds = queryTerms.map(termId);
  // A pair as its terms' indexes, and as the index of their cell in an nq x nq grid.
  const pairTerms = queryPairs.map((pair) => pair.map((t) => queryTerms.indexOf(t)));
  const pairIndex = pairTerms.map(([a, b]) => a! * nq + b!);
  // A pair as a table's labels hold it (`LabelTerms.pairs`).
  const pairKeys = queryPairs.map(([a, b]) => `${a} ${b}`);
  queryIds.forEach((id, i) => (marks[id] = i + 1));
  try {
    interface PassageEvidence {
      passage: Passage;
      lexRank: number;
      strRank: number;
      /** Which query terms (by index) its text holds, and which query pairs. */
      terms: Uint8Array;
      pairs: Uint8Array;
      /** Whether it cites cells (a row or column summary). */
      cites: boolean;
      /** `terms` and `pairs` with those of the title it is read under (`titleOf`), where it has one. */
      titled?: { terms: Uint8Array; pairs: Uint8Array };
    }
    interface DocEvidence {
      lexRank: number;
      strRanks: number[];
      lexScore: number;
      strScore: number;
      terms: Uint8Array;
      units: Set<LabelTerms>;
      /** Paragraphs and sentences: each a unit of its own. */
      texts: PassageEvidence[];
    }
    const maxLex = Math.max(1e-9, ...lexical.map((h) => h.score));
    const maxStr = Math.max(1e-9, ...structured.map((h) => h.score));
    const docs = new Map<string, DocEvidence>();
    const passages = new Map<string, PassageEvidence>();
    const pairSeen = new Uint8Array(nq * nq);
    // Marks in `terms` the query terms `seq` holds, and in `pairs` the query pairs it holds adjacent.
    const mark = (seq: Int32Array, terms: Uint8Array, pairs: Uint8Array) => {
      let previous = 0;
      for (let i = 0; i < seq.length; i++) {
        const q = marks[seq[i]!]!;
        if (q) {
          terms[q - 1] = 1;
          // Adjacent in the sequence and both query terms (a sequence repeats no term).
          if (previous) pairSeen[(previous - 1) * nq + q - 1] = 1;
        }
        previous = q;
      }
      if (np) {
        for (let k = 0; k < np; k++) pairs[k] ||= pairSeen[pairIndex[k]!]!;
        pairSeen.fill(0);
      }
    };
    const evidenceOf = (p: Passage): PassageEvidence => {
      const { seq, cites } = input.derived?.(p) ? derivedTerms(p) : { seq: termSequence(p.text), cites: !!p.cells?.length };
      const terms = new Uint8Array(nq);
      const pairs = new Uint8Array(np);
      mark(seq, terms, pairs);
      const title = input.titleOf?.(p);
      if (!title) return { passage: p, lexRank: Infinity, strRank: Infinity, terms, pairs, cites };
      const titled = { terms: terms.slice(), pairs: pairs.slice() };
      mark(termSequence(title), titled.terms, titled.pairs);
      return { passage: p, lexRank: Infinity, strRank: Infinity, terms, pairs, cites, titled };
    };
    const add = (hit: Hit, rank: number, which: 'lex' | 'str') => {
      const p = hit.passage;
      let d = docs.get(p.docId);
      if (!d) {
        d = { lexRank: Infinity, strRanks: [], lexScore: 0, strScore: 0, terms: new Uint8Array(nq), units: new Set(), texts: [] };
        docs.set(p.docId, d);
      }
      let e = passages.get(p.id);
      const own = e && e.passage === p ? e : evidenceOf(p);
      if (input.tableLabels) {
        const labels = input.tableLabels(p);
        if (labels) d.units.add(labelTerms(labels));
        // A paragraph is one unit of its own: the question's words must fit in it, as in one cell.
        else if (p.kind === 'text' || p.kind === 'sentence') d.texts.push(own);
      }
      for (let i = 0; i < nq; i++) if (own.terms[i]) d.terms[i] = 1;
      if (which === 'lex') {
        d.lexRank = Math.min(d.lexRank, rank);
        d.lexScore = Math.max(d.lexScore, hit.score / maxLex);
      } else {
        d.strRanks.push(rank);
        d.strScore = Math.max(d.strScore, hit.score / maxStr);
      }
      if (!e) {
        e = own;
        passages.set(p.id, e);
      }
      if (which === 'lex') e.lexRank = Math.min(e.lexRank, rank);
      else e.strRank = Math.min(e.strRank, rank);
    };
    for (let i = 0; i < lexical.length; i++) add(lexical[i]!, Number.isFinite(lexical[i]!.rank) ? lexical[i]!.rank : i, 'lex');
    for (let i = 0; i < structured.length; i++) add(structured[i]!, Number.isFinite(structured[i]!.rank) ? structured[i]!.rank : i, 'str');

    // Term weights: rarer among the candidate documents, more telling.
    const n = docs.size;
    const weights = new Float64Array(nq);
    const dfs = new Int32Array(nq);
    for (const d of docs.values()) for (let i = 0; i < nq; i++) dfs[i]! += d.terms[i]!;
    let total = 0;
    for (let i = 0; i < nq; i++) {
      const w = Math.log(1 + (n + 1) / (dfs[i]! + 0.5));
      weights[i] = w;
      total += w;
    }
    // The weighted share of the query's terms (pairs) that `has` marks, in query order.
    const share = (has: ArrayLike<unknown>, ws: ArrayLike<number>, all: number) => {
      if (all === 0) return 0;
      let got = 0;
      for (let k = 0; k < ws.length; k++) if (has[k]) got += ws[k]!;
      return got / all;
    };
    const coverage = (terms: Uint8Array) => share(terms, weights, total);
    const pairWeights = pairTerms.map(([a, b]) => Math.min(weights[a!]!, weights[b!]!));
    const pairTotal = pairWeights.reduce((sum, x) => sum + x, 0);
    const textPhrase = (pairs: Uint8Array) => share(pairs, pairWeights, pairTotal);
    const unitEvidence = (d: DocEvidence) => {
      let cell = 0;
      let phrase = 0;
      let rowLabel = 0;
      let columnLabel = 0;
      if (total === 0) return { cell, phrase, rowLabel, columnLabel };
      for (const t of d.units) {
        cell = Math.max(cell, cellCoverage(t, queryTerms, weights) / total);
        phrase = Math.max(phrase, labelPhrase(t, pairKeys, pairWeights, pairTotal));
        const [row, column] = namedShares(t, queryTerms);
        rowLabel = Math.max(rowLabel, row);
        columnLabel = Math.max(columnLabel, column);
      }
      // A paragraph as a unit: its terms are all in `base`, it has no rows or columns.
      for (const e of d.texts) {
        cell = Math.max(cell, coverage(e.terms));
        phrase = Math.max(phrase, textPhrase(e.pairs));
      }
      return { cell, phrase, rowLabel, columnLabel };
    };
    const rrf = (rank: number, w: number) => (Number.isFinite(rank) ? w / (s.rrfK + rank + 1) : 0);

    const docScore = new Map<string, number>();
    for (const [id, d] of docs) {
      const str = d.strRanks.sort((a, b) => a - b);
      const unit = d.units.size || d.texts.length ? unitEvidence(d) : { cell: 0, phrase: 0, rowLabel: 0, columnLabel: 0 };
      const score =
        s.cellWeight * unit.cell +
        s.phraseWeight * unit.phrase +
        s.rowLabelWeight * unit.rowLabel +
        s.columnLabelWeight * unit.columnLabel +
        rrf(d.lexRank, s.lexicalWeight) +
        rrf(str[0] ?? Infinity, s.structuredWeight) +
        s.supportWeight * rrf(str[1] ?? Infinity, s.structuredWeight) +
        s.coverageWeight * coverage(d.terms) +
        s.scoreWeight * (s.lexicalWeight * d.lexScore + s.structuredWeight * d.strScore);
      docScore.set(id, score);
    }
    const out: Array<{ passage: Passage; score: number }> = [];
    for (const e of passages.values()) {
      // Within a document, the passage whose own wording fits best; between equals, one that
      // cites cells (a row or column summary) before the table-level summary, which cites none.
      const read = e.titled ?? e;
      const own = rrf(e.lexRank, s.lexicalWeight) + rrf(e.strRank, s.structuredWeight) + s.coverageWeight * coverage(read.terms) +
        (input.tableLabels ? s.phraseWeight * textPhrase(read.pairs) : 0) +
        (e.cites ? CITES_CELLS : 0);
      out.push({ passage: e.passage, score: docScore.get(e.passage.docId)! + 0.01 * own });
    }
    out.sort((a, b) => b.score - a.score || (a.passage.id < b.passage.id ? -1 : 1));
    return out;
  } finally {
    for (const id of queryIds) marks[id] = 0;
  }
}

/** Within-document preference for a passage that cites cells: about two ranks' worth of rank evidence. */
const CITES_CELLS = 0.05;

/**
 * A table as the unit a question must fit in, as terms: its title and row-label headers
 * (`base`), its row paths and column paths, and every adjacent term pair of each. The paths are
 * kept inverted (term -> the rows and columns whose path holds it) so that a question costs
 * what its terms match, not rows x question terms: the rows of a table all share most words.
 */
interface LabelTerms {
  base: Set<string>;
  /** Distinct terms of each row path, of each column path. */
  rowSizes: Int32Array;
  columnSizes: Int32Array;
  /**
   * A term's rows (`r`) and columns (`-1 - c`), ascending, at `items[starts[k]..starts[k + 1]]`
   * for the term's number `k` in `paths`: one pool per table, not one array a term.
   */
  paths: Map<string, number>;
  starts: Int32Array;
  items: Int32Array;
  pairs: Set<string>;
}

// A candidate's text as its terms (what `tokenize` gives: distinct, in order), each a number of
// one dictionary of the terms candidates have held, so a query asks "which of my terms, which of
// my adjacent pairs" with array reads instead of sets of strings. Candidates recur from query to
// query (the same popular rows: on HiTab's dev questions a fifth of the lookups are new texts),
// so sequences are kept, least recently used first out, keyed by the text itself so that a
// re-ingested passage with new text is never served stale terms. About 0.2 kB a passage.
const SEQUENCES_MAX = 40_000;
// Past this many terms the dictionary starts over (with the sequences that use it).
const TERM_IDS_MAX = 500_000;
const sequences = new Map<string, Int32Array>();
const termIds = new Map<string, number>();
// `marks[id]`: 1 + the term's index in the current query, 0 for every other term. Set and
// cleared by `fuseCandidates` around its (synchronous) work.
let marks = new Int32Array(1024);

function termId(term: string): number {
  let id = termIds.get(term);
  if (id === undefined) {
    id = termIds.size;
    termIds.set(term, id);
    if (id >= marks.length) {
      const grown = new Int32Array(marks.length * 2);
      grown.set(marks);
      marks = grown;
    }
  }
  return id;
}

/** A text's terms as dictionary numbers, in `tokenize` order. */
function termSequence(text: string, keep = true): Int32Array {
  let seq = sequences.get(text);
  if (seq) {
    // Least recently used goes first (a Map iterates in insertion order): a full cache keeps
    // the rows that keep coming back instead of starting over empty.
    sequences.delete(text);
    sequences.set(text, seq);
    return seq;
  }
  const tokens = tokenize(text);
  seq = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) seq[i] = termId(tokens[i]!);
  if (!keep) return seq;
  if (sequences.size >= SEQUENCES_MAX) sequences.delete(sequences.keys().next().value!);
  sequences.set(text, seq);
  return seq;
}

// The terms of derived table passages, by passage (`derived`): a derived text is written again
// each time it is read once its passage has left the recently read (a new string, hashed anew
// as a key of `sequences`). Kept for the last KNOWN_MAX passages, weakly: a removed passage goes.
const KNOWN_MAX = 40_000;
const known = new WeakCache<Passage, { seq: Int32Array; cites: boolean }>(KNOWN_MAX);

function derivedTerms(p: Passage): { seq: Int32Array; cites: boolean } {
  let k = known.get(p);
  if (!k) {
    k = { seq: termSequence(p.text, false), cites: !!p.cells?.length };
    known.set(p, k);
  }
  return k;
}

// Keyed by the labels object, which the caller keeps per table: a replaced table gets new labels.
const labelTermsCache = new WeakMap<TableLabels, LabelTerms>();

function labelTerms(labels: TableLabels): LabelTerms {
  let t = labelTermsCache.get(labels);
  if (t) return t;
  const pairs = new Set<string>();
  const termsOf = (text: string) => {
    const tokens = tokenize(text);
    for (const [a, b] of pairsOf(tokens)) pairs.add(`${a} ${b}`);
    return new Set(tokens);
  };
  const base = new Set<string>();
  for (const text of [labels.title, ...labels.stub]) for (const term of termsOf(text)) base.add(term);
  const lists = new Map<string, number[]>();
  const invert = (texts: string[], which: 'rows' | 'columns') => {
    const sizes = new Int32Array(texts.length);
    texts.forEach((text, i) => {
      const terms = termsOf(text);
      sizes[i] = terms.size;
      for (const term of terms) {
        let at = lists.get(term);
        if (!at) lists.set(term, (at = []));
        at.push(which === 'rows' ? i : -1 - i);
      }
    });
    return sizes;
  };
  const rowSizes = invert(labels.rows, 'rows');
  const columnSizes = invert(labels.columns, 'columns');
  const paths = new Map<string, number>();
  const starts = [0];
  for (const [term, at] of lists) {
    paths.set(term, starts.length - 1);
    starts.push(starts.at(-1)! + at.length);
  }
  const items = Int32Array.from([...lists.values()].flat());
  t = { base, rowSizes, columnSizes, paths, starts: Int32Array.from(starts), items, pairs };
  labelTermsCache.set(labels, t);
  return t;
}

/** The rows (`r`) and columns (`-1 - c`) whose path holds a term. */
function pathsOf(t: LabelTerms, term: string): Int32Array {
  const k = t.paths.get(term);
  return k === undefined ? EMPTY : t.items.subarray(t.starts[k], t.starts[k + 1]);
}
const EMPTY = new Int32Array(0);

/**
 * Weight of the query terms that one cell's context covers: title and row-label headers,
 * plus the best pair of one row path and one column path. Exact over all pairs: for each
 * row, the best column for the terms that row leaves uncovered.
 */
function cellCoverage(t: LabelTerms, queryTerms: string[], weights: Float64Array): number {
  let base = 0;
  // The query terms (by index) that the title and stub leave.
  const rest: number[] = [];
  for (let i = 0; i < queryTerms.length; i++) {
    if (t.base.has(queryTerms[i]!)) base += weights[i]!;
    else rest.push(i);
  }
  if (rest.length === 0) return base;
  // A table without data rows is one row that holds nothing.
  const nRows = Math.max(1, t.rowSizes.length);
  const nColumns = t.columnSizes.length;
  const w = (i: number) => weights[rest[i]!]!;
  if (rest.length > 30) {
    // Row by column, for questions of more than 30 remaining terms.
    const n = rest.length;
    const held = new Uint8Array((nRows + nColumns) * n);
    rest.forEach((q, i) => {
      for (const x of pathsOf(t, queryTerms[q]!)) held[(x >= 0 ? x : nRows - 1 - x) * n + i] = 1;
    });
    let best = 0;
    for (let r = 0; r < nRows; r++) {
      let inRow = 0;
      const left: number[] = [];
      for (let i = 0; i < n; i++) {
        if (held[r * n + i]) inRow += w(i);
        else left.push(i);
      }
      let inColumn = 0;
      if (left.length) {
        for (let c = nRows; c < nRows + nColumns; c++) {
          let g = 0;
          for (const i of left) if (held[c * n + i]) g += w(i);
          if (g > inColumn) inColumn = g;
        }
      }
      if (inRow + inColumn > best) best = inRow + inColumn;
    }
    return base + best;
  }
  // Each row and column reduced to which of the remaining terms it holds (a bit each), so that a
  // table of many rows and columns costs rows + columns, not rows x columns (a 20,000-row table:
  // ~30 ms a query before). Sums run over the terms in query order, as the plain loops did.
  if (masksScratch.length < nRows + nColumns) masksScratch = new Int32Array(Math.max(nRows + nColumns, 2 * masksScratch.length));
  const masks = masksScratch.subarray(0, nRows + nColumns).fill(0);
  for (let i = 0; i < rest.length; i++) {
    const k = t.paths.get(queryTerms[rest[i]!]!);
    if (k === undefined) continue;
    for (let j = t.starts[k]!; j < t.starts[k + 1]!; j++) {
      const x = t.items[j]!;
      masks[x >= 0 ? x : nRows - 1 - x]! |= 1 << i;
    }
  }
  const sums = new Map<number, number>();
  const sum = (mask: number) => {
    let s = sums.get(mask);
    if (s === undefined) {
      s = 0;
      for (let i = 0; i < rest.length; i++) if (mask & (1 << i)) s += w(i);
      sums.set(mask, s);
    }
    return s;
  };
  const columns = [...new Set(masks.subarray(nRows))];
  const all = (1 << rest.length) - 1;
  const byRow = new Map<number, number>();
  let best = 0;
  for (const m of masks.subarray(0, nRows)) {
    let total = byRow.get(m);
    if (total === undefined) {
      const left = all & ~m;
      let inColumn = 0;
      if (left) {
        for (const c of columns) {
          const g = sum(c & left);
          if (g > inColumn) inColumn = g;
        }
      }
      total = sum(m) + inColumn;
      byRow.set(m, total);
    }
    if (total > best) best = total;
  }
  return base + best;
}
// Each row's and column's mask of remaining terms: one buffer for every unit, cleared per call.
let masksScratch = new Int32Array(256);

/**
 * The best share of one row label's (one column label's) terms that the question names: 1 when
 * some label is named in full ("Manitoba"), less when the closest label says more than the
 * question ("Manitoba, rural areas"). Unweighted: a label's other terms need no rarity to count.
 */
function namedShares(t: LabelTerms, queryTerms: readonly string[]): [rows: number, columns: number] {
  const nRows = t.rowSizes.length;
  const sizes = [...t.rowSizes, ...t.columnSizes];
  const named = new Int32Array(sizes.length);
  for (const q of queryTerms) for (const x of pathsOf(t, q)) named[x >= 0 ? x : nRows - 1 - x]!++;
  const best = [0, 0] as [number, number];
  sizes.forEach((size, i) => {
    const k = i < nRows ? 0 : 1;
    if (size && named[i]! / size > best[k]) best[k] = named[i]! / size;
  });
  return best;
}

/** The weighted share of the query's pairs (as `pairKeys`) that a table's labels hold adjacent. */
function labelPhrase(t: LabelTerms, pairKeys: readonly string[], pairWeights: readonly number[], pairTotal: number): number {
  if (pairTotal === 0) return 0;
  let got = 0;
  for (let k = 0; k < pairKeys.length; k++) if (t.pairs.has(pairKeys[k]!)) got += pairWeights[k]!;
  return got / pairTotal;
}

/** Adjacent term pairs of a token sequence. */
function pairsOf(tokens: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < tokens.length; i++) if (tokens[i] !== tokens[i + 1]) out.push([tokens[i]!, tokens[i + 1]!]);
  return out;
}

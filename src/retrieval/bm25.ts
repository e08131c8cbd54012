import { index as oramaIndex } from '@orama/orama/components';

/**
 * Okapi BM25 as an Orama index component (Orama's components are replaceable at
 * `create()`; this one keeps Orama's data structures and replaces two functions).
 *
 * Why: Orama 3.1's own scoring (a) matches every query word as a prefix ("won" also
 * hits "wonder"), (b) de-duplicates a document's tokens, so every term count is 1, and
 * (c) divides term frequency by length before BM25 divides by length again, so a
 * one-line paragraph ("History .") outranks the passage that answers. On TimeQA plain
 * BM25 went from AR@1 3.5 (Orama's scoring) to the figure in `docs/RESULTS.md` with this.
 * Term counts need the tokenizer's `allowDuplicates: true`.
 */

/** BM25 parameters: the usual defaults of Lucene and rank_bm25. */
export interface Bm25Parameters {
  k1: number;
  b: number;
}

/** Lucene's defaults; see `docs/RESULTS.md` for the sweep behind keeping them. */
export const DEFAULT_BM25: Readonly<Bm25Parameters> = Object.freeze({ k1: 1.2, b: 0.75 });

type DefaultIndex = ReturnType<typeof oramaIndex.createIndex>;

/** The parts of Orama's index store this component reads (Orama's own layout). */
interface IndexData {
  indexes: Record<string, unknown>;
  avgFieldLength: Record<string, number>;
  fieldLengths: Record<string, Record<number, number | undefined>>;
}

interface RadixTree {
  type: string;
  node: { find(params: { term: string; exact: boolean; tolerance: number }): Record<string, ArrayLike<number>> };
}

// Counts per token of the token list being inserted: Orama calls the score hook once per
// token with the whole list, so the counts are made once per list.
const countsOf = new WeakMap<string[], Map<string, number>>();

function counts(tokens: string[]): Map<string, number> {
  let map = countsOf.get(tokens);
  if (!map) {
    map = new Map();
    for (const t of tokens) map.set(t, (map.get(t) ?? 0) + 1);
    countsOf.set(tokens, map);
  }
  return map;
}

/** An Orama index component that scores full-text search with Okapi BM25 on whole words. */
export function bm25Index(params: Bm25Parameters = DEFAULT_BM25): DefaultIndex {
  const base = oramaIndex.createIndex();
  const { k1, b } = params;
  // Term counts per property, document and term, in Maps: Orama's plain objects keyed by
  // token turn slow with numeric-looking keys such as years, and its per-occurrence token
  // statistics are not needed (document frequency is the posting list's length).
  // Consequence: Orama's save()/load() would not carry them; Almanac rebuilds instead.
  const termCounts = new Map<string, Map<number, Map<string, number>>>();
  return {
    ...base,
    insertTokenScoreParameters(_store, prop, id, tokens) {
      let perDoc = termCounts.get(prop);
      if (!perDoc) termCounts.set(prop, (perDoc = new Map()));
      const map = counts(tokens);
      if (perDoc.get(id as unknown as number) !== map) perDoc.set(id as unknown as number, map);
    },
    removeDocumentScoreParameters(store, prop, id, docsCount) {
      base.removeDocumentScoreParameters(store, prop, id, docsCount);
      termCounts.get(prop)?.delete(id as unknown as number);
    },
    removeTokenScoreParameters() {},
    search(store, term, tokenizer, language, propertiesToSearch, _exact, _tolerance, boost, _relevance, docsCount, whereFiltersIDs) {
      const index = store as unknown as IndexData;
      const boosts = boost as Record<string, number | undefined>;
      const tokens = [...new Set(tokenizer.tokenize(term, language))];
      const scores = new Map<number, number>();
      for (const prop of propertiesToSearch) {
        const tree = index.indexes[prop] as unknown as RadixTree | undefined;
        const perDoc = termCounts.get(prop);
        if (!tree || tree.type !== 'Radix' || !perDoc) continue;
        const weight = boosts[prop] ?? 1;
        const avg = index.avgFieldLength[prop] || 1;
        const lengths = index.fieldLengths[prop]!;
        for (const token of tokens) {
          const ids = tree.node.find({ term: token, exact: true, tolerance: 0 })[token];
          if (!ids || ids.length === 0) continue;
          const idf = Math.log(1 + (docsCount - ids.length + 0.5) / (ids.length + 0.5));
          for (let i = 0; i < ids.length; i++) {
            const id = ids[i]!;
            if (whereFiltersIDs && !whereFiltersIDs.has(id)) continue;
            const count = perDoc.get(id)?.get(token);
            if (!count) continue;
            const length = lengths[id] ?? 0;
            const s = (idf * count * (k1 + 1)) / (count + k1 * (1 - b + (b * length) / avg));
            scores.set(id, (scores.get(id) ?? 0) + weight * s);
          }
        }
      }
      return [...scores.entries()].sort((x, y) => y[1] - x[1]) as ReturnType<DefaultIndex['search']>;
    },
  };
}

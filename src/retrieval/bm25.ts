import { index as oramaIndex, internalDocumentIDStore } from '@orama/orama/components';

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

/**
 * Lucene's defaults, kept for text passages and table-level summaries; the index of row and
 * column summaries takes `STRUCTURED_BM25` (`src/tables/settings.ts`, with its sweep).
 */
export const DEFAULT_BM25: Readonly<Bm25Parameters> = Object.freeze({ k1: 1.2, b: 0.75 });

type DefaultIndex = ReturnType<typeof oramaIndex.createIndex>;

/** The parts of Orama's index store this component reads (Orama's own layout). */
interface IndexData {
  avgFieldLength: Record<string, number>;
  fieldLengths: Record<string, Record<number, number | undefined>>;
}

/** How often each token occurs in a token list. */
function counts(tokens: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const t of tokens) map.set(t, (map.get(t) ?? 0) + 1);
  return map;
}

/** The documents (Orama internal ids) that hold a token, and how often each does. */
interface Posting {
  ids: number[];
  counts: number[];
}

/** Whether a property is one of Orama's full-text (radix) properties and the value a string. */
function isText(store: unknown, prop: string, value: unknown): value is string {
  return typeof value === 'string' && (store as { indexes: Record<string, { type: string } | undefined> }).indexes[prop]?.type === 'Radix';
}

/** An Orama index component that scores full-text search with Okapi BM25 on whole words. */
export function bm25Index(params: Bm25Parameters = DEFAULT_BM25): DefaultIndex {
  const base = oramaIndex.createIndex();
  const { k1, b } = params;
  // Postings with term counts, per property: token -> internal document ids and counts.
  // Used instead of Orama's radix tree: its exact lookup walks the whole subtree under a
  // short token ("1", "20": 164 ms a query over HiTab's 86k summaries), and its per-document
  // objects keyed by token turn slow with numeric-looking keys such as years. Consequence:
  // Orama's save()/load() would not carry them; Almanac rebuilds its indexes instead.
  // A posting list is two parallel arrays, not a Map per token: a corpus has tens of
  // thousands of tokens, and as Maps their creation and collection was most of a reload.
  const postings = new Map<string, Map<string, Posting>>();
  // Orama's own insert path (array-valued text, not used by Almanac) calls the score hook once
  // per token with the whole list; the list is counted once.
  const seen = new WeakSet<string[]>();
  // Orama removes a document's terms one call per token without the document id; the id
  // comes with the call just before, which this remembers (removal is synchronous).
  let removing = -1;
  let scores = new Float64Array(1024);
  return {
    ...base,
    // Text properties skip Orama's radix tree: nothing here reads it (search goes through the
    // postings below), and filling it was most of the time of an ingest or a reload.
    insert(implementation, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, options) {
      if (!isText(store, prop, value)) {
        return base.insert(implementation, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, options);
      }
      const tokens = tokenizer.tokenize(value, language, prop, false);
      implementation.insertDocumentScoreParameters(store, prop, internalId, tokens, docsCount);
      if (tokens.length) implementation.insertTokenScoreParameters(store, prop, internalId, tokens, tokens[0]!);
    },
    remove(implementation, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount) {
      if (!isText(store, prop, value)) {
        return base.remove(implementation, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount);
      }
      implementation.removeDocumentScoreParameters(store, prop, id, docsCount);
      for (const token of new Set(tokenizer.tokenize(value, language, prop))) implementation.removeTokenScoreParameters(store, prop, token);
      return true;
    },
    insertTokenScoreParameters(_store, prop, id, tokens) {
      if (seen.has(tokens)) return;
      seen.add(tokens);
      let byToken = postings.get(prop);
      if (!byToken) postings.set(prop, (byToken = new Map()));
      for (const [token, count] of counts(tokens)) {
        let list = byToken.get(token);
        if (!list) byToken.set(token, (list = { ids: [], counts: [] }));
        list.ids.push(id as unknown as number);
        list.counts.push(count);
      }
    },
    removeDocumentScoreParameters(store, prop, id, docsCount) {
      base.removeDocumentScoreParameters(store, prop, id, docsCount);
      // Orama passes the external id here but the internal one at insertion.
      const shared = (store as unknown as { sharedInternalDocumentStore: Parameters<typeof internalDocumentIDStore.getInternalDocumentId>[0] }).sharedInternalDocumentStore;
      removing = internalDocumentIDStore.getInternalDocumentId(shared, id);
    },
    removeTokenScoreParameters(_store, prop, token) {
      const list = postings.get(prop)?.get(token);
      const i = list ? list.ids.indexOf(removing) : -1;
      if (i >= 0) {
        list!.ids.splice(i, 1);
        list!.counts.splice(i, 1);
      }
    },
    search(store, term, tokenizer, language, propertiesToSearch, _exact, _tolerance, boost, _relevance, docsCount, whereFiltersIDs) {
      const index = store as unknown as IndexData;
      const boosts = boost as Record<string, number | undefined>;
      const tokens = [...new Set(tokenizer.tokenize(term, language))];
      // Scores accumulate in a typed array indexed by Orama's dense internal ids.
      const touched: number[] = [];
      for (const prop of propertiesToSearch) {
        const byToken = postings.get(prop);
        if (!byToken) continue;
        const weight = boosts[prop] ?? 1;
        const avg = index.avgFieldLength[prop] || 1;
        const lengths = index.fieldLengths[prop]!;
        for (const token of tokens) {
          const list = byToken.get(token);
          const df = list ? list.ids.length : 0;
          if (df === 0) continue;
          const idf = Math.log(1 + (docsCount - df + 0.5) / (df + 0.5));
          const { ids, counts } = list!;
          for (let i = 0; i < df; i++) {
            const id = ids[i]!;
            const count = counts[i]!;
            if (whereFiltersIDs && !whereFiltersIDs.has(id)) continue;
            if (id >= scores.length) {
              const grown = new Float64Array(Math.max(id + 1, scores.length * 2));
              grown.set(scores);
              scores = grown;
            }
            const length = lengths[id] ?? 0;
            if (scores[id] === 0) touched.push(id);
            scores[id]! += (weight * idf * count * (k1 + 1)) / (count + k1 * (1 - b + (b * length) / avg));
          }
        }
      }
      const out = touched.map((id) => [id, scores[id]!] as [number, number]);
      for (const id of touched) scores[id] = 0;
      return out.sort((x, y) => y[1] - x[1]) as ReturnType<DefaultIndex['search']>;
    },
  };
}

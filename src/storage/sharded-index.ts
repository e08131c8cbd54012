import { createError } from '../errors.ts';
import { createAlmanac } from '../engine/create.ts';
import { writeCorpusFile } from '../index-format/corpus-file.ts';
import { checkShardsManifest, impactScale, readFragment, readTermShard, shardOf, type ShardsManifest, type TermPostings } from '../index-format/term-shards.ts';
import { tokenize } from '../text/tokenizer.ts';
import type { Almanac, AnswerEvent, AnswerOptions, AnswerResponse, SearchOptions, SearchResponse, StoredDocument } from '../types.ts';

/**
 * A sharded prebuilt index (`almanac build --shards`, `src/index-format/term-shards.ts`) searched
 * over HTTP without downloading it: each query fetches the term shards of its terms, ranks
 * documents on their impacts (BM25 at the document level, the first stage), fetches the
 * fragments holding the best {@link CANDIDATES}, and runs the engine's whole search over the
 * documents fetched so far (an engine in memory that grows with the session). Shards and
 * fragments already fetched are not fetched again; the HTTP cache keeps them across visits.
 *
 * What it gives up against loading the whole index: the final ranking sees only the documents
 * fetched so far, and its IDF is theirs, not the corpus's; `bench index` measures how often the
 * top results still agree.
 */
export interface ShardedIndexOptions {
  fetch?: typeof fetch;
  /** The manifest, when the caller fetched it already (parsed JSON). */
  manifest?: unknown;
  /** Documents the first stage hands to the engine per query. Default {@link CANDIDATES}. */
  candidates?: number;
}

/** Documents fetched per query for the engine to rank. */
export const CANDIDATES = 12;

/**
 * An {@link Almanac} over a sharded index: `search`, `answer` and `answerStream` fetch what the
 * question needs first; the rest act on the documents fetched so far (and on documents
 * ingested on top, which live in memory), except `stats`, which counts the whole index.
 */
export interface ShardedAlmanac extends Almanac {
  readonly manifest: ShardsManifest;
  /** Bytes fetched so far (manifest, shards, fragments), as the server sent them (uncompressed size). */
  readonly bytesFetched: number;
  /** Files fetched so far. */
  readonly requests: number;
}

export async function openShardedIndex(url: string, options: ShardedIndexOptions = {}): Promise<ShardedAlmanac> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = typeof location !== 'undefined' ? location.href : undefined;
  const manifestUrl = new URL(url, base).href;
  let bytesFetched = 0;
  let requests = 0;
  const get = async (href: string): Promise<Uint8Array> => {
    let res: Response;
    try {
      res = await doFetch(href);
    } catch (err) {
      throw createError('STORAGE_FAILED', `fetching ${href} failed (${(err as Error).message})`);
    }
    if (res.status === 404) throw createError('INDEX_NOT_FOUND', href);
    if (!res.ok) throw createError('STORAGE_FAILED', `fetching ${href} answered HTTP ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    bytesFetched += bytes.length;
    requests++;
    return bytes;
  };
  let json: unknown = options.manifest;
  if (json === undefined) {
    try {
      json = JSON.parse(new TextDecoder().decode(await get(manifestUrl)));
    } catch (err) {
      if (err instanceof SyntaxError) throw createError('INDEX_CORRUPT', `${manifestUrl} is not JSON`);
      throw err;
    }
  }
  const manifest = checkShardsManifest(json);
  const build = manifest.contentHash;
  const shards = new Map<number, Promise<Map<string, TermPostings>>>();
  const fragments = new Map<number, Promise<void>>();
  // Terms of the shards fetched so far: their collection-wide document frequencies.
  const known = new Map<string, TermPostings>();
  const stats = (k: 0 | 1, c: ShardsManifest['collection']['lexical'] | undefined) => (c ? { passages: c.passages, avgLengths: c.avgLengths, df: (t: string) => known.get(t)?.passageDf[k] } : undefined);
  const lexical = stats(0, manifest.collection?.lexical);
  const structured = stats(1, manifest.collection?.structured);
  const engine = await createAlmanac(lexical && structured ? { collectionStats: { lexical, structured } } : {});
  const limit = options.candidates ?? CANDIDATES;
  const n = manifest.counts.documents;

  const shard = (i: number) => {
    let p = shards.get(i);
    if (!p) {
      p = get(new URL(`terms/${i}.bin`, manifestUrl).href).then((b) => {
        const terms = readTermShard(b, build);
        for (const [t, postings] of terms) known.set(t, postings);
        return terms;
      });
      shards.set(i, p);
      p.catch(() => shards.delete(i));
    }
    return p;
  };
  const fragmentOf = (doc: number): number => {
    const starts = manifest.fragmentStarts;
    let lo = 0;
    let hi = manifest.counts.fragments - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= doc) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const fragment = (i: number) => {
    let p = fragments.get(i);
    if (!p) {
      p = get(new URL(`docs/${i}.bin`, manifestUrl).href).then(async (b) => {
        readFragment(b, build); // checks it before the engine sees it
        await engine.importCorpus(writeCorpusFile([b.subarray(26)]));
      });
      fragments.set(i, p);
      p.catch(() => fragments.delete(i));
    }
    return p;
  };

  /** The first stage: documents ranked on the impacts of the query's terms; their fragments fetched and indexed. */
  const prepare = async (query: string): Promise<void> => {
    const terms = [...new Set(tokenize(query))];
    const needed = [...new Set(terms.map((t) => shardOf(manifest, t)))];
    const loaded = await Promise.all(needed.map(shard));
    const byShard = new Map(needed.map((s, i) => [s, loaded[i]!]));
    const scores = new Map<number, number>();
    for (const t of terms) {
      const p = byShard.get(shardOf(manifest, t))!.get(t);
      if (!p) continue;
      const idf = Math.log(1 + (n - p.df + 0.5) / (p.df + 0.5));
      for (let j = 0; j < p.docs.length; j++) scores.set(p.docs[j]!, (scores.get(p.docs[j]!) ?? 0) + idf * p.impacts[j]! * impactScale);
    }
    const best = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit).map(([d]) => d);
    await Promise.all([...new Set(best.map(fragmentOf))].map(fragment));
  };

  return {
    manifest,
    get bytesFetched() { return bytesFetched; },
    get requests() { return requests; },
    async search(query: string, searchOptions?: SearchOptions): Promise<SearchResponse> {
      await prepare(query);
      return engine.search(query, searchOptions);
    },
    async answer(question: string, answerOptions?: AnswerOptions): Promise<AnswerResponse> {
      await prepare(question);
      return engine.answer(question, answerOptions);
    },
    async *answerStream(question: string, answerOptions?: AnswerOptions): AsyncIterable<AnswerEvent> {
      await prepare(question);
      yield* engine.answerStream(question, answerOptions);
    },
    document: (id: string): Promise<StoredDocument | undefined> => engine.document(id),
    async stats() {
      return { ...(await engine.stats()), documents: manifest.counts.documents, passages: manifest.counts.passages };
    },
    ingest: (docs, o) => engine.ingest(docs, o),
    remove: (ids) => engine.remove(ids),
    documents: () => engine.documents(),
    timeCoverage: (o) => engine.timeCoverage(o),
    datedSentences: (o) => engine.datedSentences(o),
    setModels: (m, o) => engine.setModels(m, o),
    exportCorpus: (o) => engine.exportCorpus(o),
    importCorpus: (f, o) => engine.importCorpus(f, o),
    clear: () => engine.clear(),
    close: () => engine.close(),
  };
}

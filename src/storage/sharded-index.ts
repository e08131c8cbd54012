import { createError } from '../errors.ts';
import { createAlmanac } from '../engine/create.ts';
import { writeCorpusFile } from '../index-format/corpus-file.ts';
import { checkShardsManifest, encodeFragment, fileOf, impactScale, readFragment, readTermShard, readTimeShard, shardOf, type ShardsManifest, type TermPostings } from '../index-format/term-shards.ts';
import { chooseByTime } from '../index-format/time-candidates.ts';
import type { DocumentTimes } from '../index-format/time-shards.ts';
import { needsChrono, parseQuestion } from '../temporal/constraint.ts';
import { loadChrono } from '../temporal/chrono.ts';
import { tokenize } from '../text/tokenizer.ts';
import type { DocumentRecord } from './store.ts';
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
  /**
   * Documents a dated question ranks on their dated evidence (time shards, no text) before the
   * `candidates` best are fetched. Default {@link POOL}; 0 turns it off (the first stage alone picks).
   */
  pool?: number;
  /** Of the `candidates`, how many are the first stage's best whatever their time. Default {@link LEADERS}. */
  leaders?: number;
  /**
   * What the engine ranks for a query: every document fetched so far (`session`), or only those
   * of this query's first-stage pool fetched so far (`pool`, as the whole index ranks only its
   * first stage's best). Default {@link SCOPE}.
   */
  scope?: 'session' | 'pool';
  /**
   * Cache Storage name the shards are kept in, keyed by the build's content hash, so a question
   * asked once is answered again offline (and {@link ShardedAlmanac.prefetch} can keep them all).
   * Default `almanac-index` where Cache Storage exists; `false`: the HTTP cache only.
   */
  cache?: string | false;
}

/** What {@link ShardedAlmanac.prefetch} reports. */
export interface PrefetchReport {
  /** Files of the index (term shards, fragments, time shards). */
  files: number;
  /** Of them, fetched now (the rest were cached or fetched before). */
  fetched: number;
  /** Bytes fetched now. */
  bytes: number;
  /** Whether they are kept on the device (Cache Storage); without it, only checked. */
  cached: boolean;
}

/** Documents a dated question ranks on time before fetching text: as many as the whole index's temporal reranker reads. */
export const POOL = 100;
/** First-stage leaders always fetched (the engine routes a question on its BM25 leader). */
export const LEADERS = 3;
/** What the engine ranks per query (see {@link ShardedIndexOptions.scope}). */
export const SCOPE: 'session' | 'pool' = 'session';

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
  /**
   * Fetches every file of the index not yet kept, into Cache Storage (a site fully offline,
   * the way the single-file index is after its first visit), a few at a time. Progress in files;
   * the signal stops it (`ABORTED`), keeping what was fetched. Their documents are not loaded:
   * a query still indexes only what it needs, now from the device.
   */
  prefetch(options?: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<PrefetchReport>;
}

const DEFAULT_CACHE = 'almanac-index';
/** Files {@link ShardedAlmanac.prefetch} fetches at once. */
const PREFETCH_CONCURRENCY = 6;

/**
 * Opens the sharded index (`almanac build --shards`) whose manifest is at `url` (absolute, or
 * relative to the caller's location), fetching only the manifest; each query then fetches what
 * it needs (see {@link ShardedIndexOptions}). Throws `INDEX_NOT_FOUND`, `INDEX_CORRUPT`,
 * `INDEX_TOO_NEW`. For a site's index of either layout, `openSiteIndex` chooses.
 *
 * @example
 * ```ts
 * const almanac = await openShardedIndex('/almanac/index.json');
 * const { results } = await almanac.search('Who chaired the board in 2019?');
 * await almanac.prefetch({ signal, onProgress: (done, total) => console.log(`${done}/${total} files`) });
 * ```
 */
export async function openShardedIndex(url: string, options: ShardedIndexOptions = {}): Promise<ShardedAlmanac> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = typeof location !== 'undefined' ? location.href : undefined;
  const manifestUrl = new URL(url, base).href;
  let bytesFetched = 0;
  let requests = 0;
  const fetchBytes = async (href: string, signal?: AbortSignal): Promise<Uint8Array> => {
    let res: Response;
    try {
      res = await doFetch(href, signal ? { signal } : {});
    } catch (err) {
      if (signal?.aborted) throw createError('ABORTED', 'Prefetching the index');
      throw createError('STORAGE_FAILED', `fetching ${href} failed (${(err as Error).message}; offline, and not kept on this device?)`);
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
      json = JSON.parse(new TextDecoder().decode(await fetchBytes(manifestUrl)));
    } catch (err) {
      if (err instanceof SyntaxError) throw createError('INDEX_CORRUPT', `${manifestUrl} is not JSON`);
      throw err;
    }
  }
  const manifest = checkShardsManifest(json);
  const build = manifest.contentHash;
  const cache = options.cache !== false && typeof caches !== 'undefined' ? await caches.open(options.cache ?? DEFAULT_CACHE).catch(() => undefined) : undefined;
  /** A file of this build: from Cache Storage, else fetched, checked by `check` and kept. */
  const get = async <T>(name: string, check: (bytes: Uint8Array) => T, signal?: AbortSignal): Promise<T> => {
    const href = new URL(name, manifestUrl).href;
    const key = shardKey(href, build);
    const hit = await cache?.match(key).catch(() => undefined);
    if (hit) {
      try {
        return check(new Uint8Array(await hit.arrayBuffer()));
      } catch {
        // A damaged copy on the device: fetched again.
        await cache!.delete(key).catch(() => undefined);
      }
    }
    const bytes = await fetchBytes(href, signal);
    const out = check(bytes);
    await cache?.put(key, new Response(bytes.slice().buffer, { headers: { 'content-type': 'application/octet-stream' } })).catch(() => undefined);
    return out;
  };
  const shards = new Map<number, Promise<Map<string, TermPostings>>>();
  const fragments = new Map<number, Promise<void>>();
  const fragmentRecords = new Map<number, DocumentRecord[]>();
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
      p = get(`terms/${i}.bin`, (b) => readTermShard(b, build)).then((terms) => {
        for (const [t, postings] of terms) known.set(t, postings);
        return terms;
      });
      shards.set(i, p);
      p.catch(() => shards.delete(i));
    }
    return p;
  };
  const times = new Map<number, Promise<DocumentTimes[]>>();
  const timeShard = (i: number) => {
    let p = times.get(i);
    if (!p) {
      p = get(`times/${i}.bin`, (b) => readTimeShard(b, build));
      times.set(i, p);
      p.catch(() => times.delete(i));
    }
    return p;
  };
  const fragment = (i: number) => {
    let p = fragments.get(i);
    if (!p) {
      p = get(`docs/${i}.bin`, (b) => {
        // Checked before the engine sees it.
        fragmentRecords.set(i, readFragment(b, build).records);
        return b;
      }).then(async (b) => {
        await engine.importCorpus(writeCorpusFile([b.subarray(26)]));
      });
      fragments.set(i, p);
      p.catch(() => fragments.delete(i));
    }
    return p;
  };

  const pool = options.pool ?? POOL;
  const leaders = options.leaders ?? LEADERS;
  const score = (terms: string[], byShard: Map<number, Map<string, TermPostings>>) => {
    const scores = new Map<number, number>();
    for (const t of terms) {
      const p = byShard.get(shardOf(manifest, t))!.get(t);
      if (!p) continue;
      const idf = Math.log(1 + (n - p.df + 0.5) / (p.df + 0.5));
      for (let j = 0; j < p.docs.length; j++) scores.set(p.docs[j]!, (scores.get(p.docs[j]!) ?? 0) + idf * p.impacts[j]! * impactScale);
    }
    return scores;
  };

  /**
   * The first stage: documents ranked on the impacts of the query's terms; for a dated question
   * the best {@link POOL} of them ranked again on their dated evidence (`time-candidates.ts`);
   * the chosen documents' fragments fetched and indexed.
   */
  const prepare = async (query: string, o?: SearchOptions): Promise<number[]> => {
    if (o?.temporal !== false && needsChrono(query)) await loadChrono();
    const parsed = o?.temporal === false ? undefined : parseQuestion(query, { referenceDate: o?.referenceDate });
    const constraint = parsed?.constraint;
    const terms = [...new Set(tokenize(query))];
    const mainTerms = constraint ? [...new Set(tokenize(parsed.mainContent.trim() || query))] : terms;
    const needed = [...new Set([...terms, ...mainTerms].map((t) => shardOf(manifest, t)))];
    const loaded = await Promise.all(needed.map(shard));
    const byShard = new Map(needed.map((s, i) => [s, loaded[i]!]));
    const scores = score(terms, byShard);
    const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    let best: number[];
    if (constraint && pool > limit && ranked.length > limit) {
      const head = ranked.slice(0, pool);
      const mainScores = mainTerms === terms ? scores : score(mainTerms, byShard);
      const files = [...new Set(head.map(([d]) => fileOf(manifest.timeStarts, d)))];
      const got = new Map(files.map((f, i) => [f, i]));
      const evidence = await Promise.all(files.map(timeShard));
      const timesOf = (d: number) => {
        const f = fileOf(manifest.timeStarts, d);
        return evidence[got.get(f)!]?.[d - manifest.timeStarts[f]!];
      };
      best = chooseByTime(head.map(([doc, s]) => ({ doc, score: s, mainScore: mainScores.get(doc) ?? 0 })), constraint, timesOf, limit, leaders);
    } else {
      best = ranked.slice(0, limit).map(([d]) => d);
    }
    await Promise.all([...new Set(best.map((d) => fileOf(manifest.fragmentStarts, d)))].map(fragment));
    return ranked.slice(0, Math.max(pool, limit)).map(([d]) => d);
  };
  const scope = options.scope ?? SCOPE;
  /** The engine a query is ranked in: the session's, or one over the pool's documents fetched so far. */
  const rankIn = async <T>(docs: number[], work: (a: Almanac) => Promise<T>): Promise<T> => {
    if (scope === 'session') return work(engine);
    const records: DocumentRecord[] = [];
    for (const d of docs) {
      const f = fileOf(manifest.fragmentStarts, d);
      const r = fragmentRecords.get(f)?.[d - manifest.fragmentStarts[f]!];
      if (r) records.push(r);
    }
    const scoped = await createAlmanac(lexical && structured ? { collectionStats: { lexical, structured } } : {});
    try {
      await scoped.importCorpus(writeCorpusFile([encodeFragment(records)]));
      return await work(scoped);
    } finally {
      await scoped.close();
    }
  };

  return {
    manifest,
    get bytesFetched() { return bytesFetched; },
    get requests() { return requests; },
    async prefetch(o = {}): Promise<PrefetchReport> {
      const { counts } = manifest;
      const names = [
        ...Array.from({ length: counts.termShards }, (_, i) => `terms/${i}.bin`),
        ...Array.from({ length: counts.timeShards }, (_, i) => `times/${i}.bin`),
        ...Array.from({ length: counts.fragments }, (_, i) => `docs/${i}.bin`),
      ];
      const before = { bytes: bytesFetched, requests };
      let next = 0;
      let done = 0;
      const checks: Record<string, (b: Uint8Array) => unknown> = { terms: (b) => readTermShard(b, build), times: (b) => readTimeShard(b, build), docs: (b) => readFragment(b, build) };
      const worker = async () => {
        while (next < names.length) {
          if (o.signal?.aborted) throw createError('ABORTED', 'Prefetching the index');
          const name = names[next++]!;
          // Kept already (checked when it was kept): not read again.
          if (!(await cache?.match(shardKey(new URL(name, manifestUrl).href, build)).catch(() => undefined))) await get(name, checks[name.slice(0, name.indexOf('/'))]!, o.signal);
          o.onProgress?.(++done, names.length);
        }
      };
      await Promise.all(Array.from({ length: PREFETCH_CONCURRENCY }, worker));
      return { files: names.length, fetched: requests - before.requests, bytes: bytesFetched - before.bytes, cached: !!cache };
    },
    async search(query: string, searchOptions?: SearchOptions): Promise<SearchResponse> {
      const docs = await prepare(query, searchOptions);
      return rankIn(docs, (a) => a.search(query, searchOptions));
    },
    async answer(question: string, answerOptions?: AnswerOptions): Promise<AnswerResponse> {
      const docs = await prepare(question, answerOptions);
      return rankIn(docs, (a) => a.answer(question, answerOptions));
    },
    async *answerStream(question: string, answerOptions?: AnswerOptions): AsyncIterable<AnswerEvent> {
      await prepare(question, answerOptions);
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

/** The Cache Storage key of a shard of build `build` (the build's hash names it, so a new build never reads an old file). */
export function shardKey(href: string, build: string): string {
  return `${href}?almanac-shards=${build}`;
}

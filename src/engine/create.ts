import { createError, throwIfAborted } from '../errors.ts';
import { RETRIEVAL } from '../settings.ts';
import { MemoryStore } from '../storage/memory-store.ts';
import { openIdbStore } from '../storage/idb-store.ts';
import { encodeSegment } from '../index-format/segment.ts';
import { readCorpusFile, readShards, writeCorpusFile } from '../index-format/corpus-file.ts';
import type { CorpusStore, DocumentRecord } from '../storage/store.ts';
import type { Segment } from '../index-format/segment.ts';
import { termsFingerprint } from '../retrieval/term-index.ts';
import { timeCoverage } from '../temporal/index.ts';
import type {
  Almanac, AlmanacOptions, CorpusShards, CorpusStats, DocumentInput, Embedder, ExportOptions, Generator, ImportOptions, ImportReport, IngestReport,
  LongCallOptions, Passage, Reranker, SearchOptions, SearchResponse, StoredDocument, TimeBucket,
} from '../types.ts';
import { prepareDocument } from './prepare.ts';
import { runSearch } from './search.ts';
import { emptyIndexes, type EngineState } from './state.ts';
import { analyseSegment, corpusSegment, splitPassages, splitSegment } from './segments.ts';

/**
 * Creates an Almanac: opens (or creates) the corpus in the chosen storage, rebuilds its
 * indexes from what was stored (no re-parsing), and returns the engine.
 *
 * @example
 * const almanac = await createAlmanac();
 * await almanac.ingest([{ name: 'notes.md', content: '# Notes\n...' }]);
 * const { results, mode } = await almanac.search('who was prime minister as of 2021?');
 */
export async function createAlmanac(options: AlmanacOptions = {}): Promise<Almanac> {
  const storage = options.storage ?? 'memory';
  const store = storage === 'memory'
    ? new MemoryStore((records) => encodeSegment(analyseSegment(records)).length)
    : await openIdbStore(storage.indexedDB.name, storage.indexedDB.factory);
  const engine = new Engine(store, options);
  await engine.restore(options);
  return engine;
}

/**
 * Text per segment of an exported file: small enough that a reader decodes one segment at a
 * time in a few tens of milliseconds, large enough that a corpus of 16k passages is one segment.
 */
const EXPORT_SEGMENT_CHARS = 8_000_000;

class Engine implements Almanac {
  private readonly state: EngineState;
  private closed = false;
  // Writes run one after another so a search never sees half an ingest.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: CorpusStore, options: AlmanacOptions) {
    this.state = {
      records: new Map(),
      passages: new Map(),
      ...emptyIndexes(options.embedder?.dimensions),
      embedder: options.embedder,
      reranker: options.reranker,
      generator: options.generator,
    };
  }

  /**
   * Loads the stored corpus into the indexes: its segments' postings are read, not rebuilt.
   * Segments written by another tokenizer are tokenised again and rewritten; a corpus of the
   * old per-document layout is indexed once and stored as segments.
   */
  async restore(options: LongCallOptions): Promise<void> {
    const loaded = await this.store.load((done, total) => options.onProgress?.({ phase: 'restore', done, total }));
    throwIfAborted(options.signal, 'Opening the corpus');
    const fingerprint = termsFingerprint();
    const stale: Segment[] = [];
    const segments = loaded.segments.map((s) => {
      if (s.terms === fingerprint) return s;
      const fresh = analyseSegment(s.records, s.embedderId);
      stale.push(fresh);
      return fresh;
    });
    const legacy = loaded.legacy?.length ? analyseSegment(loaded.legacy, loaded.embedderId) : undefined;
    if (legacy) segments.push(legacy);
    // Vectors of another embedder are useless to this one: keep only matching ones.
    const embedder = this.state.embedder;
    let missing = false;
    for (const s of segments) {
      const usable = !!embedder && (s.embedderId ?? loaded.embedderId) === embedder.id;
      for (const r of s.records) {
        if (!usable) delete r.vectors;
        if (embedder && !r.vectors?.size && r.passages.length) missing = true;
      }
    }
    await this.indexSegments(segments);
    if (legacy) await this.store.replace([corpusSegment(this.state)], embedder?.id);
    else for (const s of stale) await this.store.put(s, embedder?.id);
    if (missing) await this.embedMissing(options);
  }

  ingest(docs: DocumentInput[], options: LongCallOptions = {}): Promise<IngestReport[]> {
    return this.serialize(() => this.ingestNow(docs, options));
  }

  private async ingestNow(docs: DocumentInput[], options: LongCallOptions): Promise<IngestReport[]> {
    this.assertOpen();
    if (!Array.isArray(docs)) throw createError('INVALID_OPTION', 'docs', 'pass an array of documents');
    const reports: IngestReport[] = [];
    const total = docs.length;
    for (let i = 0; i < total; i += RETRIEVAL.storageBatch) {
      throwIfAborted(options.signal, 'Ingest');
      const batch: DocumentRecord[] = [];
      for (const input of docs.slice(i, i + RETRIEVAL.storageBatch)) {
        const name = input?.name ?? input?.id ?? 'untitled';
        try {
          const prepared = await prepareDocument(input, { signal: options.signal });
          batch.push({ document: prepared.document, passages: prepared.passages });
          reports.push({
            id: prepared.document.id, name, passages: prepared.passages.length,
            tables: prepared.document.tables.length, warnings: prepared.warnings,
          });
        } catch (err) {
          const e = err as { code?: string; message?: string };
          reports.push({ id: input?.id ?? '', name, passages: 0, tables: 0, warnings: [], error: { code: e.code ?? 'INGEST_FAILED', message: e.message ?? String(err) } });
        }
      }
      if (this.state.embedder) await this.embedRecords(batch, options, i, total);
      throwIfAborted(options.signal, 'Ingest');
      // A batch that names one id twice keeps the later document, as two calls would.
      const unique = [...new Map(batch.map((r) => [r.document.id, r])).values()];
      // Tokenised once: the same postings are stored and indexed.
      const segment = analyseSegment(unique, this.state.embedder?.id);
      // Stored first, indexed second: what a search finds is always on disk.
      await this.store.put(segment, this.state.embedder?.id);
      await this.removeFromIndexes(unique.map((r) => r.document.id).filter((id) => this.state.records.has(id)));
      await this.indexSegments([segment]);
      options.onProgress?.({ phase: 'ingest', done: Math.min(i + RETRIEVAL.storageBatch, total), total, detail: batch.at(-1)?.document.name });
    }
    await this.store.compact();
    return reports;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    this.assertOpen();
    return runSearch(this.state, query, options);
  }

  remove(ids: string[]): Promise<void> {
    return this.serialize(async () => {
      this.assertOpen();
      const present = ids.filter((id) => this.state.records.has(id));
      await this.store.delete(present);
      await this.removeFromIndexes(present);
      await this.store.compact();
    });
  }

  async documents() {
    return [...this.state.records.values()].map(({ document: { text: _t, tables, ...rest }, passages }) => ({
      ...rest, passages: passages.length, tables: tables.length,
    }));
  }

  async document(id: string): Promise<StoredDocument | undefined> {
    return this.state.records.get(id)?.document;
  }

  async stats(): Promise<CorpusStats> {
    let tables = 0;
    let vectors = 0;
    for (const r of this.state.records.values()) {
      tables += r.document.tables.length;
      vectors += r.vectors?.size ?? 0;
    }
    return { documents: this.state.records.size, passages: this.state.passages.size, tables, vectors };
  }

  async timeCoverage(options?: { buckets?: 'year' | 'decade' }): Promise<TimeBucket[]> {
    return timeCoverage(this.state.passages.values(), options);
  }

  /** Bytes the store holds (used by the benchmarks). */
  async storedBytes(): Promise<number> {
    return this.store.estimateBytes();
  }

  setModels(models: { embedder?: Embedder | null; reranker?: Reranker | null; generator?: Generator | null }, options: LongCallOptions = {}): Promise<void> {
    return this.serialize(async () => {
      if (models.reranker !== undefined) this.state.reranker = models.reranker ?? undefined;
      if (models.generator !== undefined) this.state.generator = models.generator ?? undefined;
      if (models.embedder === undefined || models.embedder?.id === this.state.embedder?.id) return;
      this.state.embedder = models.embedder ?? undefined;
      const records = [...this.state.records.values()];
      for (const r of records) delete r.vectors;
      if (this.state.embedder) await this.embedRecords(records, options, 0, records.length);
      await this.reindexVectors();
    });
  }

  exportCorpus(options: ExportOptions = {}): Promise<Uint8Array> {
    return this.serialize(async () => {
      this.assertOpen();
      let segment = corpusSegment(this.state);
      if (options.vectors === false) {
        const { embedderId: _e, ...rest } = segment;
        segment = { ...rest, records: segment.records.map(({ vectors: _v, ...r }) => r) };
      }
      const parts = splitSegment(segment, EXPORT_SEGMENT_CHARS);
      const encoded: Uint8Array[] = [];
      for (const part of parts) {
        throwIfAborted(options.signal, 'Export');
        encoded.push(encodeSegment(part));
        options.onProgress?.({ phase: 'export', done: encoded.length, total: parts.length });
      }
      return writeCorpusFile(encoded);
    });
  }

  importCorpus(file: Uint8Array | ArrayBuffer | CorpusShards, options: ImportOptions = {}): Promise<ImportReport> {
    return this.serialize(async () => {
      this.assertOpen();
      // Everything is read and checked before anything changes: a bad file changes nothing.
      const read = file instanceof ArrayBuffer || file instanceof Uint8Array
        ? readCorpusFile(file instanceof ArrayBuffer ? new Uint8Array(file) : file).segments
        : readShards(file.manifest as never, file.segments.map((b) => (b instanceof ArrayBuffer ? new Uint8Array(b) : b)));
      throwIfAborted(options.signal, 'Import');
      const seen = new Set<string>();
      for (const s of read) {
        for (const r of s.records) {
          if (seen.has(r.document.id)) throw createError('INDEX_CORRUPT', `document ${r.document.id} appears twice`);
          seen.add(r.document.id);
        }
      }
      const fingerprint = termsFingerprint();
      const reindexed = read.some((s) => s.terms !== fingerprint);
      const embedder = this.state.embedder;
      const hadVectors = read.some((s) => s.records.some((r) => r.vectors?.size));
      const keepVectors = hadVectors && !!embedder && read.every((s) => !s.records.some((r) => r.vectors?.size) || s.embedderId === embedder.id);
      const segments = read.map((s) => {
        if (!keepVectors) for (const r of s.records) delete r.vectors;
        return s.terms === fingerprint ? s : analyseSegment(s.records, s.embedderId);
      });
      const replaced = options.replace ? 0 : [...seen].filter((id) => this.state.records.has(id)).length;
      if (options.replace) {
        await this.store.replace(segments, keepVectors ? embedder?.id : undefined);
        this.state.records.clear();
        this.state.passages.clear();
        Object.assign(this.state, emptyIndexes(embedder?.dimensions));
        await this.indexSegments(segments);
      } else {
        for (const segment of segments) {
          await this.store.put(segment, embedder?.id);
          await this.removeFromIndexes(segment.records.map((r) => r.document.id).filter((id) => this.state.records.has(id)));
          await this.indexSegments([segment]);
          options.onProgress?.({ phase: 'import', done: segments.indexOf(segment) + 1, total: segments.length });
        }
        await this.store.compact();
      }
      if (embedder && segments.some((s) => s.records.some((r) => !r.vectors?.size && r.passages.length))) await this.embedMissing(options);
      return {
        documents: seen.size,
        passages: segments.reduce((n, s) => n + s.records.reduce((m, r) => m + r.passages.length, 0), 0),
        replaced,
        vectors: !hadVectors ? 'none' : keepVectors ? 'used' : 'dropped',
        reindexed,
      };
    });
  }

  clear(): Promise<void> {
    return this.serialize(async () => {
      await this.store.clear();
      // Fresh indexes: nothing is removed one by one.
      this.state.records.clear();
      this.state.passages.clear();
      Object.assign(this.state, emptyIndexes(this.state.embedder?.dimensions));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue.catch(() => undefined);
    this.closed = true;
    await this.store.close();
  }

  // -------------------------------------------------------------------------

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private assertOpen(): void {
    if (this.closed) throw createError('CLOSED');
  }

  private async embedMissing(options: LongCallOptions): Promise<void> {
    const records = [...this.state.records.values()].filter((r) => !r.vectors?.size);
    await this.embedRecords(records, options, 0, records.length);
    await this.reindexVectors();
  }

  /**
   * New indexes for the records' current vectors (a new embedder, or none): the BM25 postings
   * are copied from the live indexes, not tokenised again; storage is rewritten in one go.
   */
  private async reindexVectors(): Promise<void> {
    const segment = corpusSegment(this.state);
    const fresh = emptyIndexes(this.state.embedder?.dimensions);
    const { lexical, structured } = splitPassages(segment.records);
    const vectorsOf = (ps: Passage[]) => ps.map((p) => this.state.records.get(p.docId)?.vectors?.get(p.id));
    await fresh.lexical.load([{ passages: lexical, index: segment.lexical, vectors: vectorsOf(lexical) }]);
    await fresh.structured.load([{ passages: structured, index: segment.structured, vectors: vectorsOf(structured) }]);
    fresh.acronyms = this.state.acronyms;
    await this.store.replace(segment.records.length ? [segment] : [], this.state.embedder?.id);
    Object.assign(this.state, fresh);
  }

  private async embedRecords(records: DocumentRecord[], options: LongCallOptions, offset: number, total: number): Promise<void> {
    const embedder = this.state.embedder!;
    const passages = records.flatMap((r) => r.passages);
    const vectors: Float32Array[] = [];
    for (let i = 0; i < passages.length; i += RETRIEVAL.embedBatch) {
      throwIfAborted(options.signal, 'Embedding');
      const batch = passages.slice(i, i + RETRIEVAL.embedBatch);
      vectors.push(...(await embedder.embed(batch.map((p) => p.text), { signal: options.signal })));
      options.onProgress?.({ phase: 'embed', done: Math.min(i + batch.length, passages.length), total: passages.length, detail: `documents ${offset + 1}-${Math.min(offset + records.length, total)} of ${total}` });
    }
    let k = 0;
    for (const r of records) {
      r.vectors = new Map();
      for (const p of r.passages) r.vectors.set(p.id, vectors[k++]!);
    }
  }

  /** Adds segments' documents to the in-memory state and their postings to the indexes (no tokenising). */
  private async indexSegments(segments: readonly Segment[]): Promise<void> {
    const lexical: Array<Parameters<EngineState['lexical']['load']>[0][number]> = [];
    const structured: typeof lexical = [];
    for (const segment of segments) {
      for (const r of segment.records) {
        this.state.records.set(r.document.id, r);
        for (const p of r.passages) {
          this.state.passages.set(p.id, p);
          if (p.kind === 'table') this.state.acronyms.add(p.id, p.text);
        }
      }
      const split = splitPassages(segment.records);
      const vectorsOf = (ps: Passage[]) => (segment.records.some((r) => r.vectors?.size)
        ? ps.map((p) => this.state.records.get(p.docId)?.vectors?.get(p.id))
        : undefined);
      lexical.push({ passages: split.lexical, index: segment.lexical, vectors: vectorsOf(split.lexical) });
      structured.push({ passages: split.structured, index: segment.structured, vectors: vectorsOf(split.structured) });
    }
    await this.state.lexical.load(lexical);
    await this.state.structured.load(structured);
  }

  private async removeFromIndexes(ids: string[]): Promise<void> {
    // One call per index for the whole list: each posting list is then filtered once.
    const lexical: Passage[] = [];
    const structured: Passage[] = [];
    for (const id of ids) {
      const r = this.state.records.get(id);
      if (!r) continue;
      for (const p of r.passages) {
        this.state.passages.delete(p.id);
        if (p.kind === 'table') this.state.acronyms.remove(p.id, p.text);
      }
      const split = splitPassages([r]);
      lexical.push(...split.lexical);
      structured.push(...split.structured);
      this.state.records.delete(id);
    }
    await this.state.lexical.remove(lexical);
    await this.state.structured.remove(structured);
  }
}

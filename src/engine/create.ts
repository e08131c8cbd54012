import { createError, throwIfAborted } from '../errors.ts';
import { RETRIEVAL } from '../settings.ts';
import { MemoryStore } from '../storage/memory-store.ts';
import { openIdbStore } from '../storage/idb-store.ts';
import type { CorpusStore, DocumentRecord } from '../storage/store.ts';
import { timeCoverage } from '../temporal/index.ts';
import type {
  Almanac, AlmanacOptions, CorpusStats, DocumentInput, Embedder, Generator, IngestReport,
  LongCallOptions, Passage, Reranker, SearchOptions, SearchResponse, StoredDocument, TimeBucket,
} from '../types.ts';
import { prepareDocument } from './prepare.ts';
import { runSearch } from './search.ts';
import { emptyIndexes, STRUCTURED_KINDS, type EngineState } from './state.ts';

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
    ? new MemoryStore()
    : 'store' in storage
      ? storage.store
      : await openIdbStore(storage.indexedDB.name, storage.indexedDB.factory);
  const engine = new Engine(store, options);
  await engine.restore(options);
  return engine;
}

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

  /** Loads the stored corpus into the indexes. */
  async restore(options: LongCallOptions): Promise<void> {
    const loaded = await this.store.load((done, total) => options.onProgress?.({ phase: 'restore', done, total }));
    throwIfAborted(options.signal, 'Opening the corpus');
    // Vectors of another embedder are useless to this one: keep only matching ones.
    const vectorsUsable = !!this.state.embedder && loaded.embedderId === this.state.embedder.id;
    if (!vectorsUsable) for (const r of loaded.records) delete r.vectors;
    await this.addToIndexes(loaded.records);
    if (this.state.embedder && !vectorsUsable && loaded.records.length) await this.embedMissing(options);
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
      // Stored first, indexed second: what a search finds is always on disk.
      await this.store.put(batch, this.state.embedder?.id);
      await this.removeFromIndexes(batch.map((r) => r.document.id).filter((id) => this.state.records.has(id)));
      await this.addToIndexes(batch);
      options.onProgress?.({ phase: 'ingest', done: Math.min(i + RETRIEVAL.storageBatch, total), total, detail: batch.at(-1)?.document.name });
    }
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
      Object.assign(this.state, emptyIndexes(this.state.embedder?.dimensions));
      this.state.passages.clear();
      this.state.records.clear();
      if (this.state.embedder) await this.embedRecords(records, options, 0, records.length);
      await this.addToIndexes(records);
      if (this.state.embedder) await this.store.put(records, this.state.embedder.id);
    });
  }

  clear(): Promise<void> {
    return this.serialize(async () => {
      await this.store.clear();
      await this.removeFromIndexes([...this.state.records.keys()]);
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
    const records = [...this.state.records.values()].filter((r) => !r.vectors);
    await this.removeFromIndexes(records.map((r) => r.document.id));
    await this.embedRecords(records, options, 0, records.length);
    await this.addToIndexes(records);
    await this.store.put(records, this.state.embedder!.id);
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

  private async addToIndexes(records: DocumentRecord[]): Promise<void> {
    const lexical: Passage[] = [];
    const lexicalVectors: Array<Float32Array | undefined> = [];
    const structured: Passage[] = [];
    const structuredVectors: Array<Float32Array | undefined> = [];
    for (const r of records) {
      this.state.records.set(r.document.id, r);
      for (const p of r.passages) {
        this.state.passages.set(p.id, p);
        if (p.kind === 'table') this.state.acronyms.add(p.id, p.text);
        const isStructured = STRUCTURED_KINDS.has(p.kind);
        (isStructured ? structured : lexical).push(p);
        (isStructured ? structuredVectors : lexicalVectors).push(r.vectors?.get(p.id));
      }
    }
    await this.state.lexical.add(lexical, lexicalVectors);
    await this.state.structured.add(structured, structuredVectors);
  }

  private async removeFromIndexes(ids: string[]): Promise<void> {
    for (const id of ids) {
      const r = this.state.records.get(id);
      if (!r) continue;
      const lexical: string[] = [];
      const structured: string[] = [];
      let lv = 0;
      let sv = 0;
      for (const p of r.passages) {
        this.state.passages.delete(p.id);
        if (p.kind === 'table') this.state.acronyms.remove(p.id, p.text);
        const hasVector = r.vectors?.has(p.id) ? 1 : 0;
        if (STRUCTURED_KINDS.has(p.kind)) { structured.push(p.id); sv += hasVector; } else { lexical.push(p.id); lv += hasVector; }
      }
      await this.state.lexical.remove(lexical, lv);
      await this.state.structured.remove(structured, sv);
      this.state.records.delete(id);
    }
  }
}

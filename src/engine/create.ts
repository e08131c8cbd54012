import { AlmanacError, createError, throwIfAborted } from '../errors.ts';
import { RETRIEVAL } from '../settings.ts';
import { MemoryStore } from '../storage/memory-store.ts';
import { openIdbStore } from '../storage/idb-store.ts';
import type { CorpusStore, DocumentRecord, StoreChange } from '../storage/store.ts';
import type { Segment } from '../index-format/segment.ts';
import { readCorpusFile, readShards, writeCorpusFile } from '../index-format/corpus-file.ts';
import { countDerived, DERIVE_ON_OPEN, hasBare, openDerivedPassages } from '../index-format/derived.ts';
import { documentLanguages, passageTextTerms, type PieceReader, setPiecewiseTerms, termsFingerprint, type TermIndex } from '../retrieval/term-index.ts';
import { latin, loadStemmers, showsOtherLanguage } from '../text/tokenizer.ts';
import type {
  Almanac, AlmanacOptions, AnswerEvent, AnswerOptions, AnswerResponse, CorpusChange, CorpusShards, CorpusStats, DatedSentence, DocumentInput, Embedder,
  ExportOptions, Generator, ImportOptions, ImportReport, IngestReport,
  LongCallOptions, Passage, Reranker, SearchOptions, SearchResponse, StoredDocument, TimeBucket, TimeSpan,
} from '../types.ts';
import { runSearch } from './search.ts';
import { runAnswer, streamAnswer } from './answer.ts';
import { emptyIndexes, type EngineState } from './state.ts';
import { analyseSegment, corpusSegment, languageTexts, splitPassages, splitSegment, tokenisedTexts } from './segments.ts';
import { TimeSlice } from './time-slice.ts';

/** The parts of the state that indexing fills: the live ones, or a set built aside (`setModels`). */
type IndexTarget = Pick<EngineState, 'records' | 'passages' | 'lexical' | 'structured' | 'acronyms'>;

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


/**
 * Decoded table cells from which an engine loads the packers to hold them as an ingest does
 * (`pack-opened.ts`): a cell as an object costs about 95 bytes, packed about 9 (HiTab opened,
 * 562,758 cells: 60.6 -> 4.8 MB), so a corpus of 20,000 cells saves nearly 2 MB, while a small
 * one keeps its decoded tables and fetches nothing more.
 */
const PACK_ON_OPEN = 20_000;

/** How many cells the records' tables hold as plain arrays, as decoded (not packed). */
function decodedCells(records: readonly DocumentRecord[]): number {
  let n = 0;
  for (const r of records) {
    for (const t of r.document.tables) {
      const cells = Object.getOwnPropertyDescriptor(t, 'cells')?.value as unknown;
      if (Array.isArray(cells)) n += cells.length;
    }
  }
  return n;
}

/**
 * Sentences' timestamps read as table passages keep them, without writing their text: only
 * where that module is loaded already (table passages that derive exist only then), so that
 * coverage fetches nothing more.
 */
async function tableTimes(): Promise<((p: Passage) => readonly TimeSpan[][]) | undefined> {
  return openDerivedPassages ? (await import('./table-passages.ts')).sentenceTimes : undefined;
}

/**
 * Makes decoded records what ingested ones are, before anything reads them: a large corpus's
 * tables and source maps packed (`pack-opened.ts`), then its table passages derived from their
 * tables (`table-passages.ts`): always those stored bare (index format 4: without their text),
 * others once the code is loaded or the corpus large enough to be worth loading it. Resolves to
 * the records whose bare passages another summary writer stored: their tables' passages are
 * written anew (`rederive.ts`), and the caller analyses and stores them again.
 */
async function openRecords(records: DocumentRecord[]): Promise<DocumentRecord[]> {
  if (decodedCells(records) >= PACK_ON_OPEN) (await import('./pack-opened.ts')).packOpened(records);
  if (!hasBare(records)) {
    const marked = countDerived(records);
    if (!marked || !(openDerivedPassages || marked >= DERIVE_ON_OPEN)) return [];
  }
  const underived = (openDerivedPassages ?? (await import('./table-passages.ts')).openDerived)(records);
  if (underived.length) {
    const { rederive, PieceTerms } = await import('./rederive.ts');
    // As an ingest reads its summaries: each distinct piece of a table tokenised once.
    setPiecewiseTerms(() => new PieceTerms());
    rederive(underived);
  }
  return underived;
}

/** Once records whose table passages {@link openRecords} wrote anew are analysed and indexed: their passages let go of what they held as written. */
async function releaseRewritten(records: Iterable<DocumentRecord>): Promise<void> {
  const { releasePrepared } = await import('./rederive.ts');
  for (const r of records) releasePrepared(r.passages);
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
  /** Writes other instances announced (the store's change feed), not applied here yet. */
  private heard: StoreChange[] = [];
  private applying = false;
  private readonly unwatch: () => void;
  private readonly onChange: ((change: CorpusChange) => void) | undefined;
  private readonly collection: AlmanacOptions['collectionStats'];

  constructor(private readonly store: CorpusStore, options: AlmanacOptions) {
    this.state = {
      records: new Map(),
      passages: new Map(),
      ...emptyIndexes(options.embedder?.dimensions, options.collectionStats),
      embedder: options.embedder,
      reranker: options.reranker,
      generator: options.generator,
    };
    this.onChange = options.onChange;
    this.collection = options.collectionStats;
    this.unwatch = store.watch((change) => this.hear(change));
  }

  /**
   * Loads the stored corpus into the indexes: its segments' postings are read, not rebuilt.
   * Segments written by another tokenizer are tokenised again and rewritten; a corpus of the
   * old per-document layout is indexed once and stored as segments.
   */
  async restore(options: LongCallOptions): Promise<void> {
    const loaded = await this.store.load((done, total) => options.onProgress?.({ phase: 'restore', done, total }));
    throwIfAborted(options.signal, 'Opening the corpus');
    // Before anything is tokenised: a stale segment here in full (its documents' languages
    // decide their terms); the rest by script only, for the passages searches tokenise (fusion,
    // highlights read Latin text as English). Its postings hold the terms their language gave at
    // ingest, and a question in that language loads the language itself (`runSearch`), so
    // reading every stored text for its language again would only slow the open (TimeQA: ~60 ms).
    const fingerprint = termsFingerprint();
    const current = loaded.segments.filter((s) => s.terms === fingerprint).flatMap((s) => s.records);
    const retokenised = [...loaded.segments.filter((s) => s.terms !== fingerprint).flatMap((s) => s.records), ...(loaded.legacy ?? [])];
    await loadStemmers(tokenisedTexts(retokenised), { languages: languageTexts(retokenised) });
    await loadStemmers(tokenisedTexts(current), { languages: false });
    const rewritten = new Set(await openRecords(loaded.segments.flatMap((s) => s.records)));
    // Analysed again: a segment of another tokenizer, or one whose table passages were written
    // anew (their documents' languages then decide their terms too).
    if (rewritten.size) await loadStemmers(tokenisedTexts(rewritten), { languages: languageTexts(rewritten) });
    const isStale = (s: Segment) => s.terms !== fingerprint || s.records.some((r) => rewritten.has(r));
    const stale: Segment[] = [];
    const segments = loaded.segments.map((s) => {
      if (!isStale(s)) return s;
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
    await this.addToIndexes(segments);
    if (legacy) {
      const rev = await this.store.replace([await corpusSegment(this.state)], embedder?.id);
      for (const r of this.state.records.values()) r.rev = rev;
    }
    for (const s of stale) {
      const rev = await this.store.put(s, embedder?.id);
      for (const r of s.records) r.rev = rev;
    }
    if (rewritten.size) await releaseRewritten(rewritten);
    if (missing) await this.embedMissing(options);
  }

  ingest(docs: DocumentInput[], options: LongCallOptions = {}): Promise<IngestReport[]> {
    return this.serialize(() => this.ingestNow(docs, options));
  }

  /**
   * Prepares, stores and indexes documents in batches (one transaction each). Stored first,
   * indexed second: what a search finds is always on disk. A document that cannot be read is
   * reported and skipped; a batch storage refuses is reported document by document, and so is
   * every document after it (not attempted), while those of earlier batches stay stored. Between
   * documents the work yields (`TimeSlice`), so searches and aborts are served meanwhile, and
   * between batches it applies what other tabs wrote.
   */
  private async ingestNow(docs: DocumentInput[], options: LongCallOptions): Promise<IngestReport[]> {
    this.assertOpen();
    if (!Array.isArray(docs)) throw createError('INVALID_OPTION', 'docs', 'pass an array of documents');
    const { signal } = options;
    throwIfAborted(signal, 'Ingest');
    const reports: IngestReport[] = [];
    const total = docs.length;
    const seen = new Set<string>();
    const slice = new TimeSlice();
    const pause = () => slice.pause();
    // The readers, chunker and date finders come with the first ingest: a page that searches a
    // corpus it restored or imported never fetches them (the embed's budget, issue 13).
    let prepare: typeof import('./prepare.ts') | undefined;
    // What a folder's README / datapackage.json says, for the data files in it (`data-descriptions.ts`).
    let folders: import('./data-descriptions.ts').FolderDescriptions | undefined;
    // The terms of table summaries' runs, shared by this call's batches (a value or a header is in many tables).
    let pieces: PieceReader | undefined;
    let stored = 0;
    let next = 0;
    while (next < total) {
      await this.applyHeard();
      throwIfAborted(signal, 'Ingest');
      const batch: DocumentRecord[] = [];
      const batchReports: IngestReport[] = [];
      let batchChars = 0;
      // A batch closes at a count or at a size, so that the synchronous indexing of one batch stays short.
      while (next < total && batch.length < RETRIEVAL.storageBatch && batchChars < RETRIEVAL.storageBatchChars) {
        const input = docs[next++];
        await slice.pause();
        throwIfAborted(signal, 'Ingest');
        const name = nameOf(input);
        try {
          if (!prepare) {
            prepare = await import('./prepare.ts');
            const { PieceTerms } = prepare;
            setPiecewiseTerms(() => new PieceTerms());
            pieces = new PieceTerms();
          }
          folders ??= new (await import('./data-descriptions.ts')).FolderDescriptions(docs, this.state.records.values());
          const prepared = await prepare.prepareDocument(input as DocumentInput, { signal, pause });
          folders.apply(prepared.document, prepared.passages);
          const id = prepared.document.id;
          if (seen.has(id)) throw createError('DUPLICATE_ID', name, id);
          seen.add(id);
          batch.push({ document: prepared.document, passages: prepared.passages });
          batchChars += prepared.document.text.length;
          const report: IngestReport = {
            id, name, passages: prepared.passages.length, tables: prepared.document.tables.length,
            warnings: prepared.warnings, stored: false, language: prepared.language,
          };
          reports.push(report);
          batchReports.push(report);
        } catch (err) {
          if (err instanceof AlmanacError && err.code === 'ABORTED') throw err;
          reports.push({ id: idOf(input), name, passages: 0, tables: 0, warnings: [], stored: false, error: reportError(err, name) });
        }
      }
      if (batch.length) {
        let failure: AlmanacError | undefined;
        let segment: Segment | undefined;
        try {
          if (this.state.embedder) await this.embedRecords(batch, options, next - batch.length, total);
          await slice.yield();
          throwIfAborted(signal, 'Ingest');
          // Tokenised once: the same postings are stored and indexed (with the stemmers their scripts need).
          await loadStemmers(tokenisedTexts(batch), { languages: languageTexts(batch) });
          segment = analyseSegment(batch, this.state.embedder?.id, pieces);
          // A Latin document is read in its language once that language's stemmer is loaded.
          const read = latin?.reportedLanguage;
          if (read) batch.forEach((r, i) => { const report = batchReports[i]!; if (report.language) report.language = read(report.language, documentLanguages(r.passages)?.get(r.document.id)); });
          await slice.yield();
          const rev = await this.store.put(segment, this.state.embedder?.id, signal);
          for (const r of batch) r.rev = rev;
        } catch (err) {
          if (err instanceof AlmanacError && err.code === 'ABORTED') throw err;
          failure = err instanceof AlmanacError ? err : createError('INTERNAL', 'embedding passages', String((err as Error)?.message ?? err), { cause: err });
        }
        if (failure) {
          // Nothing of this batch is stored (one transaction), nor anything after it: say so for each.
          const message = `Not stored: ${failure.message} ${stored} of ${total} documents of this call were stored before it failed.`;
          for (const r of batchReports) r.error = { code: failure.code, message };
          for (; next < total; next++) {
            reports.push({ id: idOf(docs[next]), name: nameOf(docs[next]), passages: 0, tables: 0, warnings: [], stored: false, error: { code: failure.code, message } });
          }
          break;
        }
        const failed = await this.indexBatch(batch, segment!);
        // Stored and indexed: table passages now derive their text, cells and sentences when read.
        for (const r of batch) prepare!.releasePrepared(r.passages);
        for (const r of batchReports) {
          const why = failed.get(r.id);
          if (why) r.error = { code: why.code, message: why.message };
          else { r.stored = true; stored++; }
        }
      }
      options.onProgress?.({ phase: 'ingest', done: next, total, detail: batch.at(-1)?.document.name });
    }
    await this.compact();
    this.trimIndexes();
    return reports;
  }

  /**
   * Indexes a stored batch, replacing earlier versions. Should a record fail to index (a bug: the
   * ids are unique and the passages checked by now), it is taken out of memory and of storage
   * again, so that the two still agree; the others of the batch stay. Resolves to the failures.
   */
  private async indexBatch(batch: DocumentRecord[], segment: Segment): Promise<Map<string, AlmanacError>> {
    const failed = new Map<string, AlmanacError>();
    await this.removeFromIndexes(batch.map((r) => r.document.id).filter((id) => this.state.records.has(id)));
    try {
      await this.addToIndexes([segment], this.state, true);
      return failed;
    } catch {
      await this.removeFromIndexes(batch.map((r) => r.document.id));
    }
    for (const r of batch) {
      try {
        await this.addToIndexes([analyseSegment([r])]);
      } catch (err) {
        await this.removeFromIndexes([r.document.id]);
        failed.set(r.document.id, createError('INTERNAL', `indexing "${r.document.name}"`, `${String((err as Error)?.message ?? err)}; it was not kept`, { cause: err }));
      }
    }
    if (failed.size) await this.store.delete([...failed.keys()]).catch(() => undefined);
    return failed;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    this.assertOpen();
    return catalogued('searching', () => runSearch(this.state, query, options));
  }

  async answer(question: string, options: AnswerOptions = {}): Promise<AnswerResponse> {
    this.assertOpen();
    return catalogued('answering', () => runAnswer(this.state, question, options));
  }

  answerStream(question: string, options: AnswerOptions = {}): AsyncIterable<AnswerEvent> {
    this.assertOpen();
    return streamAnswer(this.state, question, options);
  }

  remove(ids: string[]): Promise<void> {
    return this.serialize(async () => {
      this.assertOpen();
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw createError('INVALID_OPTION', 'ids', 'pass an array of document ids');
      // Every id asked, not only those this instance holds: another tab may have added one it has not heard of yet.
      await this.store.delete(ids);
      await this.removeFromIndexes(ids.filter((id) => this.state.records.has(id)));
      await this.compact();
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
    // Loaded on demand (as is `datedSentences`'s): the embed's first download stays in budget.
    const { timeCoverage } = await import('../temporal/coverage.ts');
    return timeCoverage(this.state.passages.values(), options, await tableTimes());
  }

  async datedSentences(options: { start: number; end: number; limit?: number }): Promise<{ total: number; sentences: DatedSentence[] }> {
    const { sentencesIn } = await import('../temporal/coverage.ts');
    const { total, sentences } = sentencesIn(this.state.passages.values(), options.start, options.end, options.limit, await tableTimes());
    return {
      total,
      sentences: sentences.map(({ passage, sentence }) => ({
        passageId: passage.id,
        docId: passage.docId,
        title: this.state.records.get(passage.docId)?.document.title ?? passage.docId,
        text: passage.text.slice(sentence.start, sentence.end),
        times: sentence.times,
      })),
    };
  }

  /** Bytes the store holds (used by the benchmarks). */
  async storedBytes(): Promise<number> {
    return this.store.estimateBytes();
  }

  /**
   * A new embedder re-embeds every passage into indexes built aside; they replace the live ones
   * only once complete and stored, so an abort or an embedder error leaves the corpus and the
   * models as they were, searching as before.
   */
  setModels(models: { embedder?: Embedder | null; reranker?: Reranker | null; generator?: Generator | null }, options: LongCallOptions = {}): Promise<void> {
    return this.serialize(async () => {
      this.assertOpen();
      const next = models.embedder === undefined ? this.state.embedder : models.embedder ?? undefined;
      if (next?.id !== this.state.embedder?.id) {
        const records: DocumentRecord[] = [...this.state.records.values()].map((r) => ({ document: r.document, passages: r.passages, rev: r.rev }));
        if (next) await this.embedRecords(records, options, 0, records.length, next);
        throwIfAborted(options.signal, 'Loading models');
        const built: IndexTarget = { records: new Map(), passages: new Map(), ...emptyIndexes(next?.dimensions, this.collection) };
        // The BM25 postings are copied from the live indexes, not tokenised again.
        const live = await corpusSegment(this.state);
        await this.addToIndexes([{ ...live, records }], built);
        // Vectors only, and only for documents no other tab changed meanwhile: never an old text over a new one.
        if (next) await this.store.putVectors(records, next.id);
        Object.assign(this.state, built);
      }
      // The same model under a new handle (loaded again) replaces the old handle, which its owner may dispose.
      this.state.embedder = next;
      if (models.reranker !== undefined) this.state.reranker = models.reranker ?? undefined;
      if (models.generator !== undefined) this.state.generator = models.generator ?? undefined;
    });
  }

  clear(): Promise<void> {
    return this.serialize(async () => {
      this.assertOpen();
      await this.store.clear();
      // Fresh indexes: nothing is removed one by one.
      this.state.records.clear();
      this.state.passages.clear();
      Object.assign(this.state, emptyIndexes(this.state.embedder?.dimensions, this.collection));
    });
  }

  exportCorpus(options: ExportOptions = {}): Promise<Uint8Array> {
    return this.serialize(async () => {
      this.assertOpen();
      let segment = await corpusSegment(this.state);
      if (options.vectors === false) {
        const { embedderId: _e, ...rest } = segment;
        segment = { ...rest, records: segment.records.map(({ vectors: _v, ...r }) => r) };
      }
      const parts = splitSegment(segment, EXPORT_SEGMENT_CHARS);
      const { encodeSegment } = await import('../index-format/segment-writer.ts');
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
      const records = read.flatMap((s) => s.records);
      const seen = new Set<string>();
      for (const s of read) {
        for (const r of s.records) {
          if (seen.has(r.document.id)) throw createError('INDEX_CORRUPT', `document ${r.document.id} appears twice`);
          seen.add(r.document.id);
        }
      }
      await loadStemmers(tokenisedTexts(records), { languages: languageTexts(records) });
      const rewritten = new Set(await openRecords(records));
      const fingerprint = termsFingerprint();
      const isStale = (s: Segment) => s.terms !== fingerprint || s.records.some((r) => rewritten.has(r));
      const reindexed = read.some(isStale);
      const embedder = this.state.embedder;
      const hadVectors = read.some((s) => s.records.some((r) => r.vectors?.size));
      const keepVectors = hadVectors && !!embedder && read.every((s) => !s.records.some((r) => r.vectors?.size) || s.embedderId === embedder.id);
      const segments = read.map((s) => {
        if (!keepVectors) for (const r of s.records) delete r.vectors;
        return isStale(s) ? analyseSegment(s.records, s.embedderId) : s;
      });
      const replaced = options.replace ? 0 : [...seen].filter((id) => this.state.records.has(id)).length;
      if (options.replace) {
        const built: IndexTarget = { records: new Map(), passages: new Map(), ...emptyIndexes(embedder?.dimensions, this.collection) };
        await this.addToIndexes(segments, built);
        const rev = await this.store.replace(segments, keepVectors ? embedder?.id : undefined);
        for (const r of built.records.values()) r.rev = rev;
        Object.assign(this.state, built);
      } else {
        for (const [i, segment] of segments.entries()) {
          const rev = await this.store.put(segment, embedder?.id);
          for (const r of segment.records) r.rev = rev;
          await this.removeFromIndexes(segment.records.map((r) => r.document.id).filter((id) => this.state.records.has(id)));
          await this.addToIndexes([segment]);
          options.onProgress?.({ phase: 'import', done: i + 1, total: segments.length });
        }
        await this.compact();
        this.trimIndexes();
      }
      if (rewritten.size) await releaseRewritten(rewritten);
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

  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue.catch(() => undefined);
    this.closed = true;
    this.unwatch();
    await this.store.close();
  }

  // -------------------------------------------------------------------------
  // Tabs in step: the store's change feed.

  /** A write another instance announced: applied when no write of this one runs (or between its batches). */
  private hear(change: StoreChange): void {
    if (change.kind === 'closed') {
      this.onChange?.({ kind: 'storage-closed', reason: change.reason });
      return;
    }
    this.heard.push(change);
    if (!this.applying) {
      this.applying = true;
      void this.serialize(() => this.applyHeard()).catch(() => undefined);
    }
  }

  /**
   * Brings memory to what storage holds for every document the heard writes name: storage is
   * the truth, so a late or repeated message changes nothing it should not. A document stored in
   * another version (its `rev`) is read back and indexed; one no longer stored is dropped.
   */
  private async applyHeard(): Promise<void> {
    this.applying = false;
    const changes = this.heard.splice(0);
    if (!changes.length || this.closed) return;
    const named = new Set<string>();
    let cleared = false;
    for (const c of changes) {
      if (c.kind === 'clear') cleared = true;
      else if (c.kind === 'put' || c.kind === 'delete') for (const id of c.ids) named.add(id);
    }
    const removed: string[] = [];
    const added: string[] = [];
    const updated: string[] = [];
    if (cleared) {
      const { ids } = await this.store.ids();
      const present = new Set(ids);
      for (const id of this.state.records.keys()) if (!present.has(id)) removed.push(id);
      for (const id of ids) named.add(id);
    }
    const { records, seq } = await this.store.read([...named]);
    const incoming: DocumentRecord[] = [];
    for (const id of named) {
      const stored = records.get(id);
      const mine = this.state.records.get(id);
      if (stored) {
        if (mine && (mine.rev ?? 0) === stored.rev) continue;
        (mine ? updated : added).push(id);
        incoming.push(stored);
      } else if (mine && (mine.rev ?? 0) < seq && !removed.includes(id)) {
        removed.push(id);
      }
    }
    await this.removeFromIndexes([...removed, ...updated]);
    if (incoming.length) {
      const embedder = this.state.embedder;
      const usable = (r: DocumentRecord) => !!embedder && !!r.vectors && [...r.vectors.values()].every((v) => v.length === embedder.dimensions) && r.vectors.size === r.passages.length;
      const needVectors = embedder ? incoming.filter((r) => !usable(r)) : [];
      if (!embedder) for (const r of incoming) delete r.vectors;
      if (needVectors.length) {
        await this.embedRecords(needVectors, {}, 0, needVectors.length);
        await this.store.putVectors(needVectors, embedder!.id).catch(() => undefined);
      }
      await loadStemmers(tokenisedTexts(incoming), { languages: languageTexts(incoming) });
      const rewritten = await openRecords(incoming);
      await this.addToIndexes([analyseSegment(incoming)]);
      if (rewritten.length) await releaseRewritten(rewritten);
    }
    if (removed.length || added.length || updated.length) this.onChange?.({ kind: 'documents', added, updated, removed });
  }

  // -------------------------------------------------------------------------

  /** The indexes' postings packed tight after a write call (growth leaves room to spare). */
  private trimIndexes(): void {
    this.state.lexical.trim();
    this.state.structured.trim();
  }

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    // Every write's failure reaches its caller as a catalogue error, whatever threw it.
    const run = () => catalogued('changing the corpus', work);
    const next = this.queue.then(run, run);
    // Settled to nothing: the queue would otherwise hold the last write's result (an ingest's reports) until the next write.
    this.queue = next.then(() => undefined, () => undefined);
    return next;
  }

  /**
   * Merges stored segments. Housekeeping: each merge is one transaction, so one that fails (a full
   * disk, storage closed by another tab) leaves the segments as they were, all still correct. It
   * must not turn a write that succeeded, and was reported so, into a rejection.
   */
  private async compact(): Promise<void> {
    await this.store.compact().catch(() => undefined);
  }

  private assertOpen(): void {
    if (this.closed) throw createError('CLOSED');
  }

  /** Embeds the passages of documents without vectors; indexes with every vector are built aside (postings copied, not tokenised) and swapped in. */
  private async embedMissing(options: LongCallOptions): Promise<void> {
    const embedder = this.state.embedder!;
    const records = [...this.state.records.values()].filter((r) => !r.vectors?.size);
    await this.embedRecords(records, options, 0, records.length);
    const built: IndexTarget = { records: new Map(), passages: new Map(), ...emptyIndexes(embedder.dimensions, this.collection) };
    await this.addToIndexes([await corpusSegment(this.state)], built);
    await this.store.putVectors(records, embedder.id);
    Object.assign(this.state, built);
  }

  private async embedRecords(records: DocumentRecord[], options: LongCallOptions, offset: number, total: number, embedder: Embedder = this.state.embedder!): Promise<void> {
    const passages = records.flatMap((r) => r.passages);
    const vectors: Float32Array[] = [];
    for (let i = 0; i < passages.length; i += RETRIEVAL.embedBatch) {
      throwIfAborted(options.signal, 'Embedding');
      const batch = passages.slice(i, i + RETRIEVAL.embedBatch);
      const out = await embedder.embed(batch.map((p) => p.text), { signal: options.signal });
      // A vector of the wrong size would make the index throw after the batch is stored.
      if (out.length !== batch.length || out.some((v) => v?.length !== embedder.dimensions)) {
        throw createError('MODEL_LOAD_FAILED', embedder.id, `it returned ${out.length} vectors for ${batch.length} texts, or vectors not of its ${embedder.dimensions} dimensions`);
      }
      vectors.push(...out);
      options.onProgress?.({ phase: 'embed', done: Math.min(i + batch.length, passages.length), total: passages.length, detail: `documents ${offset + 1}-${Math.min(offset + records.length, total)} of ${total}` });
    }
    let k = 0;
    for (const r of records) {
      r.vectors = new Map();
      for (const p of r.passages) r.vectors.set(p.id, vectors[k++]!);
    }
  }

  /**
   * Adds segments' documents to the in-memory state and their postings to the indexes (read,
   * not tokenised): the live indexes, or a set built aside. A record's vectors are looked up on
   * the record itself. `analysed`: the segments' postings were analysed in this run from these
   * passages (an ingest's batch), so the acronyms read table summaries' terms off them.
   */
  private async addToIndexes(segments: readonly Segment[], target: IndexTarget = this.state, analysed = false): Promise<void> {
    type Part = { passages: Passage[]; index: TermIndex; vectors?: Array<Float32Array | undefined> };
    const lexical: Part[] = [];
    const structured: Part[] = [];
    for (const segment of segments) {
      const split = splitPassages(segment.records);
      const vectorOf = new Map<string, Float32Array>();
      for (const r of segment.records) for (const [id, v] of r.vectors ?? []) vectorOf.set(id, v);
      const vectors = (ps: Passage[]) => (vectorOf.size ? ps.map((p) => vectorOf.get(p.id)) : undefined);
      lexical.push({ passages: split.lexical, index: segment.lexical, vectors: vectors(split.lexical) });
      structured.push({ passages: split.structured, index: segment.structured, vectors: vectors(split.structured) });
    }
    // Indexes first (each all or nothing), then the maps: a failure leaves the maps as they were.
    await target.lexical.load(lexical);
    try {
      await target.structured.load(structured);
    } catch (err) {
      await target.lexical.remove(lexical.flatMap((p) => p.passages));
      throw err;
    }
    lexical.forEach((part, k) => {
      // A table summary's terms for the acronyms, read off its postings when its document was
      // read in English (the acronyms' tokenizer), not tokenised a second time: as analysed
      // just now, or, stored, a document none of whose text shows a word of another language
      // (HiTab opened: 137 ms of tokenising, a tenth of the open).
      let terms: Map<number, string[]> | undefined;
      if (part.passages.some((p) => p.kind === 'table')) {
        const otherLanguage = new Set(analysed
          ? [...documentLanguages(part.passages) ?? []].filter(([, language]) => language).map(([docId]) => docId)
          : part.passages.filter((p) => (p.kind === 'text' || p.kind === 'sentence') && showsOtherLanguage(p.text)).map((p) => p.docId));
        terms = passageTextTerms(part.index, (i) => part.passages[i]!.kind === 'table' && !otherLanguage.has(part.passages[i]!.docId));
      }
      part.passages.forEach((p, i) => {
        if (p.kind === 'table') target.acronyms.add(p.id, p.text, terms?.get(i));
      });
      for (const r of segments[k]!.records) target.records.set(r.document.id, r);
    });
    for (const segment of segments) for (const r of segment.records) for (const p of r.passages) target.passages.set(p.id, p);
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

/** A document's name for its report, whatever the caller passed. */
function nameOf(input: unknown): string {
  const i = input as Partial<DocumentInput> | null | undefined;
  return (typeof i?.name === 'string' && i.name) || (typeof i?.id === 'string' && i.id) || 'untitled';
}

function idOf(input: unknown): string {
  const id = (input as Partial<DocumentInput> | null | undefined)?.id;
  return typeof id === 'string' ? id : '';
}

/** A failure of one document as its report says it: always a catalogue code, and a message that says what to do. */
function reportError(err: unknown, name: string): { code: string; message: string } {
  if (err instanceof AlmanacError) return { code: err.code, message: err.message };
  const e = createError('READ_FAILED', name, err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  return { code: e.code, message: e.message };
}

/** Runs `work`; an error from outside the catalogue (a bug, a library's own) becomes `INTERNAL`, with its words kept. */
async function catalogued<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AlmanacError) throw err;
    throw createError('INTERNAL', what, err instanceof Error ? `${err.name}: ${err.message}` : String(err), { cause: err });
  }
}

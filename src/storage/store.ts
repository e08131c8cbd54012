import type { Passage, StoredDocument } from '../types.ts';
import type { Segment } from '../index-format/segment.ts';

/** One document with everything derived from it: written and deleted as a unit. */
export interface DocumentRecord {
  document: StoredDocument;
  passages: Passage[];
  /** Vectors by passage id (only when an embedder was loaded). */
  vectors?: Map<string, Float32Array>;
  /**
   * The store's sequence number of the write that stored this version (see
   * {@link CorpusStore.put}); 0 for a record not stored yet, or stored before revisions existed.
   */
  rev?: number;
}

/** What a store gives back when a corpus is opened. */
export interface LoadedCorpus {
  /**
   * The stored segments (`src/index-format/`), decoded, in the order they were written (the
   * order a fresh ingest would have indexed their passages), documents removed or replaced
   * since left out; each record carries its `rev`.
   */
  segments: Segment[];
  /**
   * Documents of an older layout (schema v1: one record per document, no postings), to be
   * indexed and written again as segments (`replace`, which drops the old layout).
   */
  legacy?: DocumentRecord[];
  /** Id of the embedder whose vectors are stored, if any. */
  embedderId?: string;
  /** The store's sequence number when it was read: every write up to it is in `segments`. */
  seq: number;
}

/**
 * A write another instance (another tab, or a worker of it) made to the same storage, as the
 * change feed ({@link CorpusStore.watch}) announces it. A hint of what to read again, not the
 * data: the receiver reads the named documents back from storage, which is the truth, so a
 * message that arrives late or out of order changes nothing it should not.
 */
export type StoreChange =
  | { kind: 'put' | 'delete'; ids: string[]; seq: number }
  | { kind: 'clear'; seq: number }
  /** The storage was closed under this instance: upgraded or deleted elsewhere. */
  | { kind: 'closed'; reason: string };

/** The documents a store holds now, for the ids asked, and its sequence number at that moment. */
export interface StoreSnapshot {
  records: Map<string, DocumentRecord>;
  seq: number;
}

/**
 * Persistence behind the engine. Implementations: in memory, and IndexedDB (`idb`); any other
 * (a file-backed store for Node) plugs in as `createAlmanac({ storage: { store } })`.
 *
 * A store keeps segments of Almanac's index format (`src/index-format/`): each write is one
 * segment of whole documents with their postings, in one transaction, so a crash mid-ingest
 * leaves no half document, and opening reads postings instead of tokenising. Every write gets
 * the next number of one sequence shared by all instances over the same storage, which orders
 * writes across tabs.
 */
export interface CorpusStore {
  /** Reads the stored corpus. `INDEX_CORRUPT` when a stored segment does not decode. */
  load(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus>;
  /**
   * Writes one segment (its documents replace those with the same ids) in one transaction and
   * resolves to its sequence number, which becomes each record's `rev`. An abort of `signal`
   * before the transaction commits aborts it: nothing of it is stored, and it rejects with `ABORTED`.
   */
  put(segment: Segment, embedderId?: string, signal?: AbortSignal): Promise<number>;
  /**
   * Writes the vectors of documents still stored as `rev` (a document replaced or removed by
   * another instance meanwhile keeps what it has), and the embedder id. Resolves to the ids written.
   */
  putVectors(records: DocumentRecord[], embedderId: string): Promise<string[]>;
  /** The stored versions of `ids` (absent ones left out). */
  read(ids: string[]): Promise<StoreSnapshot>;
  /** The ids of every stored document (no records read), and the sequence number then. */
  ids(): Promise<{ ids: string[]; seq: number }>;
  /** Deletes documents; resolves to the write's sequence number. */
  delete(ids: string[]): Promise<number>;
  /** Deletes everything; resolves to the write's sequence number. */
  clear(): Promise<number>;
  /**
   * Replaces everything stored with these segments in one transaction (an import that
   * replaces the corpus, a migration); announced to other instances as a clear.
   */
  replace(segments: Segment[], embedderId?: string): Promise<number>;
  /**
   * Rewrites small segments into larger ones and drops removed documents' bytes, without
   * tokenising (the engine calls it after each write call). Keeps opening fast and storage
   * proportional to what is live; changes nothing a reader sees.
   */
  compact(): Promise<void>;
  /**
   * Listens to the writes of other instances over the same storage (the change feed). Returns
   * the function that stops listening. A store nothing else can reach never calls it.
   */
  watch(listener: (change: StoreChange) => void): () => void;
  /** Approximate bytes held (text, metadata, postings, vectors). */
  estimateBytes(): Promise<number>;
  close(): Promise<void>;
}

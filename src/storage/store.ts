import type { Passage, StoredDocument } from '../types.ts';
import type { Segment } from '../index-format/segment.ts';

/** One document with everything derived from it: written and deleted as a unit. */
export interface DocumentRecord {
  document: StoredDocument;
  passages: Passage[];
  /** Vectors by passage id (only when an embedder was loaded). */
  vectors?: Map<string, Float32Array>;
}

/** What a store gives back when a corpus is opened. */
export interface LoadedCorpus {
  /**
   * The stored segments, decoded, in the order they were written (the order a fresh ingest
   * would have indexed their passages), documents removed or replaced since left out.
   */
  segments: Segment[];
  /**
   * Documents of an older layout (schema v1: one record per document, no postings), to be
   * indexed and written again as segments: the store drops them once that is done (`put`).
   */
  legacy?: DocumentRecord[];
  /** Id of the embedder whose vectors are stored, if any. */
  embedderId?: string;
}

/**
 * Persistence behind the engine. Implementations: in memory, and IndexedDB (`idb`). A store
 * keeps segments (`src/index-format/`): each write is one segment of whole documents in one
 * transaction, so a crash mid-ingest leaves no half document, and opening reads postings
 * instead of tokenising.
 */
export interface CorpusStore {
  /** Reads the stored corpus. `INDEX_CORRUPT` when a stored segment does not decode. */
  load(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus>;
  /** Writes one segment; its documents replace stored ones with the same ids. One transaction. */
  put(segment: Segment, embedderId?: string): Promise<void>;
  /** Removes documents by id. One transaction. */
  delete(ids: string[]): Promise<void>;
  /** Replaces everything stored with these segments, in one transaction (a new embedder, an import that replaces). */
  replace(segments: Segment[], embedderId?: string): Promise<void>;
  clear(): Promise<void>;
  /**
   * Rewrites small segments into larger ones and drops removed documents' bytes, without
   * tokenising (the engine calls it after each write call). Keeps opening fast and storage
   * proportional to what is live.
   */
  compact(): Promise<void>;
  /** Approximate bytes held (text, metadata, postings, vectors). */
  estimateBytes(): Promise<number>;
  close(): Promise<void>;
}

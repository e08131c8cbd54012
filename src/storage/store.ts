import type { Passage, StoredDocument } from '../types.ts';

/** One document with everything derived from it: written and deleted as a unit. */
export interface DocumentRecord {
  document: StoredDocument;
  passages: Passage[];
  /** Vectors by passage id (only when an embedder was loaded). */
  vectors?: Map<string, Float32Array>;
}

/** What a store gives back when a corpus is opened. */
export interface LoadedCorpus {
  records: DocumentRecord[];
  /** Id of the embedder whose vectors are stored, if any. */
  embedderId?: string;
}

/**
 * Persistence behind the engine. Implementations: in memory, and IndexedDB (`idb`); any other
 * (a file-backed store for Node) plugs in as `createAlmanac({ storage: { store } })`.
 * Every write is atomic per document: a crash mid-ingest leaves no half document.
 */
export interface CorpusStore {
  load(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus>;
  /** Writes documents (replacing those with the same id) in one transaction. */
  put(records: DocumentRecord[], embedderId?: string): Promise<void>;
  delete(ids: string[]): Promise<void>;
  clear(): Promise<void>;
  /** Approximate bytes held (text, metadata, vectors). */
  estimateBytes(): Promise<number>;
  close(): Promise<void>;
}

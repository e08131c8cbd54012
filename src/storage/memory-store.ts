import type { CorpusStore, LoadedCorpus } from './store.ts';
import type { DocumentRecord } from './store.ts';
import type { Segment } from '../index-format/segment.ts';

/**
 * Keeps nothing beyond the page's life: the default, and the store of the CLI. It holds the
 * records it is given (the engine's own objects, no copies) only to answer `estimateBytes`;
 * their postings live in the engine's indexes, so it never encodes anything unless asked.
 */
export class MemoryStore implements CorpusStore {
  private readonly records = new Map<string, DocumentRecord>();

  constructor(private readonly measure?: (records: DocumentRecord[]) => number) {}

  async load(): Promise<LoadedCorpus> {
    return { segments: [] };
  }
  async put(segment: Segment): Promise<void> {
    for (const r of segment.records) this.records.set(r.document.id, r);
  }
  async delete(ids: string[]): Promise<void> {
    for (const id of ids) this.records.delete(id);
  }
  async replace(segments: Segment[]): Promise<void> {
    this.records.clear();
    for (const s of segments) await this.put(s);
  }
  async clear(): Promise<void> {
    this.records.clear();
  }
  async compact(): Promise<void> {}
  /** What the records would take stored (`measure`, which encodes them), or 0 without one. */
  async estimateBytes(): Promise<number> {
    return this.measure ? this.measure([...this.records.values()]) : 0;
  }
  async close(): Promise<void> {}
}

import type { CorpusStore, DocumentRecord, LoadedCorpus } from './store.ts';
import { recordBytes } from './size.ts';

/** Keeps nothing beyond the page's life: the default, and the store of the CLI. */
export class MemoryStore implements CorpusStore {
  private readonly records = new Map<string, DocumentRecord>();
  private embedderId: string | undefined;

  async load(): Promise<LoadedCorpus> {
    return { records: [...this.records.values()], embedderId: this.embedderId };
  }
  async put(records: DocumentRecord[], embedderId?: string): Promise<void> {
    for (const r of records) this.records.set(r.document.id, r);
    if (embedderId) this.embedderId = embedderId;
  }
  async delete(ids: string[]): Promise<void> {
    for (const id of ids) this.records.delete(id);
  }
  async clear(): Promise<void> {
    this.records.clear();
    this.embedderId = undefined;
  }
  async estimateBytes(): Promise<number> {
    let n = 0;
    for (const r of this.records.values()) n += recordBytes(r);
    return n;
  }
  async close(): Promise<void> {}
}

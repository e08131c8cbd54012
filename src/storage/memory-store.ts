import { throwIfAborted } from '../errors.ts';
import type { CorpusStore, DocumentRecord, LoadedCorpus, StoreSnapshot } from './store.ts';
import { recordBytes } from './size.ts';

/** Keeps nothing beyond the page's life: the default, and the store of the CLI. Nothing else reaches it, so it has no change feed. */
export class MemoryStore implements CorpusStore {
  private readonly records = new Map<string, DocumentRecord>();
  private embedderId: string | undefined;
  private seq = 0;

  async load(): Promise<LoadedCorpus> {
    return { records: [...this.records.values()], embedderId: this.embedderId, seq: this.seq };
  }
  async put(records: DocumentRecord[], embedderId?: string, signal?: AbortSignal): Promise<number> {
    throwIfAborted(signal, 'Storing documents');
    const seq = ++this.seq;
    for (const r of records) this.records.set(r.document.id, { ...r, rev: seq });
    if (embedderId) this.embedderId = embedderId;
    return seq;
  }
  async putVectors(records: DocumentRecord[], embedderId: string): Promise<string[]> {
    const written: string[] = [];
    for (const r of records) {
      const stored = this.records.get(r.document.id);
      if (!stored || (stored.rev ?? 0) !== (r.rev ?? 0)) continue;
      this.records.set(r.document.id, { ...stored, vectors: r.vectors });
      written.push(r.document.id);
    }
    this.embedderId = embedderId;
    this.seq++;
    return written;
  }
  async read(ids: string[]): Promise<StoreSnapshot> {
    const records = new Map<string, DocumentRecord>();
    for (const id of ids) {
      const r = this.records.get(id);
      if (r) records.set(id, r);
    }
    return { records, seq: this.seq };
  }
  async ids(): Promise<{ ids: string[]; seq: number }> {
    return { ids: [...this.records.keys()], seq: this.seq };
  }
  async delete(ids: string[]): Promise<number> {
    for (const id of ids) this.records.delete(id);
    return ++this.seq;
  }
  async clear(): Promise<number> {
    this.records.clear();
    this.embedderId = undefined;
    return ++this.seq;
  }
  watch(): () => void {
    return () => undefined;
  }
  async estimateBytes(): Promise<number> {
    let n = 0;
    for (const r of this.records.values()) n += recordBytes(r);
    return n;
  }
  async close(): Promise<void> {}
}

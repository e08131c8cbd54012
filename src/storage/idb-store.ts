import { wrap, type IDBPDatabase } from 'idb';
import { createError } from '../errors.ts';
import type { CorpusStore, DocumentRecord, LoadedCorpus } from './store.ts';
import {
  MIGRATIONS, SCHEMA_VERSION, fromStoredDocument, fromStoredPassage, fromStoredVectors,
  toStoredDocument, toStoredPassage, toStoredVectors,
  type AlmanacDB, type UpgradeDb,
} from './schema.ts';
import { recordBytes } from './size.ts';

/**
 * IndexedDB persistence through `idb`. Opens (and migrates) the database named `name`
 * on `factory` (the browser's `indexedDB` by default; `fake-indexeddb` in Node).
 */
export async function openIdbStore(name: string, factory?: IDBFactory): Promise<CorpusStore> {
  const f = factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  // idb checks requests against the global IDB classes, so they must exist even with a custom factory.
  if (!f || typeof (globalThis as { IDBRequest?: unknown }).IDBRequest === 'undefined') {
    throw createError('STORAGE_FAILED', 'IndexedDB is not available here; use storage "memory", or in Node import "fake-indexeddb/auto" first');
  }
  const request = f.open(name, SCHEMA_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = request.result as unknown as UpgradeDb;
    for (let v = event.oldVersion; v < SCHEMA_VERSION; v++) MIGRATIONS[v]!(db);
  });
  let db: IDBPDatabase<AlmanacDB>;
  try {
    db = (await wrap(request)) as unknown as IDBPDatabase<AlmanacDB>;
  } catch (err) {
    if ((err as DOMException)?.name === 'VersionError') {
      const found = await storedVersion(f, name);
      throw createError('SCHEMA_TOO_NEW', found, SCHEMA_VERSION, { cause: err });
    }
    throw createError('STORAGE_FAILED', String((err as Error)?.message ?? err), { cause: err });
  }
  return new IdbStore(db);
}

async function storedVersion(f: IDBFactory, name: string): Promise<number> {
  const dbs = (await f.databases?.()) ?? [];
  return dbs.find((d) => d.name === name)?.version ?? NaN;
}

class IdbStore implements CorpusStore {
  constructor(private readonly db: IDBPDatabase<AlmanacDB>) {}

  async load(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus> {
    const tx = this.db.transaction(['documents', 'passages', 'vectors', 'meta'], 'readonly');
    const [docs, passages, vectors, embedderId] = await Promise.all([
      tx.objectStore('documents').getAll(),
      tx.objectStore('passages').getAll(),
      tx.objectStore('vectors').getAll(),
      tx.objectStore('meta').get('embedderId'),
    ]);
    await tx.done;
    const records = new Map<string, DocumentRecord>();
    for (const d of docs) records.set(d.id, { document: fromStoredDocument(d), passages: [] });
    let done = 0;
    for (const p of passages) {
      const r = records.get(p.docId);
      if (r) r.passages = p.passages.map((sp, ordinal) => fromStoredPassage(sp, ordinal, r.document));
      if (++done % 2000 === 0) onProgress?.(done, passages.length);
    }
    for (const v of vectors) {
      const r = records.get(v.docId);
      if (r) r.vectors = fromStoredVectors(v);
    }
    onProgress?.(passages.length, passages.length);
    return { records: [...records.values()], embedderId };
  }

  async put(records: DocumentRecord[], embedderId?: string): Promise<void> {
    const tx = this.db.transaction(['documents', 'passages', 'vectors', 'meta'], 'readwrite');
    const writes: Promise<unknown>[] = [];
    try {
      const [docs, passages, vectors, meta] = [tx.objectStore('documents'), tx.objectStore('passages'), tx.objectStore('vectors'), tx.objectStore('meta')];
      for (const r of records) {
        const id = r.document.id;
        writes.push(docs.put(toStoredDocument(r.document)));
        writes.push(passages.put({ docId: id, passages: r.passages.map((p) => toStoredPassage(p, r.document)) }));
        // Replacing a document replaces its vectors too, or drops them when it has none now.
        const block = r.vectors ? toStoredVectors(id, r.passages, r.vectors) : undefined;
        writes.push(block ? vectors.put(block) : vectors.delete(id));
      }
      if (embedderId) writes.push(meta.put(embedderId, 'embedderId'));
      await Promise.all([...writes, tx.done]);
    } catch (err) {
      // A record that cannot be stored must not leave the rest of its batch behind.
      try { tx.abort(); } catch { /* already finished */ }
      await Promise.allSettled([...writes, tx.done]);
      // The name matters: a full disk aborts the commit with a QuotaExceededError whose message
      // is often empty, and the page tells the user what to delete only if it can see that.
      const e = err as Error | undefined;
      throw createError('STORAGE_FAILED', e?.name ? `${e.name}${e.message ? `: ${e.message}` : ''}` : String(err), { cause: err });
    }
  }

  async delete(ids: string[]): Promise<void> {
    const tx = this.db.transaction(['documents', 'passages', 'vectors'], 'readwrite');
    await Promise.all([
      ...ids.flatMap((id) => [tx.objectStore('documents').delete(id), tx.objectStore('passages').delete(id), tx.objectStore('vectors').delete(id)]),
      tx.done,
    ]);
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(['documents', 'passages', 'vectors', 'meta'], 'readwrite');
    await Promise.all([
      tx.objectStore('documents').clear(), tx.objectStore('passages').clear(),
      tx.objectStore('vectors').clear(), tx.objectStore('meta').clear(), tx.done,
    ]);
  }

  async estimateBytes(): Promise<number> {
    const { records } = await this.load();
    return records.reduce((n, r) => n + recordBytes(r), 0);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

import { unwrap, wrap, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import { createError } from '../errors.ts';
import type { CorpusStore, DocumentRecord, LoadedCorpus, StoreChange, StoreSnapshot } from './store.ts';
import {
  MIGRATIONS, SCHEMA_VERSION, fromStoredDocument, fromStoredPassage, fromStoredVectors,
  toStoredDocument, toStoredPassage, toStoredVectors,
  type AlmanacDB, type StoredDocumentRecord, type UpgradeDb,
} from './schema.ts';
import { recordBytes } from './size.ts';
import { storageError } from './storage-error.ts';

/**
 * IndexedDB persistence through `idb`. Opens (and migrates) the database named `name`
 * on `factory` (the browser's `indexedDB` by default; `fake-indexeddb` in Node).
 */
export async function openIdbStore(name: string, factory?: IDBFactory): Promise<CorpusStore> {
  const f = factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  // idb checks requests against the global IDB classes, so they must exist even with a custom factory.
  if (!f || typeof (globalThis as { IDBRequest?: unknown }).IDBRequest === 'undefined') {
    throw createError('INDEXEDDB_UNAVAILABLE');
  }
  let request: IDBOpenDBRequest;
  try {
    request = f.open(name, SCHEMA_VERSION);
  } catch (err) {
    throw storageError(err, 'opening the database');
  }
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
    throw storageError(err, 'opening the database');
  }
  return new IdbStore(db, name);
}

async function storedVersion(f: IDBFactory, name: string): Promise<number> {
  const dbs = (await f.databases?.()) ?? [];
  return dbs.find((d) => d.name === name)?.version ?? NaN;
}

type AnyStore = StoreNames<AlmanacDB>;
type WriteTx = IDBPTransaction<AlmanacDB, AnyStore[], 'readwrite'>;

/** What one instance tells the others on the change feed. */
type FeedMessage = StoreChange & { from: string };

/**
 * The change feed's channel: one per database name, so tabs (and their workers) over the same
 * corpus hear each other and nothing else. Where `BroadcastChannel` is missing, there is no
 * feed and each instance sees others' writes only when it reopens.
 */
function openChannel(name: string): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(`almanac-store:${name}`);
  // In Node a channel with a listener would keep the process alive after the work is done.
  (channel as unknown as { unref?: () => void }).unref?.();
  return channel;
}

class IdbStore implements CorpusStore {
  private readonly instance = Math.random().toString(36).slice(2) + Date.now().toString(36);
  private readonly channel: BroadcastChannel | undefined;
  private readonly listeners = new Set<(change: StoreChange) => void>();
  /** Set when the database was closed under this instance (another tab upgraded or deleted it). */
  private closedBecause: string | undefined;

  constructor(private readonly db: IDBPDatabase<AlmanacDB>, name: string) {
    this.channel = openChannel(name);
    this.channel?.addEventListener('message', (event: MessageEvent<FeedMessage>) => {
      const message = event.data;
      if (!message || message.from === this.instance) return;
      const { from: _from, ...change } = message;
      this.emit(change as StoreChange);
    });
    const raw = unwrap(db);
    // A newer Almanac in another tab wants to upgrade the schema, or the database is being
    // deleted: holding it open would block that tab forever. Let go, and say so.
    raw.addEventListener('versionchange', () => this.closeUnder('another tab opened a newer version of it, or deleted it'));
    // The browser closed it (the user cleared site data, or the disk went away).
    raw.addEventListener('close', () => this.closeUnder('the browser closed the database (site data cleared?)'));
  }

  async load(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus> {
    this.assertOpen();
    try {
      const tx = this.db.transaction(['documents', 'passages', 'vectors', 'meta'], 'readonly');
      const [docs, passages, vectors, embedderId, seq] = await Promise.all([
        tx.objectStore('documents').getAll(),
        tx.objectStore('passages').getAll(),
        tx.objectStore('vectors').getAll(),
        tx.objectStore('meta').get('embedderId'),
        tx.objectStore('meta').get('seq'),
        tx.done,
      ]);
      const records = new Map<string, DocumentRecord>();
      for (const d of docs) records.set(d.id, { document: fromStoredDocument(d), passages: [], rev: d.rev ?? 0 });
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
      return { records: [...records.values()], embedderId: typeof embedderId === 'string' ? embedderId : undefined, seq: Number(seq ?? 0) };
    } catch (err) {
      throw storageError(err, 'reading the corpus');
    }
  }

  async put(records: DocumentRecord[], embedderId?: string, signal?: AbortSignal): Promise<number> {
    return this.write('storing documents', signal, async (tx, seq) => {
      const [docs, passages, vectors, meta] = [tx.objectStore('documents'), tx.objectStore('passages'), tx.objectStore('vectors'), tx.objectStore('meta')];
      const writes: Promise<unknown>[] = [];
      try {
        for (const r of records) {
          const id = r.document.id;
          const stored: StoredDocumentRecord = { ...toStoredDocument(r.document), rev: seq };
          writes.push(docs.put(stored));
          writes.push(passages.put({ docId: id, passages: r.passages.map((p) => toStoredPassage(p, r.document)) }));
          // Replacing a document replaces its vectors too, or drops them when it has none now.
          const block = r.vectors ? toStoredVectors(id, r.passages, r.vectors) : undefined;
          writes.push(block ? vectors.put(block) : vectors.delete(id));
        }
        if (embedderId) writes.push(meta.put(embedderId, 'embedderId'));
      } catch (err) {
        // A record that cannot even be queued (not cloneable): the requests before it fail with the abort.
        void Promise.allSettled(writes);
        throw err;
      }
      await Promise.all(writes);
      return { kind: 'put', ids: records.map((r) => r.document.id) };
    });
  }

  async putVectors(records: DocumentRecord[], embedderId: string): Promise<string[]> {
    let written: string[] = [];
    await this.write('storing vectors', undefined, async (tx) => {
      const docs = tx.objectStore('documents');
      const revs = await Promise.all(records.map((r) => docs.get(r.document.id).then((d) => (d ? d.rev ?? 0 : undefined))));
      const vectors = tx.objectStore('vectors');
      const writes: Promise<unknown>[] = [];
      written = [];
      records.forEach((r, i) => {
        // Changed or removed by another instance since this one read it: its vectors are not these.
        if (revs[i] === undefined || revs[i] !== (r.rev ?? 0)) return;
        const block = r.vectors ? toStoredVectors(r.document.id, r.passages, r.vectors) : undefined;
        writes.push(block ? vectors.put(block) : vectors.delete(r.document.id));
        written.push(r.document.id);
      });
      writes.push(tx.objectStore('meta').put(embedderId, 'embedderId'));
      await Promise.all(writes);
      // Vectors change no document's text: other instances have nothing to read again.
      return undefined;
    });
    return written;
  }

  async read(ids: string[]): Promise<StoreSnapshot> {
    this.assertOpen();
    try {
      const tx = this.db.transaction(['documents', 'passages', 'vectors', 'meta'], 'readonly');
      const [docs, passages, vectors] = [tx.objectStore('documents'), tx.objectStore('passages'), tx.objectStore('vectors')];
      const [found, seq] = await Promise.all([
        Promise.all(ids.map((id) => Promise.all([docs.get(id), passages.get(id), vectors.get(id)]))),
        tx.objectStore('meta').get('seq'),
        tx.done,
      ]);
      const records = new Map<string, DocumentRecord>();
      for (const [d, p, v] of found) {
        if (!d) continue;
        const document = fromStoredDocument(d);
        records.set(d.id, {
          document,
          passages: (p?.passages ?? []).map((sp, ordinal) => fromStoredPassage(sp, ordinal, document)),
          ...(v ? { vectors: fromStoredVectors(v) } : {}),
          rev: d.rev ?? 0,
        });
      }
      return { records, seq: Number(seq ?? 0) };
    } catch (err) {
      throw storageError(err, 'reading documents');
    }
  }

  async ids(): Promise<{ ids: string[]; seq: number }> {
    this.assertOpen();
    try {
      const tx = this.db.transaction(['documents', 'meta'], 'readonly');
      const [ids, seq] = await Promise.all([tx.objectStore('documents').getAllKeys(), tx.objectStore('meta').get('seq'), tx.done]);
      return { ids, seq: Number(seq ?? 0) };
    } catch (err) {
      throw storageError(err, 'listing documents');
    }
  }

  async delete(ids: string[]): Promise<number> {
    return this.write('removing documents', undefined, async (tx) => {
      await Promise.all(ids.flatMap((id) => [tx.objectStore('documents').delete(id), tx.objectStore('passages').delete(id), tx.objectStore('vectors').delete(id)]));
      return { kind: 'delete', ids };
    });
  }

  async clear(): Promise<number> {
    return this.write('clearing the corpus', undefined, async (tx, seq) => {
      await Promise.all([
        tx.objectStore('documents').clear(), tx.objectStore('passages').clear(),
        tx.objectStore('vectors').clear(), tx.objectStore('meta').clear(),
      ]);
      // The sequence goes on across a clear, so that writes before it stay older than writes after.
      await tx.objectStore('meta').put(seq, 'seq');
      return { kind: 'clear' };
    });
  }

  watch(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async estimateBytes(): Promise<number> {
    const { records } = await this.load();
    return records.reduce((n, r) => n + recordBytes(r), 0);
  }

  async close(): Promise<void> {
    this.channel?.close();
    this.listeners.clear();
    if (!this.closedBecause) this.db.close();
    this.closedBecause ??= 'it was closed';
  }

  // -------------------------------------------------------------------------

  /**
   * One write transaction: takes the next sequence number, runs `work`, commits, then tells the
   * other instances what changed. A failure aborts the whole transaction (a record that cannot
   * be stored never leaves the rest of its batch behind) and rejects with the catalogue's error;
   * an abort of `signal` before the commit aborts it too, and rejects with `ABORTED`.
   */
  private async write(
    doing: string,
    signal: AbortSignal | undefined,
    work: (tx: WriteTx, seq: number) => Promise<{ kind: 'put' | 'delete'; ids: string[] } | { kind: 'clear' } | undefined>,
  ): Promise<number> {
    this.assertOpen();
    if (signal?.aborted) throw createError('ABORTED', 'Storing documents', { cause: signal.reason });
    let tx: WriteTx;
    try {
      tx = this.db.transaction(['documents', 'passages', 'vectors', 'meta'], 'readwrite') as WriteTx;
    } catch (err) {
      throw storageError(err, doing);
    }
    let aborted = false;
    const onAbort = (): void => {
      aborted = true;
      try { tx.abort(); } catch { /* already committed: the write stands */ }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const meta = tx.objectStore('meta');
      const seq = Number((await meta.get('seq')) ?? 0) + 1;
      const writes = [meta.put(seq, 'seq')];
      const [change] = await Promise.all([work(tx, seq), ...writes, tx.done]);
      if (change) this.announce({ ...change, seq } as StoreChange);
      return seq;
    } catch (err) {
      try { tx.abort(); } catch { /* already finished */ }
      await tx.done.catch(() => undefined);
      if (aborted) throw createError('ABORTED', 'Storing documents', { cause: signal?.reason });
      throw storageError(err, doing);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private announce(change: StoreChange): void {
    try {
      this.channel?.postMessage({ ...change, from: this.instance } satisfies FeedMessage);
    } catch {
      // A closed channel (the instance is closing): nobody to tell.
    }
  }

  private emit(change: StoreChange): void {
    for (const listener of this.listeners) {
      try { listener(change); } catch { /* a listener's failure is its own */ }
    }
  }

  private closeUnder(reason: string): void {
    if (this.closedBecause) return;
    this.closedBecause = reason;
    this.db.close();
    this.emit({ kind: 'closed', reason });
  }

  private assertOpen(): void {
    if (this.closedBecause) throw createError('STORAGE_CLOSED', this.closedBecause);
  }
}

import { wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { AlmanacError, createError } from '../errors.ts';
import { decodeSegment, encodeSegment, readSegmentHeader, type Segment } from '../index-format/segment.ts';
import { mergeSegments } from '../index-format/merge.ts';
import type { CorpusStore, DocumentRecord, LoadedCorpus } from './store.ts';
import {
  MIGRATIONS, SCHEMA_VERSION, fromStoredDocument, fromStoredPassage, fromStoredVectors,
  type AlmanacDB, type SegmentInfo, type UpgradeDb,
} from './schema.ts';

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

/** Segments merge in runs of this many of one size tier (so a document is rewritten about log8(corpus) times). */
const MERGE_FACTOR = 8;
/** Size tiers grow by this factor, from 64 kB. */
const TIER_BASE = 64 * 1024;
/** No merge writes a segment larger than this: a merge holds its run decoded in memory at once. */
const MAX_SEGMENT_BYTES = 16 * 1024 * 1024;
/** More segments than this and compaction merges runs of any length. */
const MAX_SEGMENTS = 64;

function tierOf(bytes: number): number {
  return bytes < TIER_BASE ? 0 : 1 + Math.floor(Math.log(bytes / TIER_BASE) / Math.log(MERGE_FACTOR));
}

const STORES = ['segments', 'segmentInfo', 'meta'] as const;
const LEGACY = ['documents', 'passages', 'vectors'] as const;

class IdbStore implements CorpusStore {
  /** Every segment's bookkeeping, by id; filled by `load`. */
  private infos = new Map<number, SegmentInfo>();
  /** Where each live document is. */
  private location = new Map<string, number>();
  private nextId = 1;
  private loaded = false;

  constructor(private readonly db: IDBPDatabase<AlmanacDB>) {}

  async load(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus> {
    const tx = this.db.transaction([...STORES, ...LEGACY], 'readonly');
    const [infos, records, embedderId, legacy] = await Promise.all([
      tx.objectStore('segmentInfo').getAll(),
      tx.objectStore('segments').getAll(),
      tx.objectStore('meta').get('embedderId'),
      readLegacy(tx),
      tx.done,
    ]);
    this.remember(infos);
    const bytes = new Map(records.map((r) => [r.id, r.bytes]));
    const segments: Segment[] = [];
    const ordered = [...this.infos.values()].sort((a, b) => a.id - b.id);
    ordered.forEach((info, i) => {
      const b = bytes.get(info.id);
      if (!b) throw createError('INDEX_CORRUPT', `stored segment ${info.id} is missing`);
      segments.push(decodeSegment(b, { exclude: this.excluded(info) }));
      onProgress?.(i + 1, ordered.length);
    });
    return { segments, ...(legacy?.length ? { legacy } : {}), ...(embedderId ? { embedderId } : {}) };
  }

  async put(segment: Segment, embedderId?: string): Promise<void> {
    await this.ensureLoaded();
    const bytes = encodeSegment(segment);
    const id = this.nextId;
    const info: SegmentInfo = { id, docIds: segment.records.map((r) => r.document.id), deleted: [], passages: readSegmentHeader(bytes).passages, bytes: bytes.length, terms: segment.terms };
    const touched = this.tombstones(info.docIds);
    await this.write(async (tx) => {
      const writes: Array<Promise<unknown>> = [tx.objectStore('segments').put({ id, bytes }), tx.objectStore('segmentInfo').put(info)];
      for (const t of touched) writes.push(t.deleted.length === t.docIds.length ? tx.objectStore('segmentInfo').delete(t.id) : tx.objectStore('segmentInfo').put(t));
      for (const t of touched) if (t.deleted.length === t.docIds.length) writes.push(tx.objectStore('segments').delete(t.id));
      if (embedderId) writes.push(tx.objectStore('meta').put(embedderId, 'embedderId'));
      return writes;
    });
    this.nextId = id + 1;
    for (const t of touched) this.apply(t);
    this.apply(info);
  }

  async delete(ids: string[]): Promise<void> {
    await this.ensureLoaded();
    const touched = this.tombstones(ids);
    if (!touched.length) return;
    await this.write(async (tx) => touched.flatMap((t): Array<Promise<unknown>> => (t.deleted.length === t.docIds.length
      ? [tx.objectStore('segmentInfo').delete(t.id), tx.objectStore('segments').delete(t.id)]
      : [tx.objectStore('segmentInfo').put(t)])));
    for (const t of touched) this.apply(t);
  }

  async replace(segments: Segment[], embedderId?: string): Promise<void> {
    const encoded = segments.map((s) => encodeSegment(s));
    const infos: SegmentInfo[] = segments.map((s, i) => ({
      id: i + 1, docIds: s.records.map((r) => r.document.id), deleted: [], passages: readSegmentHeader(encoded[i]!).passages, bytes: encoded[i]!.length, terms: s.terms,
    }));
    await this.write(async (tx) => [
      tx.objectStore('segments').clear(), tx.objectStore('segmentInfo').clear(), tx.objectStore('meta').clear(),
      ...LEGACY.map((s) => tx.objectStore(s).clear()),
      ...encoded.map((bytes, i) => tx.objectStore('segments').put({ id: i + 1, bytes })),
      ...infos.map((info) => tx.objectStore('segmentInfo').put(info)),
      ...(embedderId ? [tx.objectStore('meta').put(embedderId, 'embedderId')] : []),
    ]);
    this.infos.clear();
    this.location.clear();
    this.remember(infos);
  }

  async clear(): Promise<void> {
    await this.write(async (tx) => [...STORES, ...LEGACY].map((s) => tx.objectStore(s).clear()));
    this.infos.clear();
    this.location.clear();
    this.nextId = 1;
    this.loaded = true;
  }

  async compact(): Promise<void> {
    await this.ensureLoaded();
    // Segments mostly removed are rewritten alone; then runs of small ones merge.
    for (const info of [...this.infos.values()]) {
      if (info.deleted.length * 2 >= info.docIds.length && info.deleted.length) await this.merge([info]);
    }
    for (let run = this.nextRun(); run; run = this.nextRun()) await this.merge(run);
  }

  async estimateBytes(): Promise<number> {
    await this.ensureLoaded();
    let n = 0;
    for (const info of this.infos.values()) n += info.bytes;
    return n;
  }

  async close(): Promise<void> {
    this.db.close();
  }

  // -------------------------------------------------------------------------

  private async ensureLoaded(): Promise<void> {
    if (this.loaded) return;
    const tx = this.db.transaction('segmentInfo', 'readonly');
    const [infos] = await Promise.all([tx.objectStore('segmentInfo').getAll(), tx.done]);
    this.remember(infos);
  }

  private remember(infos: SegmentInfo[]): void {
    this.loaded = true;
    for (const info of infos.sort((a, b) => a.id - b.id)) this.apply(info);
  }

  /** Records a segment's bookkeeping (or its removal, once every document in it is gone). */
  private apply(info: SegmentInfo): void {
    if (info.deleted.length >= info.docIds.length) {
      this.infos.delete(info.id);
    } else {
      this.infos.set(info.id, info);
      const gone = new Set(info.deleted);
      for (const d of info.docIds) if (!gone.has(d)) this.location.set(d, info.id);
    }
    for (const d of info.deleted) if (this.location.get(d) === info.id) this.location.delete(d);
    this.nextId = Math.max(this.nextId, info.id + 1);
  }

  /** Documents a segment no longer holds: removed, or (defensively) also written in a later segment. */
  private excluded(info: SegmentInfo): Set<string> {
    const out = new Set(info.deleted);
    for (const d of info.docIds) if (this.location.get(d) !== info.id) out.add(d);
    return out;
  }

  /** The segments' bookkeeping once `ids` are marked removed in them (copies; nothing applied yet). */
  private tombstones(ids: readonly string[]): SegmentInfo[] {
    const bySegment = new Map<number, SegmentInfo>();
    for (const d of ids) {
      const at = this.location.get(d);
      if (at === undefined) continue;
      let copy = bySegment.get(at);
      if (!copy) {
        const info = this.infos.get(at)!;
        bySegment.set(at, (copy = { ...info, deleted: [...info.deleted] }));
      }
      if (!copy.deleted.includes(d)) copy.deleted.push(d);
    }
    return [...bySegment.values()];
  }

  /**
   * The next run of segments to merge: the newest run of at least {@link MERGE_FACTOR}
   * consecutive segments of one size tier and one tokenizer, cut to {@link MAX_SEGMENT_BYTES};
   * with more than {@link MAX_SEGMENTS} segments, the newest run of two or more.
   */
  private nextRun(): SegmentInfo[] | undefined {
    const ordered = [...this.infos.values()].sort((a, b) => a.id - b.id);
    const need = ordered.length > MAX_SEGMENTS ? 2 : MERGE_FACTOR;
    let end = ordered.length;
    while (end > 0) {
      const last = ordered[end - 1]!;
      let start = end - 1;
      let bytes = last.bytes;
      while (start > 0) {
        const prev = ordered[start - 1]!;
        if (prev.terms !== last.terms || (need === MERGE_FACTOR && tierOf(prev.bytes) !== tierOf(last.bytes)) || bytes + prev.bytes > MAX_SEGMENT_BYTES) break;
        bytes += prev.bytes;
        start--;
      }
      if (end - start >= need) return ordered.slice(start, end);
      end = start;
    }
    return undefined;
  }

  /** Rewrites a run of consecutive segments as one (removed documents dropped), under the run's first id. */
  private async merge(run: SegmentInfo[]): Promise<void> {
    const tx = this.db.transaction('segments', 'readonly');
    const records = await Promise.all(run.map((info) => tx.objectStore('segments').get(info.id)));
    await tx.done;
    const parts = records.map((r, i) => {
      if (!r) throw createError('INDEX_CORRUPT', `stored segment ${run[i]!.id} is missing`);
      return decodeSegment(r.bytes, { exclude: this.excluded(run[i]!) });
    });
    const merged = mergeSegments(parts.filter((p) => p.records.length));
    const id = run[0]!.id;
    const bytes = merged.records.length ? encodeSegment(merged) : undefined;
    const info: SegmentInfo | undefined = bytes && {
      id, docIds: merged.records.map((r) => r.document.id), deleted: [], passages: readSegmentHeader(bytes).passages, bytes: bytes.length, terms: merged.terms,
    };
    await this.write(async (t) => [
      ...run.flatMap((s) => [t.objectStore('segments').delete(s.id), t.objectStore('segmentInfo').delete(s.id)]),
      ...(info ? [t.objectStore('segments').put({ id, bytes: bytes! }), t.objectStore('segmentInfo').put(info)] : []),
    ]);
    for (const s of run) {
      this.infos.delete(s.id);
      for (const d of s.docIds) if (this.location.get(d) === s.id) this.location.delete(d);
    }
    if (info) this.apply(info);
  }

  /** One readwrite transaction over every store; any failure aborts all of it. */
  private async write(work: (tx: WriteTx) => Promise<Array<Promise<unknown>>>): Promise<void> {
    const tx = this.db.transaction([...STORES, ...LEGACY], 'readwrite');
    let writes: Array<Promise<unknown>> = [];
    try {
      writes = await work(tx);
      await Promise.all([...writes, tx.done]);
    } catch (err) {
      // A record that cannot be stored must not leave the rest of its batch behind.
      try { tx.abort(); } catch { /* already finished */ }
      await Promise.allSettled([...writes, tx.done]);
      if (err instanceof AlmanacError) throw err;
      throw createError('STORAGE_FAILED', describe(err), { cause: err });
    }
  }
}

type AllStores = Array<(typeof STORES)[number] | (typeof LEGACY)[number]>;
type WriteTx = IDBPTransaction<AlmanacDB, AllStores, 'readwrite'>;

/** A DOMException's name and message (a quota error's message alone can be blank). */
function describe(err: unknown): string {
  const e = err as { name?: string; message?: string } | undefined;
  const parts = [e?.name && e.name !== 'Error' ? e.name : '', e?.message ?? ''].filter(Boolean);
  return parts.join(': ') || String(err);
}

/**
 * Documents of a v1 database, rebuilt as records (their postings are not stored: the engine
 * indexes them and writes them as segments with `replace`, which also clears the v1 stores).
 */
async function readLegacy(tx: IDBPTransaction<AlmanacDB, AllStores, 'readonly'>): Promise<DocumentRecord[]> {
  const [docs, passages, vectors] = await Promise.all([tx.objectStore('documents').getAll(), tx.objectStore('passages').getAll(), tx.objectStore('vectors').getAll()]);
  const records = new Map<string, DocumentRecord>();
  for (const d of docs) records.set(d.id, { document: fromStoredDocument(d), passages: [] });
  for (const p of passages) {
    const r = records.get(p.docId);
    if (r) r.passages = p.passages.map((sp, ordinal) => fromStoredPassage(sp, ordinal, r.document));
  }
  for (const v of vectors) {
    const r = records.get(v.docId);
    if (r) r.vectors = fromStoredVectors(v);
  }
  return [...records.values()];
}

import { unwrap, wrap, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import { AlmanacError, createError } from '../errors.ts';
import { decodeSegment, readSegmentHeader, type Segment } from '../index-format/segment.ts';
import { mergeSegments } from '../index-format/merge.ts';
import type { CorpusStore, DocumentRecord, LoadedCorpus, StoreChange, StoreSnapshot } from './store.ts';
import {
  MIGRATIONS, SCHEMA_VERSION, fromStoredDocument, fromStoredPassage, fromStoredVectors,
  type AlmanacDB, type SegmentInfo, type UpgradeDb,
} from './schema.ts';
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
type ReadTx = IDBPTransaction<AlmanacDB, AnyStore[], 'readonly'>;

const ALL: AnyStore[] = ['segments', 'segmentInfo', 'meta', 'documents', 'passages', 'vectors'];

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

/**
 * The segment writer, loaded by the first write (not at start: a page that opens a stored corpus
 * and searches it never writes). Awaited before a transaction opens, which must wait on nothing else.
 */
function segmentWriter(): Promise<typeof import('../index-format/segment-writer.ts')> {
  return import('../index-format/segment-writer.ts');
}

/**
 * Segments merge in runs of this many of one size tier (so a document is rewritten about
 * log16(corpus) times). Opening 17 segments takes what opening 3 does (HiTab from
 * fake-indexeddb: 1.48-1.66 against 1.45-1.66 s CPU), while merging 13 of them into one cost
 * its ingest 1.6 s of 7.5 (a run of 8 merged once its segments were stored without their rows'
 * text, index format 4).
 */
const MERGE_FACTOR = 16;
/** Size tiers grow by {@link MERGE_FACTOR}, from 64 kB. */
const TIER_BASE = 64 * 1024;
/** No merge writes a segment larger than this: a merge holds its run decoded in memory at once. */
const MAX_SEGMENT_BYTES = 16 * 1024 * 1024;
/** More segments than this and compaction merges runs of any length. */
const MAX_SEGMENTS = 64;

function tierOf(bytes: number): number {
  return bytes < TIER_BASE ? 0 : 1 + Math.floor(Math.log(bytes / TIER_BASE) / Math.log(MERGE_FACTOR));
}

/**
 * Which segment holds each live document, from every segment's bookkeeping: what a write
 * needs to mark replaced documents, kept between writes and read again whenever another
 * instance wrote since (the stored `seq` says so).
 */
class Catalogue {
  readonly infos = new Map<number, SegmentInfo>();
  readonly location = new Map<string, number>();
  nextId = 1;

  constructor(infos: SegmentInfo[], public seq: number) {
    for (const info of infos.sort((a, b) => a.id - b.id)) this.apply(info);
  }

  /** Records a segment's bookkeeping (or its end, once every document in it is gone). */
  apply(info: SegmentInfo): void {
    this.nextId = Math.max(this.nextId, info.id + 1);
    const gone = new Set(info.deleted);
    for (const d of info.docIds) {
      if (gone.has(d)) {
        if (this.location.get(d) === info.id) this.location.delete(d);
      } else {
        this.location.set(d, info.id);
      }
    }
    if (gone.size >= info.docIds.length) this.infos.delete(info.id);
    else this.infos.set(info.id, info);
  }

  drop(id: number): void {
    const info = this.infos.get(id);
    if (!info) return;
    this.infos.delete(id);
    for (const d of info.docIds) if (this.location.get(d) === id) this.location.delete(d);
  }

  /** Documents a segment no longer holds: removed, or (defensively) also written in a later segment. */
  excluded(info: SegmentInfo): Set<string> {
    const out = new Set(info.deleted);
    for (const d of info.docIds) if (this.location.get(d) !== info.id) out.add(d);
    return out;
  }

  /** The stored revision of a live document, or undefined. */
  rev(id: string): number | undefined {
    const at = this.location.get(id);
    const info = at === undefined ? undefined : this.infos.get(at);
    return info ? info.revs[info.docIds.lastIndexOf(id)] ?? 0 : undefined;
  }

  /** The segments' bookkeeping once `ids` are marked removed in them (copies, not applied yet). */
  tombstones(ids: Iterable<string>): SegmentInfo[] {
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

  ordered(): SegmentInfo[] {
    return [...this.infos.values()].sort((a, b) => a.id - b.id);
  }

  /**
   * The next run of segments to merge: the newest run of at least {@link MERGE_FACTOR}
   * consecutive segments of one size tier and one tokenizer, cut to {@link MAX_SEGMENT_BYTES};
   * with more than {@link MAX_SEGMENTS} segments, the newest run of two or more. A segment
   * mostly removed is a run of its own.
   */
  nextRun(): SegmentInfo[] | undefined {
    const ordered = this.ordered();
    const sparse = ordered.find((info) => info.deleted.length && info.deleted.length * 2 >= info.docIds.length);
    if (sparse) return [sparse];
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
}

class IdbStore implements CorpusStore {
  private readonly instance = Math.random().toString(36).slice(2) + Date.now().toString(36);
  private readonly channel: BroadcastChannel | undefined;
  private readonly listeners = new Set<(change: StoreChange) => void>();
  /** Set when the database was closed under this instance (another tab upgraded or deleted it). */
  private closedBecause: string | undefined;
  private catalogue: Catalogue | undefined;

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
    let read: [SegmentInfo[], Array<{ id: number; bytes: Uint8Array }>, unknown, unknown, DocumentRecord[]];
    try {
      const tx = this.db.transaction(ALL, 'readonly');
      const [infos, records, embedderId, seq, legacy] = await Promise.all([
        tx.objectStore('segmentInfo').getAll(),
        tx.objectStore('segments').getAll(),
        tx.objectStore('meta').get('embedderId'),
        tx.objectStore('meta').get('seq'),
        readLegacy(tx),
        tx.done,
      ]);
      read = [infos, records, embedderId, seq, legacy];
    } catch (err) {
      throw storageError(err, 'reading the corpus');
    }
    const [infos, records, embedderId, seq, legacy] = read;
    const catalogue = (this.catalogue = new Catalogue(infos, Number(seq ?? 0)));
    const bytes = new Map(records.map((r) => [r.id, r.bytes]));
    const ordered = catalogue.ordered();
    const segments = ordered.map((info, i) => {
      const segment = this.decode(info, bytes.get(info.id), catalogue.excluded(info));
      onProgress?.(i + 1, ordered.length);
      return segment;
    });
    return {
      segments, seq: catalogue.seq,
      ...(legacy.length ? { legacy } : {}),
      ...(typeof embedderId === 'string' ? { embedderId } : {}),
    };
  }

  async put(segment: Segment, embedderId?: string, signal?: AbortSignal): Promise<number> {
    // Encoded before the transaction opens: a transaction must not wait on anything but itself.
    const bytes = (await segmentWriter()).encodeSegment(segment);
    const passages = readSegmentHeader(bytes).passages;
    const docIds = segment.records.map((r) => r.document.id);
    return this.write('storing documents', signal, async (tx, seq, catalogue) => {
      const id = catalogue.nextId;
      const info: SegmentInfo = { id, docIds, revs: docIds.map(() => seq), deleted: [], passages, bytes: bytes.length, terms: segment.terms };
      const touched = catalogue.tombstones(docIds);
      const writes: Array<Promise<unknown>> = [tx.objectStore('segments').put({ id, bytes }), tx.objectStore('segmentInfo').put(info)];
      writes.push(...this.writeInfos(tx, touched));
      if (embedderId) writes.push(tx.objectStore('meta').put(embedderId, 'embedderId'));
      await Promise.all(writes);
      return {
        change: { kind: 'put', ids: docIds },
        commit: () => {
          for (const t of touched) catalogue.apply(t);
          catalogue.apply(info);
        },
      };
    });
  }

  async putVectors(records: DocumentRecord[], embedderId: string): Promise<string[]> {
    const { encodeSegment } = await segmentWriter();
    let written: string[] = [];
    await this.write('storing vectors', undefined, async (tx, _seq, catalogue) => {
      written = [];
      // Changed or removed by another instance since this one read it: its vectors are not these.
      const wanted = new Map<string, DocumentRecord>();
      for (const r of records) if (catalogue.rev(r.document.id) === (r.rev ?? 0)) wanted.set(r.document.id, r);
      const bySegment = new Map<number, SegmentInfo>();
      for (const id of wanted.keys()) {
        const info = catalogue.infos.get(catalogue.location.get(id)!)!;
        bySegment.set(info.id, info);
      }
      const rewritten: SegmentInfo[] = [];
      for (const info of bySegment.values()) {
        const stored = await tx.objectStore('segments').get(info.id);
        const excluded = catalogue.excluded(info);
        const segment = this.decode(info, stored?.bytes, excluded);
        for (const r of segment.records) {
          const fresh = wanted.get(r.document.id);
          if (!fresh) continue;
          if (fresh.vectors?.size) r.vectors = fresh.vectors;
          else delete r.vectors;
          written.push(r.document.id);
        }
        const bytes = encodeSegment({ ...segment, embedderId });
        const next: SegmentInfo = { ...info, docIds: segment.records.map((r) => r.document.id), revs: segment.records.map((r) => r.rev ?? 0), deleted: [], bytes: bytes.length };
        rewritten.push(next);
        await Promise.all([tx.objectStore('segments').put({ id: info.id, bytes }), tx.objectStore('segmentInfo').put(next)]);
      }
      await tx.objectStore('meta').put(embedderId, 'embedderId');
      // Vectors change no document's text: other instances have nothing to read again.
      return { commit: () => { for (const r of rewritten) catalogue.apply(r); } };
    });
    return written;
  }

  async read(ids: string[]): Promise<StoreSnapshot> {
    this.assertOpen();
    let found: { catalogue: Catalogue; bytes: Map<number, Uint8Array> };
    try {
      const tx = this.db.transaction(['segmentInfo', 'segments', 'meta'], 'readonly');
      const [infos, seq] = await Promise.all([tx.objectStore('segmentInfo').getAll(), tx.objectStore('meta').get('seq')]);
      const catalogue = new Catalogue(infos, Number(seq ?? 0));
      const holding = new Set<number>();
      for (const id of ids) {
        const at = catalogue.location.get(id);
        if (at !== undefined) holding.add(at);
      }
      const records = await Promise.all([...holding].map((at) => tx.objectStore('segments').get(at)));
      await tx.done;
      found = { catalogue, bytes: new Map(records.filter((r) => !!r).map((r) => [r!.id, r!.bytes])) };
    } catch (err) {
      throw storageError(err, 'reading documents');
    }
    const { catalogue, bytes } = found;
    const asked = new Set(ids);
    const records = new Map<string, DocumentRecord>();
    for (const [at, b] of bytes) {
      const info = catalogue.infos.get(at)!;
      const excluded = catalogue.excluded(info);
      for (const d of info.docIds) if (!asked.has(d)) excluded.add(d);
      for (const r of this.decode(info, b, excluded).records) records.set(r.document.id, r);
    }
    return { records, seq: catalogue.seq };
  }

  async ids(): Promise<{ ids: string[]; seq: number }> {
    this.assertOpen();
    try {
      const tx = this.db.transaction(['segmentInfo', 'meta'], 'readonly');
      const [infos, seq] = await Promise.all([tx.objectStore('segmentInfo').getAll(), tx.objectStore('meta').get('seq'), tx.done]);
      return { ids: [...new Catalogue(infos, 0).location.keys()], seq: Number(seq ?? 0) };
    } catch (err) {
      throw storageError(err, 'listing documents');
    }
  }

  async delete(ids: string[]): Promise<number> {
    return this.write('removing documents', undefined, async (tx, _seq, catalogue) => {
      const touched = catalogue.tombstones(ids);
      await Promise.all(this.writeInfos(tx, touched));
      return { change: { kind: 'delete', ids }, commit: () => { for (const t of touched) catalogue.apply(t); } };
    });
  }

  async clear(): Promise<number> {
    return this.write('clearing the corpus', undefined, async (tx, seq, catalogue) => {
      await Promise.all(ALL.map((s) => tx.objectStore(s).clear()));
      // The sequence goes on across a clear, so that writes before it stay older than writes after.
      await tx.objectStore('meta').put(seq, 'seq');
      return { change: { kind: 'clear' }, commit: () => { for (const id of [...catalogue.infos.keys()]) catalogue.drop(id); } };
    });
  }

  async replace(segments: Segment[], embedderId?: string): Promise<number> {
    const { encodeSegment } = await segmentWriter();
    const encoded = segments.map((s) => encodeSegment(s));
    return this.write('replacing the corpus', undefined, async (tx, seq, catalogue) => {
      await Promise.all(ALL.map((s) => tx.objectStore(s).clear()));
      const infos: SegmentInfo[] = segments.map((s, i) => {
        const docIds = s.records.map((r) => r.document.id);
        return { id: catalogue.nextId + i, docIds, revs: docIds.map(() => seq), deleted: [], passages: readSegmentHeader(encoded[i]!).passages, bytes: encoded[i]!.length, terms: s.terms };
      });
      await Promise.all([
        tx.objectStore('meta').put(seq, 'seq'),
        ...(embedderId ? [tx.objectStore('meta').put(embedderId, 'embedderId')] : []),
        ...infos.map((info, i) => tx.objectStore('segments').put({ id: info.id, bytes: encoded[i]! })),
        ...infos.map((info) => tx.objectStore('segmentInfo').put(info)),
      ]);
      return {
        change: { kind: 'clear' },
        commit: () => {
          for (const id of [...catalogue.infos.keys()]) catalogue.drop(id);
          for (const info of infos) catalogue.apply(info);
        },
      };
    });
  }

  async compact(): Promise<void> {
    // Compaction follows a write (an ingest, a removal, an import), never an open.
    const { encodeSegment } = await segmentWriter();
    for (let merged = true; merged;) {
      merged = false;
      await this.write('compacting the corpus', undefined, async (tx, _seq, catalogue) => {
        const run = catalogue.nextRun();
        if (!run) return {};
        merged = true;
        const stored = await Promise.all(run.map((info) => tx.objectStore('segments').get(info.id)));
        const parts = run.map((info, i) => this.decode(info, stored[i]?.bytes, catalogue.excluded(info))).filter((p) => p.records.length);
        const id = run[0]!.id;
        let info: SegmentInfo | undefined;
        const writes: Array<Promise<unknown>> = run.flatMap((s) => [tx.objectStore('segments').delete(s.id), tx.objectStore('segmentInfo').delete(s.id)]);
        if (parts.length) {
          const segment = mergeSegments(parts);
          const bytes = encodeSegment(segment);
          info = {
            id, docIds: segment.records.map((r) => r.document.id), revs: segment.records.map((r) => r.rev ?? 0), deleted: [],
            passages: readSegmentHeader(bytes).passages, bytes: bytes.length, terms: segment.terms,
          };
          writes.push(tx.objectStore('segments').put({ id, bytes }), tx.objectStore('segmentInfo').put(info));
        }
        await Promise.all(writes);
        // Nothing a reader sees changed: no announcement.
        return {
          commit: () => {
            for (const s of run) catalogue.drop(s.id);
            if (info) catalogue.apply(info);
          },
        };
      });
    }
  }

  watch(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async estimateBytes(): Promise<number> {
    const catalogue = this.catalogue ?? (await this.readCatalogue());
    let n = 0;
    for (const info of catalogue.infos.values()) n += info.bytes;
    return n;
  }

  async close(): Promise<void> {
    this.channel?.close();
    this.listeners.clear();
    if (!this.closedBecause) this.db.close();
    this.closedBecause ??= 'it was closed';
  }

  // -------------------------------------------------------------------------

  /** A stored segment, decoded, its records carrying their revisions. */
  private decode(info: SegmentInfo, bytes: Uint8Array | undefined, exclude: Set<string>): Segment {
    if (!bytes) throw createError('INDEX_CORRUPT', `stored segment ${info.id} is missing`);
    const segment = decodeSegment(bytes, { exclude });
    const revs = new Map(info.docIds.map((d, i) => [d, info.revs?.[i] ?? 0]));
    for (const r of segment.records) r.rev = revs.get(r.document.id) ?? 0;
    return segment;
  }

  private writeInfos(tx: WriteTx, touched: SegmentInfo[]): Array<Promise<unknown>> {
    return touched.flatMap((t): Array<Promise<unknown>> => (t.deleted.length >= t.docIds.length
      ? [tx.objectStore('segmentInfo').delete(t.id), tx.objectStore('segments').delete(t.id)]
      : [tx.objectStore('segmentInfo').put(t)]));
  }

  private async readCatalogue(): Promise<Catalogue> {
    try {
      const tx = this.db.transaction(['segmentInfo', 'meta'], 'readonly');
      const [infos, seq] = await Promise.all([tx.objectStore('segmentInfo').getAll(), tx.objectStore('meta').get('seq'), tx.done]);
      return (this.catalogue = new Catalogue(infos, Number(seq ?? 0)));
    } catch (err) {
      throw storageError(err, 'reading the catalogue');
    }
  }

  /**
   * One write transaction: takes the next sequence number, brings the catalogue up to date
   * when another instance wrote since (the stored `seq` moved), runs `work`, commits, then
   * applies the work to the catalogue and tells the other instances what changed. A failure
   * aborts the whole transaction (a segment that cannot be stored never leaves half of
   * itself behind) and rejects with the catalogue's error; an abort of `signal` before the
   * commit aborts it too, and rejects with `ABORTED`. `work` must not wait on anything but
   * the transaction's own requests.
   */
  private async write(
    doing: string,
    signal: AbortSignal | undefined,
    work: (tx: WriteTx, seq: number, catalogue: Catalogue) => Promise<{
      change?: { kind: 'put' | 'delete'; ids: string[] } | { kind: 'clear' };
      commit?: () => void;
    }>,
  ): Promise<number> {
    this.assertOpen();
    if (signal?.aborted) throw createError('ABORTED', 'Storing documents', { cause: signal.reason });
    let tx: WriteTx;
    try {
      tx = this.db.transaction(ALL, 'readwrite') as WriteTx;
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
      const before = Number((await meta.get('seq')) ?? 0);
      let catalogue = this.catalogue;
      if (!catalogue || catalogue.seq !== before) catalogue = new Catalogue(await tx.objectStore('segmentInfo').getAll(), before);
      const seq = before + 1;
      const [result] = await Promise.all([work(tx, seq, catalogue), meta.put(seq, 'seq')]);
      await tx.done;
      result.commit?.();
      catalogue.seq = seq;
      this.catalogue = catalogue;
      if (result.change) this.announce({ ...result.change, seq } as StoreChange);
      return seq;
    } catch (err) {
      try { tx.abort(); } catch { /* already finished */ }
      await tx.done.catch(() => undefined);
      // Whatever the catalogue was told, storage is the truth: read it again next time.
      this.catalogue = undefined;
      if (aborted) throw createError('ABORTED', 'Storing documents', { cause: signal?.reason });
      if (err instanceof AlmanacError && err.code === 'INDEX_CORRUPT') throw err;
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

/**
 * Documents of a v1 database, rebuilt as records (their postings are not stored: the engine
 * indexes them and writes them as segments with `replace`, which also clears the v1 stores).
 */
async function readLegacy(tx: ReadTx): Promise<DocumentRecord[]> {
  const [docs, passages, vectors] = await Promise.all([tx.objectStore('documents').getAll(), tx.objectStore('passages').getAll(), tx.objectStore('vectors').getAll()]);
  const records = new Map<string, DocumentRecord>();
  for (const d of docs) records.set(d.id, { document: fromStoredDocument(d), passages: [], rev: d.rev ?? 0 });
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

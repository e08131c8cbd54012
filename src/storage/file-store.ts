import fs from 'node:fs/promises';
import path from 'node:path';
import { createError, throwIfAborted } from '../errors.ts';
import { checkManifest, CORPUS_FILE_VERSION, type CorpusManifest } from '../index-format/corpus-file.ts';
import { contentHash } from '../index-format/hash.ts';
import { mergeSegments } from '../index-format/merge.ts';
import { decodeSegment, readSegmentHeader, SEGMENT_VERSION, type Segment } from '../index-format/segment.ts';
import { encodeSegment } from '../index-format/segment-writer.ts';
import type { CorpusStore, DocumentRecord, LoadedCorpus, StoreSnapshot } from './store.ts';

/**
 * A corpus kept in a folder, for Node (`almanac build`, `almanac ask`, or any Node program:
 * `createAlmanac({ storage: { store: await openFileStore(dir) } })`).
 *
 * The folder *is* a prebuilt index: `index.json` (the manifest of `src/index-format/`) and one
 * file per segment, `segment-N.bin`, exactly what the element fetches over HTTP. So a build is
 * an ingest into this store, and nothing is converted afterwards.
 *
 * Every write writes new segment files first and the manifest last, to a temporary name renamed
 * over the old one: the rename is the commit, so a crash leaves the previous manifest and its
 * files (stray new files are removed on the next write). Segments that lose documents (replaced or
 * deleted) are rewritten without them, so every file the manifest names holds only live documents
 * and any reader (a browser, `readShards`) can read the folder as it is. One process writes a folder
 * at a time: there is no lock and no change feed.
 */
export async function openFileStore(dir: string): Promise<FileStore> {
  const store = new FileStore(dir);
  await store.open();
  return store;
}

/** A segment below this many bytes is merged with its neighbours of the same size class. */
const TIER_BASE = 64 * 1024;
const MERGE_FACTOR = 4;
/** No merge writes a segment larger than this: a reader fetches and decodes one segment at a time. */
const MAX_SEGMENT_BYTES = 16 * 1024 * 1024;

/** The file name of the manifest in a store's folder (and of a prebuilt index). */
export const MANIFEST_FILE = 'index.json';

/** What the store adds to the manifest for itself (ignored by other readers). */
interface StoreExtras {
  /** The store's write sequence, and each segment's records' revisions in order. */
  store?: { seq: number; revs: number[][]; next: number };
}

interface Entry {
  file: string;
  length: number;
  hash: string;
  docIds: string[];
  revs: number[];
  passages: number;
  vectors: number;
  dimensions: number;
  terms: string;
  embedderId?: string;
}

export class FileStore implements CorpusStore {
  private entries: Entry[] = [];
  private seq = 0;
  private next = 0;
  private embedderId: string | undefined;
  /** Documents the manifest counts, checked against the segments at load. */
  private documents = 0;

  constructor(readonly dir: string) {}

  /** Reads the manifest if there is one (an empty or absent folder is an empty corpus). */
  async open(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true }).catch((err: unknown) => {
      throw createError('STORAGE_FAILED', `cannot create ${this.dir} (${(err as Error).message})`);
    });
    const manifest = await readManifest(this.dir, true);
    if (!manifest) return;
    const extras = (manifest as CorpusManifest & StoreExtras).store;
    this.seq = extras?.seq ?? 1;
    this.next = extras?.next ?? manifest.segments.length;
    this.embedderId = manifest.embedder?.id;
    // The documents of each segment are read from its file at load; until then only what the manifest says.
    this.entries = manifest.segments.map((s, i) => ({
      file: s.file ?? '', length: s.length, hash: s.hash, docIds: [], revs: extras?.revs[i] ?? [], passages: s.passages,
      vectors: 0, dimensions: manifest.embedder?.dimensions ?? 0, terms: manifest.terms,
    }));
    this.documents = manifest.counts.documents;
  }

  async load(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus> {
    const segments: Segment[] = [];
    for (const [i, entry] of this.entries.entries()) {
      const bytes = await this.readBytes(entry);
      if (bytes.length !== entry.length || contentHash(bytes) !== entry.hash) throw createError('INDEX_CORRUPT', `${entry.file} differs from its manifest entry (truncated or replaced?)`);
      const segment = decodeSegment(bytes);
      const header = readSegmentHeader(bytes);
      Object.assign(entry, { vectors: header.vectors, dimensions: header.dimensions ?? 0, terms: header.terms });
      entry.docIds = segment.records.map((r) => r.document.id);
      if (entry.revs.length !== entry.docIds.length) entry.revs = entry.docIds.map(() => this.seq);
      segment.records.forEach((r, k) => { r.rev = entry.revs[k]!; });
      if (segment.embedderId !== undefined) entry.embedderId = segment.embedderId;
      segments.push(segment);
      onProgress?.(i + 1, this.entries.length);
    }
    const documents = segments.reduce((n, s) => n + s.records.length, 0);
    if (documents !== this.documents) throw createError('INDEX_CORRUPT', `the segments hold ${documents} documents, the manifest says ${this.documents}`);
    return { segments, seq: this.seq, ...(this.embedderId ? { embedderId: this.embedderId } : {}) };
  }

  async put(segment: Segment, embedderId?: string, signal?: AbortSignal): Promise<number> {
    throwIfAborted(signal, 'Storing documents');
    const seq = this.seq + 1;
    const ids = new Set(segment.records.map((r) => r.document.id));
    const kept = await this.without(ids);
    const added = await this.writeSegment(segment, segment.records.map(() => seq));
    throwIfAborted(signal, 'Storing documents');
    await this.commit([...kept, added], seq, embedderId ?? this.embedderId);
    return seq;
  }

  async putVectors(records: DocumentRecord[], embedderId: string): Promise<string[]> {
    const wanted = new Map(records.map((r) => [r.document.id, r]));
    const written: string[] = [];
    const entries: Entry[] = [];
    for (const entry of this.entries) {
      if (!entry.docIds.some((id) => wanted.has(id))) {
        entries.push(entry);
        continue;
      }
      const segment = decodeSegment(await this.readBytes(entry));
      segment.records.forEach((r, k) => {
        const given = wanted.get(r.document.id);
        if (given && (given.rev ?? 0) === entry.revs[k] && given.vectors) {
          r.vectors = given.vectors;
          written.push(r.document.id);
        }
      });
      entries.push(await this.writeSegment({ ...segment, embedderId }, entry.revs));
    }
    await this.commit(entries, this.seq + 1, embedderId);
    return written;
  }

  async read(ids: string[]): Promise<StoreSnapshot> {
    const asked = new Set(ids);
    const records = new Map<string, DocumentRecord>();
    for (const entry of this.entries) {
      if (!entry.docIds.some((id) => asked.has(id))) continue;
      const segment = decodeSegment(await this.readBytes(entry), { exclude: new Set(entry.docIds.filter((id) => !asked.has(id))) });
      for (const r of segment.records) {
        r.rev = entry.revs[entry.docIds.indexOf(r.document.id)] ?? 0;
        records.set(r.document.id, r);
      }
    }
    return { records, seq: this.seq };
  }

  async ids(): Promise<{ ids: string[]; seq: number }> {
    return { ids: this.entries.flatMap((e) => e.docIds), seq: this.seq };
  }

  async delete(ids: string[]): Promise<number> {
    const seq = this.seq + 1;
    await this.commit(await this.without(new Set(ids)), seq, this.embedderId);
    return seq;
  }

  async clear(): Promise<number> {
    const seq = this.seq + 1;
    await this.commit([], seq, undefined);
    return seq;
  }

  async replace(segments: Segment[], embedderId?: string): Promise<number> {
    const seq = this.seq + 1;
    const entries: Entry[] = [];
    for (const s of segments) entries.push(await this.writeSegment(s, s.records.map(() => seq)));
    await this.commit(entries, seq, embedderId);
    return seq;
  }

  /**
   * Merges runs of {@link MERGE_FACTOR} neighbouring segments of one size class (as the IndexedDB
   * store does), so a build of many small batches ends as a few large files and each byte is
   * rewritten about log(n) times, not n.
   */
  async compact(): Promise<void> {
    for (;;) {
      const run = this.nextRun();
      if (!run) return;
      const parts: Segment[] = [];
      const revs: number[] = [];
      for (const entry of this.entries.slice(run.start, run.end)) {
        parts.push(decodeSegment(await this.readBytes(entry)));
        revs.push(...entry.revs);
      }
      const merged = await this.writeSegment(mergeSegments(parts), revs);
      // Nothing a reader sees changes: the same sequence number.
      await this.commit([...this.entries.slice(0, run.start), merged, ...this.entries.slice(run.end)], this.seq, this.embedderId);
    }
  }

  /**
   * Merges every segment into as few as {@link MAX_SEGMENT_BYTES} allows (the end of a build:
   * fewer files to fetch and to open).
   */
  async optimize(): Promise<void> {
    if (this.entries.length < 2) return;
    const out: Entry[] = [];
    let parts: Segment[] = [];
    let revs: number[] = [];
    let bytes = 0;
    const flush = async () => {
      if (parts.length) out.push(await this.writeSegment(mergeSegments(parts), revs));
      parts = [];
      revs = [];
      bytes = 0;
    };
    for (const entry of this.entries) {
      if (bytes && bytes + entry.length > MAX_SEGMENT_BYTES) await flush();
      parts.push(decodeSegment(await this.readBytes(entry)));
      revs.push(...entry.revs);
      bytes += entry.length;
    }
    await flush();
    await this.commit(out, this.seq, this.embedderId);
  }

  watch(): () => void {
    return () => undefined;
  }

  async estimateBytes(): Promise<number> {
    return this.entries.reduce((n, e) => n + e.length, 0);
  }

  async close(): Promise<void> {}

  // -------------------------------------------------------------------------

  private nextRun(): { start: number; end: number } | undefined {
    const tier = (n: number) => (n < TIER_BASE ? 0 : 1 + Math.floor(Math.log(n / TIER_BASE) / Math.log(MERGE_FACTOR)));
    for (let start = 0; start + MERGE_FACTOR <= this.entries.length; start++) {
      const run = this.entries.slice(start, start + MERGE_FACTOR);
      const t = tier(run[0]!.length);
      if (run.every((e) => tier(e.length) === t) && run.reduce((n, e) => n + e.length, 0) <= MAX_SEGMENT_BYTES) return { start, end: start + MERGE_FACTOR };
    }
    return undefined;
  }

  /** The entries with documents `ids` taken out (segments holding any of them rewritten without). */
  private async without(ids: ReadonlySet<string>): Promise<Entry[]> {
    const out: Entry[] = [];
    for (const entry of this.entries) {
      if (!entry.docIds.some((id) => ids.has(id))) {
        out.push(entry);
        continue;
      }
      const segment = decodeSegment(await this.readBytes(entry), { exclude: ids });
      if (segment.records.length) out.push(await this.writeSegment(segment, entry.revs.filter((_, k) => !ids.has(entry.docIds[k]!))));
    }
    return out;
  }

  private async readBytes(entry: Entry): Promise<Uint8Array> {
    return readSegmentFile(this.dir, entry.file);
  }

  /** Writes a segment to a new file (not yet named by the manifest). */
  private async writeSegment(segment: Segment, revs: number[]): Promise<Entry> {
    const bytes = encodeSegment(segment);
    const file = `segment-${this.next++}.bin`;
    await writeFile(path.join(this.dir, file), bytes);
    const h = readSegmentHeader(bytes);
    return {
      file, length: bytes.length, hash: contentHash(bytes), docIds: segment.records.map((r) => r.document.id), revs,
      passages: h.passages, vectors: h.vectors, dimensions: h.dimensions ?? 0, terms: h.terms, ...(segment.embedderId !== undefined ? { embedderId: segment.embedderId } : {}),
    };
  }

  /** Writes the manifest of `entries` (the commit), then removes the files it no longer names. */
  private async commit(entries: Entry[], seq: number, embedderId: string | undefined): Promise<void> {
    const manifest = manifestOf(entries, embedderId, { seq, revs: entries.map((e) => e.revs), next: this.next });
    const tmp = path.join(this.dir, `${MANIFEST_FILE}.tmp`);
    await writeFile(tmp, new TextEncoder().encode(JSON.stringify(manifest)));
    await fs.rename(tmp, path.join(this.dir, MANIFEST_FILE)).catch((err: unknown) => {
      throw createError('STORAGE_FAILED', `cannot write ${MANIFEST_FILE} in ${this.dir} (${(err as Error).message})`);
    });
    this.entries = entries;
    this.documents = manifest.counts.documents;
    this.seq = seq;
    this.embedderId = embedderId;
    const live = new Set(entries.map((e) => e.file));
    for (const name of await fs.readdir(this.dir)) {
      if (/^segment-\d+\.bin$/.test(name) && !live.has(name)) await fs.rm(path.join(this.dir, name), { force: true });
    }
  }
}

/**
 * The manifest of `src/index-format/corpus-file.ts` (`corpusManifest` builds the same from
 * segment bytes; here the entries' hashes are known, so no segment is read again to write it).
 */
function manifestOf(entries: Entry[], embedderId: string | undefined, extras: NonNullable<StoreExtras['store']>): CorpusManifest & StoreExtras {
  const documents = entries.reduce((n, e) => n + e.docIds.length, 0);
  const passages = entries.reduce((n, e) => n + e.passages, 0);
  const vectors = entries.reduce((n, e) => n + e.vectors, 0);
  const dimensions = entries.find((e) => e.vectors)?.dimensions ?? 0;
  return {
    format: 'almanac-corpus', version: CORPUS_FILE_VERSION, segmentVersion: SEGMENT_VERSION, createdAt: new Date().toISOString(),
    contentHash: contentHash(new TextEncoder().encode(entries.map((e) => e.hash).join(','))),
    terms: entries[0]?.terms ?? '', counts: { documents, passages, vectors },
    ...(vectors ? { embedder: { id: embedderId ?? '', dimensions } } : {}),
    segments: entries.map((e) => ({ file: e.file, length: e.length, hash: e.hash, documents: e.docIds.length, passages: e.passages })),
    store: extras,
  };
}

/**
 * Reads and checks the manifest of a prebuilt index folder. Absent: `undefined` when
 * `optional`, otherwise `INDEX_NOT_FOUND`; damaged `INDEX_CORRUPT`; newer `INDEX_TOO_NEW`.
 */
export async function readManifest(dir: string, optional = false): Promise<CorpusManifest | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      if (optional) return undefined;
      throw createError('INDEX_NOT_FOUND', path.join(dir, MANIFEST_FILE));
    }
    throw createError('STORAGE_FAILED', `cannot read ${path.join(dir, MANIFEST_FILE)} (${(err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw createError('INDEX_CORRUPT', `${MANIFEST_FILE} is not JSON`);
  }
  const manifest = checkManifest(json);
  if (manifest.segments.some((s) => typeof s.file !== 'string' || !/^[\w.-]+$/.test(s.file))) throw createError('INDEX_CORRUPT', `${MANIFEST_FILE} names a segment without a plain file name`);
  return manifest;
}

async function readSegmentFile(dir: string, file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await fs.readFile(path.join(dir, file)));
  } catch (err) {
    throw createError('INDEX_CORRUPT', `segment file ${file} is missing or unreadable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

async function writeFile(file: string, bytes: Uint8Array): Promise<void> {
  try {
    await fs.writeFile(file, bytes);
  } catch (err) {
    throw createError('STORAGE_FAILED', `cannot write ${file} (${(err as Error).message})`);
  }
}

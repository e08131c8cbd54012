import type { DBSchema } from 'idb';
import type { EventInterval, Passage, StoredDocument, TimeSpan } from '../types.ts';

/**
 * The IndexedDB schema. Bump {@link SCHEMA_VERSION} when stores or record shapes change,
 * and add a step to `MIGRATIONS` that brings the previous version forward.
 *
 * v2: `segments` (key `id`: one segment of Almanac's index format, `src/index-format/`, as
 * bytes); `segmentInfo` (key `id`: which documents a segment holds, the revision each was
 * written at, and which were removed or replaced since, so a removal rewrites a small record,
 * not the segment); `meta` (key-value: the embedder whose vectors are stored, and `seq`, the
 * last write's sequence number). Opening reads a few large records of bytes: through
 * fake-indexeddb, 15,655 per-document records took ~0.45 s to read alone.
 *
 * v1 (read for migration only): `documents` (key `id`); `passages` (key `docId`: all passages
 * of a document in one record); `vectors` (key `docId`: one `Float32Array` block per
 * document). A v1 corpus is indexed and written as segments on its first open.
 */
export const SCHEMA_VERSION = 2;

/** A segment's bookkeeping, beside its bytes. */
export interface SegmentInfo {
  id: number;
  /** Documents written in the segment, in order. */
  docIds: string[];
  /** The sequence number each of them was stored at (its `rev`), in the same order. */
  revs: number[];
  /** Those removed or replaced since (left out when the segment is read). */
  deleted: string[];
  passages: number;
  bytes: number;
  /** The segment's terms fingerprint (`termsFingerprint()`): segments of different tokenizers never merge. */
  terms: string;
}

/** A segment's bytes. */
export interface SegmentRecord {
  id: number;
  bytes: Uint8Array;
}

/**
 * A passage as stored, compacted because a corpus holds tens of thousands: its id,
 * document id and ordinal are implied by the record and its place in it, `kind` is
 * omitted for text, text passages drop their text (a slice of the document's), a heading
 * equal to the document title is dropped, and sentences become flat offset pairs plus
 * packed timestamps of the dated sentences. (TimeQA: 2.4x -> 1.9x the raw text.)
 */
export type StoredPassage = Omit<Passage, 'id' | 'docId' | 'ordinal' | 'kind' | 'text' | 'sentences' | 'heading'> & {
  kind?: Passage['kind'];
  text?: string;
  heading?: string;
  /** `[start0, end0, start1, end1, ...]` */
  s: number[];
  /** `[sentenceIndex, packed times]` for sentences that have timestamps. */
  t?: Array<[number, PackedTime[]]>;
  /** `[sentenceIndex, intervals]` for sentences that hold event intervals (absent in corpora stored before them). */
  iv?: Array<[number, EventInterval[]]>;
};

/** A {@link TimeSpan} as a tuple: `[start, end, granularity, from, to, open?]`. */
export type PackedTime = [number, number, TimeSpan['granularity'], number, number, TimeSpan['open']?];

/**
 * A document as stored: `title` and `tables` are omitted when they add nothing. `rev` is the
 * sequence number of the write that stored it (meta `seq`; absent before revisions existed,
 * read as 0), so that another tab can tell a changed document from one it already holds.
 */
export type StoredDocumentRecord = Omit<StoredDocument, 'title' | 'tables'> & { title?: string; tables?: StoredDocument['tables']; rev?: number };

/** All passages of one document. */
export interface StoredPassages {
  docId: string;
  passages: StoredPassage[];
}

/** All vectors of one document, binary (never JSON numbers): passage `i` is `data[i*dims, (i+1)*dims)`. */
export interface StoredVectors {
  docId: string;
  dims: number;
  /** Ordinals of the passages that have a vector, in block order. */
  ordinals: number[];
  data: Float32Array;
}

/** Drops what a document record can do without. */
export function toStoredDocument(d: StoredDocument): StoredDocumentRecord {
  const { title, tables, ...rest } = d;
  return { ...rest, ...(title !== d.name ? { title } : {}), ...(tables.length ? { tables } : {}) };
}

/** Restores a document record. */
export function fromStoredDocument(d: StoredDocumentRecord): StoredDocument {
  const { rev: _rev, ...rest } = d;
  return { ...rest, title: d.title ?? d.name, tables: d.tables ?? [] };
}

/** Drops what can be rebuilt from the document. */
export function toStoredPassage(p: Passage, doc: { title: string }): StoredPassage {
  const { id: _id, docId: _docId, ordinal: _ordinal, kind, text, sentences, heading, ...rest } = p;
  const stored: StoredPassage = { ...rest, s: sentences.flatMap((x) => [x.start, x.end]) };
  if (kind !== 'text') stored.kind = kind;
  // Text chunks and sentences are slices of the document text; only summaries are written text.
  if (kind !== 'text' && kind !== 'sentence') stored.text = text;
  if (heading !== undefined && heading !== doc.title) stored.heading = heading;
  const dated: Array<[number, PackedTime[]]> = [];
  sentences.forEach((x, i) => {
    if (x.times.length) dated.push([i, x.times.map((t) => (t.open ? [t.start, t.end, t.granularity, t.from, t.to, t.open] : [t.start, t.end, t.granularity, t.from, t.to]))]);
  });
  if (dated.length) stored.t = dated;
  const intervals: Array<[number, EventInterval[]]> = [];
  sentences.forEach((x, i) => { if (x.intervals?.length) intervals.push([i, x.intervals]); });
  if (intervals.length) stored.iv = intervals;
  return stored;
}

/** Rebuilds passage number `ordinal` of a document from its stored form. */
export function fromStoredPassage(p: StoredPassage, ordinal: number, doc: StoredDocument): Passage {
  const { s, t, iv, text, heading, kind, ...rest } = p;
  const sentences: Passage['sentences'] = [];
  for (let i = 0; i < s.length; i += 2) sentences.push({ start: s[i]!, end: s[i + 1]!, times: [] });
  for (const [i, packed] of t ?? []) {
    const sentence = sentences[i];
    if (sentence) sentence.times = packed.map(([start, end, granularity, from, to, open]) => (open ? { start, end, granularity, from, to, open } : { start, end, granularity, from, to }));
  }
  for (const [i, intervals] of iv ?? []) {
    const sentence = sentences[i];
    if (sentence) sentence.intervals = intervals;
  }
  return {
    id: `${doc.id}#${ordinal}`, docId: doc.id, ordinal, kind: kind ?? 'text', ...rest,
    text: text ?? doc.text.slice(p.start, p.end), heading: heading ?? doc.title, sentences,
  };
}

/** Packs a document's vectors into one block. */
export function toStoredVectors(docId: string, passages: Passage[], vectors: Map<string, Float32Array>): StoredVectors | undefined {
  const withVector = passages.filter((p) => vectors.has(p.id));
  if (!withVector.length) return undefined;
  const dims = vectors.get(withVector[0]!.id)!.length;
  const data = new Float32Array(dims * withVector.length);
  withVector.forEach((p, i) => data.set(vectors.get(p.id)!, i * dims));
  return { docId, dims, ordinals: withVector.map((p) => p.ordinal), data };
}

/** Unpacks a document's vector block, keyed by passage id. */
export function fromStoredVectors(v: StoredVectors): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  v.ordinals.forEach((ordinal, i) => out.set(`${v.docId}#${ordinal}`, v.data.slice(i * v.dims, (i + 1) * v.dims)));
  return out;
}

/** The stores and their records, for `idb`'s typed API. */
export interface AlmanacDB extends DBSchema {
  segments: { key: number; value: SegmentRecord };
  segmentInfo: { key: number; value: SegmentInfo };
  documents: { key: string; value: StoredDocumentRecord };
  passages: { key: string; value: StoredPassages };
  vectors: { key: string; value: StoredVectors };
  /** `embedderId` (string) and `seq` (number: the last write's sequence number). */
  meta: { key: string; value: string | number };
}

/** Minimal view of the upgrade transaction that migrations need. */
export interface UpgradeDb {
  objectStoreNames: DOMStringList;
  createObjectStore(name: string, options?: IDBObjectStoreParameters): unknown;
}

/** Step `i` upgrades a database from version `i` to `i + 1`. */
export const MIGRATIONS: Array<(db: UpgradeDb) => void> = [
  (db) => {
    db.createObjectStore('documents', { keyPath: 'id' });
    db.createObjectStore('passages', { keyPath: 'docId' });
    db.createObjectStore('vectors', { keyPath: 'docId' });
    db.createObjectStore('meta');
  },
  (db) => {
    db.createObjectStore('segments', { keyPath: 'id' });
    db.createObjectStore('segmentInfo', { keyPath: 'id' });
  },
];

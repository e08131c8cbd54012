import type { DBSchema } from 'idb';
import type { Passage, StoredDocument } from '../types.ts';

/**
 * The IndexedDB schema. Bump {@link SCHEMA_VERSION} when stores or record shapes change,
 * and add a step to `MIGRATIONS` that brings the previous version forward.
 *
 * v1: `documents` (key `id`), `passages` (key `id`, index `docId`), `vectors`
 * (key `id`, index `docId`, `Float32Array` values), `meta` (key-value).
 */
export const SCHEMA_VERSION = 1;

/**
 * A passage as stored, compacted because a corpus holds tens of thousands: text passages
 * drop their text (a slice of the document's), a heading equal to the document title is
 * dropped, and sentences become flat offset pairs plus the timestamps of dated sentences.
 */
export type StoredPassage = Omit<Passage, 'text' | 'sentences' | 'heading'> & {
  text?: string;
  heading?: string;
  /** `[start0, end0, start1, end1, ...]` */
  s: number[];
  /** `[sentenceIndex, times]` for sentences that have timestamps. */
  t?: Array<[number, Passage['sentences'][number]['times']]>;
};

/** A vector as stored: binary, never JSON numbers. */
export interface StoredVector {
  id: string;
  docId: string;
  vector: Float32Array;
}

/** Drops what can be rebuilt from the document. */
export function toStoredPassage(p: Passage, doc: { title: string }): StoredPassage {
  const { text, sentences, heading, ...rest } = p;
  const stored: StoredPassage = { ...rest, s: sentences.flatMap((x) => [x.start, x.end]) };
  if (p.kind !== 'text') stored.text = text;
  if (heading !== undefined && heading !== doc.title) stored.heading = heading;
  const dated = sentences.flatMap((x, i) => (x.times.length ? [[i, x.times] as [number, typeof x.times]] : []));
  if (dated.length) stored.t = dated;
  return stored;
}

/** Rebuilds a passage from its stored form and its document. */
export function fromStoredPassage(p: StoredPassage, doc: StoredDocument): Passage {
  const { s, t, text, heading, ...rest } = p;
  const sentences: Passage['sentences'] = [];
  for (let i = 0; i < s.length; i += 2) sentences.push({ start: s[i]!, end: s[i + 1]!, times: [] });
  for (const [i, times] of t ?? []) if (sentences[i]) sentences[i]!.times = times;
  return { ...rest, text: text ?? doc.text.slice(p.start, p.end), heading: heading ?? doc.title, sentences };
}

/** The stores and their records, for `idb`'s typed API. */
export interface AlmanacDB extends DBSchema {
  documents: { key: string; value: StoredDocument };
  passages: { key: string; value: StoredPassage; indexes: { docId: string } };
  vectors: { key: string; value: StoredVector; indexes: { docId: string } };
  meta: { key: string; value: string };
}

/** Minimal view of the upgrade transaction that migrations need. */
export interface UpgradeDb {
  objectStoreNames: DOMStringList;
  createObjectStore(name: string, options?: IDBObjectStoreParameters): { createIndex(name: string, keyPath: string): unknown };
}

/** Step `i` upgrades a database from version `i` to `i + 1`. */
export const MIGRATIONS: Array<(db: UpgradeDb) => void> = [
  (db) => {
    db.createObjectStore('documents', { keyPath: 'id' });
    db.createObjectStore('passages', { keyPath: 'id' }).createIndex('docId', 'docId');
    db.createObjectStore('vectors', { keyPath: 'id' }).createIndex('docId', 'docId');
    db.createObjectStore('meta');
  },
];

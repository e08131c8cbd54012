import type { Passage, StoredDocument } from '../types.ts';

/**
 * The IndexedDB schema. Bump {@link SCHEMA_VERSION} when stores or record shapes change,
 * and add a step to `MIGRATIONS` that brings the previous version forward.
 *
 * v1: `documents` (key `id`), `passages` (key `id`, index `docId`), `vectors`
 * (key `id`, index `docId`, `Float32Array` values), `meta` (key-value).
 */
export const SCHEMA_VERSION = 1;

/** A passage as stored: text passages drop their text, which is a slice of the document's. */
export type StoredPassage = Omit<Passage, 'text'> & { text?: string };

/** A vector as stored: binary, never JSON numbers. */
export interface StoredVector {
  id: string;
  docId: string;
  vector: Float32Array;
}

/** Drops what can be rebuilt from the document so text is stored once. */
export function toStoredPassage(p: Passage): StoredPassage {
  if (p.kind !== 'text') return p;
  const { text: _text, ...rest } = p;
  return rest;
}

/** Rebuilds a passage from its stored form and its document. */
export function fromStoredPassage(p: StoredPassage, doc: StoredDocument): Passage {
  return p.text !== undefined ? (p as Passage) : { ...p, text: doc.text.slice(p.start, p.end) };
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

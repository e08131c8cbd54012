import type { DocumentRecord } from './store.ts';
import { toStoredDocument, toStoredPassage } from './schema.ts';

/**
 * Bytes a record takes once stored: strings as UTF-16 would overstate, so text is
 * counted as UTF-8-ish characters, structure as its JSON length, vectors as their buffers.
 */
export function recordBytes(r: DocumentRecord): number {
  let n = JSON.stringify(toStoredDocument(r.document)).length;
  n += JSON.stringify(r.passages.map((p) => toStoredPassage(p, r.document))).length;
  if (r.vectors) for (const v of r.vectors.values()) n += v.byteLength;
  return n;
}

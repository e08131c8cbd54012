import { extractTimestamps } from '../../src/temporal/index.ts';
import type { Passage } from '../../src/types.ts';

/** Reference date of the temporal tests. */
export const REFERENCE = new Date(Date.UTC(2026, 0, 1));

/** A passage the way ingest builds one: sentences joined by spaces, with offsets and their timestamps. */
export function datedPassage(id: string, sentences: string[], heading?: string): Passage {
  let text = '';
  const spans = sentences.map((s) => {
    if (text) text += ' ';
    const start = text.length;
    text += s;
    return { start, end: text.length, times: extractTimestamps(s, { referenceDate: REFERENCE }) };
  });
  return { id, docId: id, ordinal: 0, kind: 'text', text, start: 0, end: text.length, ...(heading !== undefined ? { heading } : {}), sentences: spans };
}

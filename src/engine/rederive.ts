import { derivedMark } from '../index-format/derived.ts';
import { structureOf } from '../tables/structure-of.ts';
import type { DocumentRecord } from '../storage/store.ts';
import type { Passage } from '../types.ts';
import { attachEventIntervals } from './event-intervals.ts';
import { Dater, tablePassages, type TablePlace } from './prepare.ts';
import { sealPrepared } from './table-passages.ts';

/** What the engine calls once the records rewritten here are analysed and indexed. */
export { releasePrepared } from './table-passages.ts';
/** How the indexes read the summaries written here as pieces (as an ingest's). */
export { PieceTerms } from './prepare.ts';

/**
 * Writes anew the table passages of stored documents whose row and column summaries another
 * summary writer stored bare (index format 4 keeps which summary a passage is, not its text):
 * this writer's summaries of the same tables, under the headings and titles the stored passages
 * carry, dated again, in place of the stored ones; the document's other passages stay as
 * decoded, renumbered where they moved. Their postings and vectors no longer match: the caller
 * analyses the records again (their old vectors are dropped here) and stores them. Loaded only
 * by an engine that opens such a corpus (after an upgrade that changed the writer), with the
 * ingest's code it needs.
 */
export function rederive(records: Iterable<DocumentRecord>): void {
  for (const r of records) {
    const doc = r.document;
    const kept: Passage[] = [];
    // A table's passages share their heading, title, source and page: read off its first.
    const places = new Map<number, TablePlace>();
    for (const p of r.passages) {
      if (p.tableIndex === undefined || p.kind === 'text' || p.kind === 'sentence') {
        kept.push(p);
        continue;
      }
      if (places.has(p.tableIndex)) continue;
      const x = p as Passage & { source?: { start: number; end: number }; page?: number };
      const heading = p.heading ?? doc.title;
      places.set(p.tableIndex, { heading, title: derivedMark(p)?.title ?? heading, source: x.source, page: x.page });
    }
    const date = doc.date ? new Date(doc.date) : undefined;
    const dater = new Dater(date);
    const structures = doc.tables.map((t) => structureOf(t));
    const written: Passage[] = [];
    doc.tables.forEach((table, i) => {
      const place = places.get(i);
      if (place) for (const p of tablePassages(doc.id, table, i, place, structures[i]!, kept.length + written.length, dater)) written.push(p);
    });
    // Only the tables' passages: the text's intervals were stored with it.
    attachEventIntervals(written, doc.tables, date ? { referenceDate: date } : undefined, structures);
    sealPrepared(written);
    const passages = [...kept, ...written];
    // A document's table passages come after its text (as `prepareDocument` orders them): a
    // passage that did not is numbered where it now stands.
    passages.forEach((p, i) => {
      if (p.ordinal === i) return;
      p.ordinal = i;
      p.id = `${doc.id}#${i}`;
    });
    r.passages = passages;
    delete r.vectors;
  }
}

import { storedTextLength, type Segment } from '../index-format/segment.ts';
import { analysePassages, fieldValues, type PieceReader, splitTermIndex, STRUCTURED_KINDS, termsFingerprint, type TermIndex } from '../retrieval/term-index.ts';
import type { DocumentRecord } from '../storage/store.ts';
import { loadStemmers } from '../text/tokenizer.ts';
import type { Passage } from '../types.ts';
import { isBare } from '../index-format/derived.ts';
import type { EngineState } from './state.ts';

/**
 * The engine's documents as segments of the index format (`src/index-format/`): the one
 * place where records become postings (ingest) and where the live indexes become a segment
 * again (export, a new embedder), so what is stored, exported and searched is one thing.
 */

/** The passages of records that each index holds, in record then passage order. */
export function splitPassages(records: readonly DocumentRecord[]): { lexical: Passage[]; structured: Passage[] } {
  const lexical: Passage[] = [];
  const structured: Passage[] = [];
  for (const r of records) for (const p of r.passages) (STRUCTURED_KINDS.has(p.kind) ? structured : lexical).push(p);
  return { lexical, structured };
}

/**
 * Every text of records that indexing or search tokenises (each passage's fields): what the
 * stemmers of other scripts are loaded for before it happens (`loadStemmers`). A row's or a
 * column's summary decoded bare (without its text: index format 4) is its table's heading and
 * cells written again with Almanac's own words (ASCII): its tables stand for it, read where its
 * document's text holds them (a table written a row a line), else cell by cell.
 */
export function* tokenisedTexts(records: Iterable<DocumentRecord>): Iterable<string> {
  for (const r of records) {
    let bare = false;
    for (const p of r.passages) {
      if (!isBare(p)) yield* fieldValues(p);
      else {
        bare = true;
        yield p.heading ?? '';
      }
    }
    if (!bare) continue;
    yield r.document.text;
    for (const t of r.document.tables) if (!(t.end > t.start && t.end <= r.document.text.length)) for (const c of t.cells) yield c.text;
  }
}

/**
 * The texts of records read for the language they are in (`loadStemmers`' `languages`): every
 * field but the text of row and column summaries, which are tokenised in English whatever words
 * they hold (`documentLanguages`).
 */
export function* languageTexts(records: Iterable<DocumentRecord>): Iterable<string> {
  for (const r of records) for (const p of r.passages) if (!STRUCTURED_KINDS.has(p.kind)) yield* fieldValues(p);
}

/**
 * A segment of records, their passages tokenised into postings; `pieces` keeps the terms of
 * table summaries' runs from one call to the next (the batches of one ingest).
 */
export function analyseSegment(records: DocumentRecord[], embedderId?: string, pieces?: PieceReader): Segment {
  const { lexical, structured } = splitPassages(records);
  return {
    terms: termsFingerprint(), records, lexical: analysePassages(lexical, pieces), structured: analysePassages(structured, pieces),
    ...(embedderId && records.some((r) => r.vectors?.size) ? { embedderId } : {}),
  };
}

/**
 * The whole corpus as one segment, its postings copied out of the live indexes (no
 * tokenising): records in the order they were indexed, which is the order of their postings.
 * Falls back to tokenising (with the stemmers it needs loaded) if the two ever disagree.
 */
export async function corpusSegment(state: EngineState): Promise<Segment> {
  const records = [...state.records.values()];
  const { lexical, structured } = splitPassages(records);
  const embedderId = state.embedder?.id;
  const fromIndex = (live: { index: TermIndex; ids: string[] }, passages: Passage[]) =>
    live.ids.length === passages.length && live.ids.every((id, i) => id === passages[i]!.id) ? live.index : undefined;
  const l = fromIndex(state.lexical.toTermIndex(), lexical);
  const s = fromIndex(state.structured.toTermIndex(), structured);
  if (!l || !s) {
    // Tokenised again: the languages of their texts first (an open loads only the scripts').
    await loadStemmers(tokenisedTexts(records));
    return analyseSegment(records, embedderId);
  }
  return { terms: termsFingerprint(), records, lexical: l, structured: s, ...(embedderId && records.some((r) => r.vectors?.size) ? { embedderId } : {}) };
}

/**
 * A segment cut into segments of whole documents of about `maxChars` characters of text each
 * (an export or a build: files a reader can fetch and decode one at a time).
 */
export function splitSegment(segment: Segment, maxChars: number): Segment[] {
  const groups: DocumentRecord[][] = [];
  let size = Infinity;
  for (const r of segment.records) {
    const chars = r.document.text.length + r.passages.reduce((n, p) => n + storedTextLength(p), 0);
    if (size + chars > maxChars && groups.at(-1)?.length !== 0) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(r);
    size += chars;
  }
  if (groups.length <= 1) return [segment];
  const starts = (pick: 'lexical' | 'structured') => {
    const out: number[] = [];
    let n = 0;
    for (const g of groups) {
      out.push(n);
      n += splitPassages(g)[pick].length;
    }
    return out;
  };
  const lexical = splitTermIndex(segment.lexical, starts('lexical'));
  const structured = splitTermIndex(segment.structured, starts('structured'));
  return groups.map((records, k) => ({
    terms: segment.terms, records, lexical: lexical[k]!, structured: structured[k]!,
    ...(segment.embedderId !== undefined && records.some((r) => r.vectors?.size) ? { embedderId: segment.embedderId } : {}),
  }));
}

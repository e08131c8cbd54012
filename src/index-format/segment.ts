import type { EventInterval, Passage, Sentence, StoredDocument, Table, TableCell, TimeSpan } from '../types.ts';
import type { DocumentRecord } from '../storage/store.ts';
import { FIELDS, selectPassages, STRUCTURED_KINDS as STRUCTURED, type FieldPostings, type TermIndex } from '../retrieval/term-index.ts';
import { ByteReader, FormatError } from './bytes.ts';
import { hash32 } from './hash.ts';
import { cellRef } from '../tables/cell-ref.ts';
import { createError } from '../errors.ts';
import { BARE, derivedMark, markDecoded, type DerivedMark } from './derived.ts';

/**
 * A segment: whole documents with everything search needs of them, in the form search uses —
 * the unit of Almanac's index format, for IndexedDB persistence, export / import and the
 * prebuilt index alike (spec: docs/ARCHITECTURE.md, "The index format").
 *
 * It holds documents (text, tables as grids), their passages (offsets, headings, cells,
 * sentences with packed timestamps; a text passage's text is a slice of its document's and is
 * not stored twice), vectors when an embedder made them, and the BM25 postings of the lexical
 * and the structured index over those passages. Opening a segment decodes arrays; it never
 * tokenises (unless the stored terms are stale, see `terms`). This module reads segments and
 * holds the layout's constants; `segment-writer.ts` writes them (only a write loads it: a page
 * that opens a stored corpus and searches it never does).
 */
export interface Segment {
  /** The tokenizer and field mapping the postings were written with (`termsFingerprint()`). */
  terms: string;
  records: DocumentRecord[];
  /** Postings of the records' lexical passages (every kind but row and column summaries), in record then passage order. */
  lexical: TermIndex;
  /** Postings of the records' row and column summaries, in the same order. */
  structured: TermIndex;
  /** The embedder whose vectors the records carry, when they carry any. */
  embedderId?: string;
}

/** What a segment's header says, readable without decoding the rest. */
export interface SegmentHeader {
  version: number;
  terms: string;
  documents: number;
  passages: number;
  vectors: number;
  embedderId?: string;
  dimensions?: number;
  /** The summary writer its derived table passages were written by (version 3; absent when none is marked derived). */
  summaries?: string;
}

/** Bytes 0-3 of every segment: "ALSG". */
export const MAGIC = [0x41, 0x4c, 0x53, 0x47] as const;
/**
 * The version this code writes; it reads this one and every older one it knows.
 * 1: the first layout. 2: sentences carry their event intervals (`Sentence.intervals`) in binary.
 * 3: a table passage may be marked derived (`derived.ts`): which summary of its table it is, so
 * that an engine opening it derives its text and cells again rather than holding them; they are
 * still stored whole, so any reader, and one whose summary writer differs, reads the same text.
 * 4: a row's or a column's summary marked derived is stored without its text and cells, in a
 * segment that holds `DERIVE_ON_OPEN` of them or more: its table writes them again (HiTab's
 * export: 59.6 -> 20.2 MB with the rest of version 4, most of it header paths written once per value). It decodes as a
 * passage that must be derived before it is read (`derived.ts`); an engine whose writer differs
 * writes the table's summaries anew (`engine/rederive.ts`).
 */
export const SEGMENT_VERSION = 4;
/** magic, version (u16), flags (u16), checksum (u32), header length (u32). */
const PREFIX = 16;

export const DAY = 86_400_000;

/** The fields formats adds to passages (TEAM.md); stored in binary when present. */
export type PassageExtras = { source?: { start: number; end: number }; page?: number };

// Passage flags.
export const P_TEXT = 1;
export const P_HEADING_TITLE = 2;
export const P_HEADING_OWN = 4;
export const P_TABLE = 8;
export const P_CELLS = 16;
export const P_SOURCE = 32;
export const P_PAGE = 64;
export const P_SENTENCES_JSON = 128;
export const P_DERIVED = 256;
/** Version 4: a table passage where the one before it stands (offsets, heading, table, source, page), as a table's passages all do. */
export const P_LIKE_PREVIOUS = 512;

/** A derived passage's sentence layouts, as stored. */
export const SENTENCE_LAYOUTS: readonly DerivedMark['sentences'][] = ['whole', 'split', 'kept'];

/**
 * The characters of a passage's own text a segment of an export stores (to cut a corpus into
 * segments of about a size, each large enough to hold its rows bare): none for a text passage
 * (a slice of its document's text) nor for a row's or a column's summary that derives (written
 * again from its table, version 4).
 */
export function storedTextLength(p: Passage): number {
  if (p.kind === 'text' || p.kind === 'sentence') return 0;
  return STRUCTURED.has(p.kind) && derivedMark(p) ? 0 : p.text.length;
}

/**
 * Reads a segment's header only (version, counts, terms fingerprint), checking magic and
 * version, not the checksum. Throws `INDEX_CORRUPT` or `INDEX_TOO_NEW`.
 */
export function readSegmentHeader(bytes: Uint8Array): SegmentHeader {
  return typed(() => header(bytes));
}

/** Runs a decoder, turning its failures into the catalogue's errors. */
export function typed<T>(decode: () => T): T {
  try {
    return decode();
  } catch (err) {
    if (err instanceof SegmentTooNew) throw createError('INDEX_TOO_NEW', err.version, SEGMENT_VERSION, { cause: err });
    if (err instanceof FormatError) throw createError('INDEX_CORRUPT', err.message, { cause: err });
    throw err;
  }
}

function header(bytes: Uint8Array): SegmentHeader {
  if (bytes.length < PREFIX || MAGIC.some((b, i) => bytes[i] !== b)) throw new FormatError('not an Almanac segment (bad magic bytes)');
  const version = bytes[4]! | (bytes[5]! << 8);
  if (version > SEGMENT_VERSION) throw new SegmentTooNew(version);
  const r = new ByteReader(bytes, 12);
  const length = r.u32();
  let header: SegmentHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(r.bytes(length))) as SegmentHeader;
  } catch (err) {
    if (err instanceof FormatError) throw err;
    throw new FormatError('segment header is not JSON');
  }
  if (typeof header?.terms !== 'string' || !Number.isInteger(header.documents) || !Number.isInteger(header.passages)) throw new FormatError('segment header lacks its counts');
  if (header.summaries !== undefined && typeof header.summaries !== 'string') throw new FormatError('segment header names no summary writer');
  return { ...header, version };
}

/** A segment written by a newer Almanac than this one. */
export class SegmentTooNew extends Error {
  constructor(readonly version: number) {
    super(`segment version ${version} is newer than ${SEGMENT_VERSION}`);
    this.name = 'SegmentTooNew';
  }
}

/**
 * Decodes a segment, checking its checksum and every bound: damaged bytes throw
 * `INDEX_CORRUPT`, a newer version `INDEX_TOO_NEW` (AlmanacErrors); nothing half-decoded
 * escapes. `exclude` leaves out documents by id (removed since the segment was written),
 * their postings with them.
 */
export function decodeSegment(bytes: Uint8Array, options: { exclude?: ReadonlySet<string> } = {}): Segment {
  return typed(() => decode(bytes, options));
}

function decode(bytes: Uint8Array, options: { exclude?: ReadonlySet<string> }): Segment {
  const header = readHeaderChecked(bytes);
  const r = new ByteReader(bytes, 12);
  r.pos += 4 + r.u32();
  try {
    const documents = readDocuments(r, header.documents);
    const tables = readTables(r, documents, header.version);
    documents.forEach((d, i) => { d.tables = tables[i]!; });
    const records = readPassages(r, documents, header.version, header.summaries);
    if (records.reduce((n, x) => n + x.passages.length, 0) !== header.passages) throw new FormatError('passage count differs from the header');
    if (header.vectors) readVectors(r, records, header.dimensions ?? 0, header.vectors);
    let lexical = readTermIndex(r);
    let structured = readTermIndex(r);
    if (r.pos !== bytes.length) throw new FormatError('bytes left after the last section');
    const lexicalCount = records.reduce((n, x) => n + x.passages.filter((p) => !STRUCTURED.has(p.kind)).length, 0);
    if (lexical.passages !== lexicalCount || structured.passages !== header.passages - lexicalCount) throw new FormatError('postings do not match the passages');
    let kept = records;
    if (options.exclude?.size && records.some((x) => options.exclude!.has(x.document.id))) {
      const keepLexical: boolean[] = [];
      const keepStructured: boolean[] = [];
      kept = [];
      for (const x of records) {
        const keep = !options.exclude.has(x.document.id);
        if (keep) kept.push(x);
        for (const p of x.passages) (STRUCTURED.has(p.kind) ? keepStructured : keepLexical).push(keep);
      }
      lexical = selectPassages(lexical, keepLexical);
      structured = selectPassages(structured, keepStructured);
    }
    return { terms: header.terms, records: kept, lexical, structured, ...(header.vectors ? { embedderId: header.embedderId ?? '' } : {}) };
  } catch (err) {
    if (err instanceof FormatError || err instanceof SegmentTooNew) throw err;
    // JSON, a string decoder or an array constructor tripping over a damaged length.
    throw new FormatError(`segment does not decode: ${(err as Error)?.message ?? err}`);
  }
}

/** The header, once the checksum over everything after it matches. */
function readHeaderChecked(bytes: Uint8Array): SegmentHeader {
  const h = header(bytes);
  const stored = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (hash32(bytes.subarray(12)) !== stored) throw new FormatError('segment checksum does not match (damaged or truncated)');
  return h;
}

// ---------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------

function readDocuments(r: ByteReader, n: number): StoredDocument[] {
  const ids = r.strings();
  if (ids.length !== n) throw new FormatError('document count differs from the header');
  const names = strings(r, n);
  const formats = r.strings();
  const formatOf = indexes(r, n, formats.length);
  const titleMode = indexes(r, n, 3);
  const own = r.strings();
  let nextTitle = 0;
  const deltas = r.u8() === 1;
  const docs: StoredDocument[] = new Array(n);
  let previous = 0;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    previous = deltas ? previous + r.svarint() : r.f64();
    times.push(previous);
  }
  const raw = new Uint32Array(n);
  r.varints(raw, n);
  const dates = strings(r, n);
  const texts = strings(r, n);
  const mapSizes = indexes(r, n, Infinity);
  for (let i = 0; i < n; i++) {
    const name = names[i]!;
    const mode = titleMode[i]!;
    const title = mode === 0 ? name : mode === 1 ? name.replace(/\.[a-z0-9]+$/i, '') : own[nextTitle++];
    if (title === undefined) throw new FormatError('fewer titles than documents need');
    docs[i] = {
      id: ids[i]!, name, format: formats[formatOf[i]!] as StoredDocument['format'], title, text: texts[i]!, tables: [],
      addedAt: times[i]!, rawLength: raw[i]!, ...(dates[i] ? { date: dates[i]! } : {}),
    };
    const size = mapSizes[i]!;
    if (size) {
      const map = new Array<number>(2 * (size - 1));
      for (let k = 0; k < map.length; k += 2) {
        map[k] = (k ? map[k - 2]! : 0) + r.varint();
        map[k + 1] = (k ? map[k - 1]! : 0) + r.svarint();
      }
      docs[i]!.sourceMap = map;
    }
  }
  readExtras(r, docs);
  for (const d of docs as Array<StoredDocument & { badMap?: unknown }>) {
    if ('badMap' in d) {
      d.sourceMap = d.badMap as number[];
      delete d.badMap;
    }
  }
  return docs;
}

// ---------------------------------------------------------------------------
// Tables: grids as columns (positions and spans as varints, texts as one string block)
// ---------------------------------------------------------------------------

// A cell's bits (version 4): its header flag, whether it spans, where it stands (after the cell
// before it in its row; at the start of the next row; else its row and column written), and
// whether its text is in its document's text (written as where; else among the texts).
export const C_HEADER = 1;
export const C_SPANS = 2;
export const C_NEXT = 4;
export const C_NEW_ROW = 8;
export const C_IN_TEXT = 16;
/** Where a table's cells are looked for in its document's text: from where the table stands in it. */
export function textStart(table: Omit<Table, 'cells'>): number {
  return isCount(table.start) ? table.start : 0;
}

function readTables(r: ByteReader, docs: StoredDocument[], version: number): Table[][] {
  const perDoc = indexes(r, docs.length, Infinity);
  const total = perDoc.reduce((a, b) => a + b, 0);
  const metas = JSON.parse(r.string()) as Array<Omit<Table, 'cells'>>;
  if (!Array.isArray(metas) || metas.length !== total) throw new FormatError('table count differs');
  const cellCounts = indexes(r, total, Infinity);
  const cellTotal = cellCounts.reduce((a, b) => a + b, 0);
  const cells: TableCell[] = new Array(cellTotal);
  if (version >= 4) readCells(r, docs, metas, perDoc, cellCounts, cells);
  else {
    const flat = new Uint32Array(cellTotal * 5);
    r.varints(flat, cellTotal * 5);
    const texts = strings(r, cellTotal);
    for (let i = 0; i < cellTotal; i++) {
      cells[i] = { row: flat[5 * i]!, col: flat[5 * i + 1]!, rowSpan: flat[5 * i + 2]!, colSpan: flat[5 * i + 3]!, text: texts[i]!, header: flat[5 * i + 4] === 1 };
    }
  }
  readExtras(r, cells);
  const tables: Table[] = [];
  let at = 0;
  metas.forEach((m, i) => {
    tables.push({ ...m, cells: cells.slice(at, at + cellCounts[i]!) });
    at += cellCounts[i]!;
  });
  const out: Table[][] = [];
  let t = 0;
  for (const n of perDoc) {
    out.push(tables.slice(t, t + n));
    t += n;
  }
  return out;
}

/** The cells of version 4 (see {@link writeTables}), into `cells`. */
function readCells(r: ByteReader, docs: StoredDocument[], metas: Array<Omit<Table, 'cells'>>, perDoc: Uint32Array, counts: Uint32Array, cells: TableCell[]): void {
  const b = new ByteReader(r.bytes(r.count()));
  const texts = r.strings();
  let nextText = 0;
  let k = 0;
  let t = 0;
  docs.forEach((doc, d) => {
    for (let n = 0; n < perDoc[d]!; n++, t++) {
      let cursor = textStart(metas[t]!);
      let row = 0;
      let end = 0;
      for (let i = 0; i < counts[t]!; i++) {
        const bits = b.varint();
        const rowSpan = bits & C_SPANS ? b.varint() : 1;
        const colSpan = bits & C_SPANS ? b.varint() : 1;
        const cr = bits & C_NEXT ? row : bits & C_NEW_ROW ? row + 1 : b.varint();
        const cc = bits & C_NEXT ? end : bits & C_NEW_ROW ? 0 : b.varint();
        let text: string | undefined;
        if (bits & C_IN_TEXT) {
          const at = cursor + b.varint();
          cursor = at + b.varint();
          if (cursor > doc.text.length) throw new FormatError('cell text out of range');
          text = doc.text.slice(at, cursor);
        } else {
          text = texts[nextText++];
          if (text === undefined) throw new FormatError('cell text out of range');
        }
        cells[k++] = { row: cr, col: cc, rowSpan, colSpan, text: text!, header: (bits & C_HEADER) !== 0 };
        row = cr;
        end = cc + colSpan;
      }
    }
  });
  if (b.pos !== b.end) throw new FormatError('cell bytes left over');
}

// ---------------------------------------------------------------------------
// Passages
// ---------------------------------------------------------------------------

function readPassages(r: ByteReader, docs: StoredDocument[], version: number, summaries: string | undefined): DocumentRecord[] {
  const counts = indexes(r, docs.length, Infinity);
  const kinds = r.strings() as Passage['kind'][];
  const headings = r.strings();
  const grans = r.strings() as TimeSpan['granularity'][];
  const texts = r.strings();
  const labels = version >= 2 ? r.strings() : [];
  const length = r.count();
  const b = new ByteReader(r.bytes(length));
  let nextText = 0;
  const records: DocumentRecord[] = [];
  const all: Passage[] = [];
  docs.forEach((doc, d) => {
    const passages: Passage[] = new Array(counts[d]!);
    for (let ordinal = 0; ordinal < passages.length; ordinal++) {
      const flags = b.varint();
      const kind = kinds[b.varint()];
      if (kind === undefined) throw new FormatError('passage kind out of range');
      const before = ordinal > 0 ? (passages[ordinal - 1] as Passage & PassageExtras) : undefined;
      const like = (flags & P_LIKE_PREVIOUS) !== 0;
      if (like && (version < 4 || before?.tableIndex === undefined)) throw new FormatError('a passage like none before it');
      const start = like ? before!.start : b.varint();
      const end = like ? before!.end : start + b.svarint();
      // Version 4: a derived row or column summary stored without its text holds no cells either (its table writes both).
      const bare = version >= 4 && (flags & P_DERIVED) !== 0 && !(flags & P_TEXT) && STRUCTURED.has(kind);
      let text: string | undefined;
      if (flags & P_TEXT) {
        text = texts[nextText++];
        if (text === undefined) throw new FormatError('fewer passage texts than passages need');
      } else if (!bare) {
        if (end > doc.text.length || end < start) throw new FormatError('passage offsets outside its document');
        text = doc.text.slice(start, end);
      }
      if (bare && flags & P_CELLS) throw new FormatError('derived passage out of range');
      const p: Passage & PassageExtras = bare
        ? Object.assign(Object.create(BARE) as Passage, { id: `${doc.id}#${ordinal}`, docId: doc.id, ordinal, kind, start, end, sentences: [] })
        : { id: `${doc.id}#${ordinal}`, docId: doc.id, ordinal, kind, text: text!, start, end, sentences: [] };
      if (flags & P_HEADING_TITLE) p.heading = doc.title;
      if (flags & P_HEADING_OWN) {
        p.heading = like ? before!.heading : headings[b.varint()];
        if (p.heading === undefined) throw new FormatError('heading out of range');
      }
      if (flags & P_TABLE) p.tableIndex = like ? before!.tableIndex : b.varint();
      if (flags & P_CELLS) {
        const n = b.count(2);
        const cells: Array<[number, number]> = new Array(n);
        // One tuple per grid cell, shared by the summaries that cite it (as `summarizeTable` makes them).
        let row = 0;
        let col = 0;
        for (let i = 0; i < n; i++) {
          row += b.svarint();
          col += b.svarint();
          cells[i] = cellRef(row, col);
        }
        p.cells = cells;
      }
      if (flags & P_SOURCE) {
        if (like && !before!.source) throw new FormatError('a passage like none before it');
        const s = like ? before!.source!.start : b.varint();
        // The same object as the one before it, as a table's passages share theirs (`openDerived`).
        p.source = like ? before!.source! : { start: s, end: s + b.svarint() };
      }
      if (flags & P_PAGE) p.page = like ? before!.page : b.varint();
      if (flags & P_DERIVED) {
        if (version < 3 || summaries === undefined || p.tableIndex === undefined || p.heading === undefined) throw new FormatError('a derived passage where none can be');
        const at = b.svarint();
        const sentences = SENTENCE_LAYOUTS[b.varint()];
        const t = b.varint();
        const title = t ? headings[t - 1] : undefined;
        if (sentences === undefined || (t && title === undefined)) throw new FormatError('derived passage out of range');
        const mark: DerivedMark = title !== undefined ? { writer: summaries, at, sentences, title } : { writer: summaries, at, sentences };
        if (bare) mark.bare = true;
        markDecoded(p, mark);
      }
      if (!(flags & P_SENTENCES_JSON)) {
        // A bare passage's sentences are cut from its text when derived: only their dates are stored.
        const dated = bare && derivedMark(p)!.sentences !== 'kept';
        const n = b.count(dated ? 2 : 3);
        const sentences: Sentence[] = new Array(n);
        let at = 0;
        for (let i = 0; i < n; i++) {
          const s = dated ? 0 : at + b.svarint();
          const e = dated ? 0 : s + b.svarint();
          at = e;
          const spans = b.count(4);
          const times: TimeSpan[] = new Array(spans);
          for (let j = 0; j < spans; j++) times[j] = readSpan(b, grans);
          sentences[i] = { start: s, end: e, times };
          if (version >= 2) {
            const marked = b.varint();
            if (marked) {
              const intervals: EventInterval[] = new Array(marked - 1);
              for (let j = 0; j < intervals.length; j++) intervals[j] = readInterval(b, grans, labels);
              sentences[i]!.intervals = intervals;
            }
          }
        }
        p.sentences = sentences;
      }
      passages[ordinal] = p;
      all.push(p);
    }
    records.push({ document: doc, passages });
  });
  if (b.pos !== length) throw new FormatError('passage bytes left over');
  const extras = r.string();
  if (extras) {
    for (const [k, extra] of JSON.parse(extras) as Array<[number, Record<string, unknown>]>) {
      const p = all[k];
      if (!p) throw new FormatError('passage extras out of range');
      Object.assign(p, extra);
    }
  }
  return records;
}

// Span flags: granularity index in the low bits, then open and whether times are whole days.
export const S_OPEN_START = 1;
export const S_OPEN_END = 2;
export const S_DAYS = 4;

function readSpan(r: ByteReader, grans: TimeSpan['granularity'][]): TimeSpan {
  const flags = r.varint();
  const granularity = grans[flags >> 3];
  if (granularity === undefined) throw new FormatError('time granularity out of range');
  let start: number;
  let end: number;
  if (flags & S_DAYS) {
    start = r.svarint() * DAY;
    end = start + r.svarint() * DAY;
  } else {
    start = r.f64();
    end = r.f64();
  }
  const from = r.varint();
  const to = from + r.varint();
  const open = flags & S_OPEN_START ? 'start' : flags & S_OPEN_END ? 'end' : undefined;
  return open ? { start, end, granularity, open, from, to } : { start, end, granularity, from, to };
}

// Interval flags.
export const I_START = 1;
export const I_END = 2;
export const I_START_DAYS = 4;
export const I_END_DAYS = 8;
export const I_STATED = 16;
export const I_STATED_END = 32;
export const I_OFFSETS = 64;
export const I_DATES = 128;

function readTime(r: ByteReader, days: boolean): number {
  return days ? r.svarint() * DAY : r.f64();
}

function readInterval(r: ByteReader, grans: TimeSpan['granularity'][], labels: string[]): EventInterval {
  const flags = r.varint();
  const word = () => {
    const v = labels[r.varint()];
    if (v === undefined) throw new FormatError('interval label out of range');
    return v;
  };
  const gran = () => {
    const g = grans[r.varint()];
    if (g === undefined) throw new FormatError('interval granularity out of range');
    return g;
  };
  const v: EventInterval = { endKind: word() as EventInterval['endKind'], source: word() as EventInterval['source'], granularity: gran() };
  // Fields in the order the ingest writes them, so a decoded interval equals the original.
  const out: EventInterval = {} as EventInterval;
  if (flags & I_START) out.start = readTime(r, !!(flags & I_START_DAYS));
  if (flags & I_END) out.end = readTime(r, !!(flags & I_END_DAYS));
  Object.assign(out, v);
  if (flags & I_STATED) out.stated = flags & I_STATED_END ? 'end' : 'start';
  if (flags & I_OFFSETS) {
    out.from = r.varint();
    out.to = out.from + r.varint();
  }
  if (flags & I_DATES) {
    const n = r.count(4);
    out.dates = new Array(n);
    for (let i = 0; i < n; i++) {
      const days = r.varint();
      const name = word();
      const granularity = gran();
      const start = readTime(r, !!(days & 1));
      const end = readTime(r, !!(days & 2));
      out.dates[i] = { name, start, end, granularity };
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Vectors: which passages have one (a bitmap), then all of them as one Float32 block
// ---------------------------------------------------------------------------

function readVectors(r: ByteReader, records: DocumentRecord[], dims: number, count: number): void {
  if (r.varint() !== dims || dims <= 0) throw new FormatError('vector size differs from the header');
  const total = records.reduce((n, x) => n + x.passages.length, 0);
  const bitmap = r.bytes(Math.ceil(total / 8));
  const data = r.float32s();
  if (data.length !== count * dims) throw new FormatError('vector block size differs from the header');
  let i = 0;
  let k = 0;
  for (const x of records) {
    for (const p of x.passages) {
      if (bitmap[i >> 3]! & (1 << (i & 7))) {
        if (k >= count) throw new FormatError('more vectors marked than stored');
        (x.vectors ??= new Map()).set(p.id, data.slice(k * dims, (k + 1) * dims));
        k++;
      }
      i++;
    }
  }
  if (k !== count) throw new FormatError('fewer vectors marked than stored');
}

// ---------------------------------------------------------------------------
// Postings: per field, the sorted terms, each term's document frequency, then its passage
// numbers as gaps and its counts, all varints; then every passage's field length
// ---------------------------------------------------------------------------

function readTermIndex(r: ByteReader): TermIndex {
  const passages = r.varint();
  const fields: FieldPostings[] = [];
  for (let f = 0; f < FIELDS.length; f++) {
    const terms = r.strings();
    const n = terms.length;
    for (let t = 1; t < n; t++) if (!(terms[t - 1]! < terms[t]!)) throw new FormatError('term dictionary not sorted');
    const df = new Uint32Array(n);
    r.varints(df, n);
    const offsets = new Uint32Array(n + 1);
    let total = 0;
    for (let t = 0; t < n; t++) {
      offsets[t] = total;
      total += df[t]!;
    }
    offsets[n] = total;
    if (total > r.end - r.pos) throw new FormatError('postings longer than the data left');
    const ids = new Uint32Array(total);
    r.varints(ids, total);
    for (let t = 0; t < n; t++) {
      let previous = -1;
      for (let k = offsets[t]!; k < offsets[t + 1]!; k++) ids[k] = previous = previous + ids[k]! + 1;
      if (previous >= passages) throw new FormatError('posting beyond the last passage');
    }
    const counts = new Uint16Array(total);
    r.varints(counts, total);
    if (passages > r.end - r.pos) throw new FormatError('lengths longer than the data left');
    const lengths = new Uint32Array(passages);
    r.varints(lengths, passages);
    fields.push({ terms, offsets, ids, counts, lengths });
  }
  return { passages, fields };
}

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/** `n` strings, checked. */
function strings(r: ByteReader, n: number): string[] {
  const out = r.strings();
  if (out.length !== n) throw new FormatError(`expected ${n} strings, found ${out.length}`);
  return out;
}

/** `n` varints, each below `bound`. */
function indexes(r: ByteReader, n: number, bound: number): Uint32Array {
  if (n > r.end - r.pos) throw new FormatError('list longer than the data left');
  const out = new Uint32Array(n);
  r.varints(out, n);
  for (let i = 0; i < n; i++) if (out[i]! >= bound) throw new FormatError('index out of range');
  return out;
}

export function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 2 ** 32;
}

function readExtras(r: ByteReader, items: object[]): void {
  const json = r.string();
  if (!json) return;
  for (const [i, extra] of JSON.parse(json) as Array<[number, Record<string, unknown>]>) {
    if (!items[i]) throw new FormatError('extras out of range');
    Object.assign(items[i]!, extra);
  }
}

import type { EventInterval, Passage, Sentence, StoredDocument, TimeSpan } from '../types.ts';
import type { DocumentRecord } from '../storage/store.ts';
import { FIELDS, STRUCTURED_KINDS as STRUCTURED, type TermIndex } from '../retrieval/term-index.ts';
import { ByteWriter } from './bytes.ts';
import { hash32 } from './hash.ts';
import { DERIVE_ON_OPEN, derivedMark, type DerivedMark } from './derived.ts';
import {
  C_HEADER, C_IN_TEXT, C_NEW_ROW, C_NEXT, C_SPANS, DAY, I_DATES, I_END, I_END_DAYS, I_OFFSETS, I_START, I_START_DAYS, I_STATED, I_STATED_END,
  isCount, MAGIC, P_CELLS, P_DERIVED, P_HEADING_OWN, P_HEADING_TITLE, P_LIKE_PREVIOUS, P_PAGE, P_SENTENCES_JSON, P_SOURCE, P_TABLE, P_TEXT, type PassageExtras,
  S_DAYS, S_OPEN_END, S_OPEN_START, SEGMENT_VERSION, type Segment, type SegmentHeader, SENTENCE_LAYOUTS, textStart,
} from './segment.ts';

/*
 * Writes segments of Almanac's index format (the layout: `segment.ts`, docs/ARCHITECTURE.md,
 * "The index format"). Apart from the reader, which every open needs at start: a write (an
 * ingest, a compaction, an export) loads it, so the one-tag embed restores and searches a
 * stored corpus without it.
 */

/** Known fields of a document, a passage, a table, a cell: anything else rides as JSON (`extras`). */
const DOCUMENT_KEYS = new Set(['id', 'name', 'format', 'title', 'text', 'tables', 'addedAt', 'date', 'rawLength', 'sourceMap']);
const PASSAGE_KEYS = new Set(['id', 'docId', 'ordinal', 'kind', 'text', 'start', 'end', 'heading', 'tableIndex', 'cells', 'sentences', 'source', 'page']);
const CELL_KEYS = new Set(['row', 'col', 'rowSpan', 'colSpan', 'text', 'header']);
const SENTENCE_KEYS = new Set(['start', 'end', 'times', 'intervals']);
const INTERVAL_KEYS = new Set(['start', 'end', 'endKind', 'granularity', 'source', 'stated', 'from', 'to', 'dates']);
const DATE_KEYS = new Set(['name', 'start', 'end', 'granularity']);
const SPAN_KEYS = new Set(['start', 'end', 'granularity', 'open', 'from', 'to']);

/**
 * Encodes a segment. Throws a plain Error for input that breaks the format's own invariants
 * (postings that do not match the passages): a bug, never a user's data.
 */
export function encodeSegment(segment: Segment): Uint8Array {
  const { records } = segment;
  const passages = records.reduce((n, r) => n + r.passages.length, 0);
  const lexicalCount = records.reduce((n, r) => n + r.passages.filter((p) => !STRUCTURED.has(p.kind)).length, 0);
  if (segment.lexical.passages !== lexicalCount || segment.structured.passages !== passages - lexicalCount) {
    throw new Error(`encodeSegment: postings cover ${segment.lexical.passages} + ${segment.structured.passages} passages, records hold ${lexicalCount} + ${passages - lexicalCount}`);
  }
  let vectors = 0;
  let dims = 0;
  for (const r of records) {
    for (const v of r.vectors?.values() ?? []) {
      if (dims && v.length !== dims) throw new Error('encodeSegment: vectors of different sizes');
      dims = v.length;
      vectors++;
    }
  }
  // One writer per segment: passages derived by another (a segment of an older writer compacted
  // with a newer one) are stored as plain ones, which they also are.
  const summaries = firstWriter(records);
  const header: SegmentHeader = {
    version: SEGMENT_VERSION, terms: segment.terms, documents: records.length, passages, vectors,
    ...(vectors ? { embedderId: segment.embedderId ?? '', dimensions: dims } : {}),
    ...(summaries !== undefined ? { summaries } : {}),
  };
  const w = new ByteWriter();
  for (const b of MAGIC) w.u8(b);
  w.u8(SEGMENT_VERSION & 0xff);
  w.u8(SEGMENT_VERSION >> 8);
  w.u8(0);
  w.u8(0);
  w.u32(0); // checksum, filled in below
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  w.u32(headerBytes.length);
  w.bytes(headerBytes);
  writeDocuments(w, records.map((r) => r.document));
  writeTables(w, records.map((r) => r.document));
  writePassages(w, records, summaries);
  if (vectors) writeVectors(w, records, dims);
  writeTermIndex(w, segment.lexical);
  writeTermIndex(w, segment.structured);
  const bytes = w.finish();
  new DataView(bytes.buffer).setUint32(8, hash32(bytes.subarray(12)), true);
  return bytes;
}

function writeDocuments(w: ByteWriter, docs: StoredDocument[]): void {
  w.strings(docs.map((d) => d.id));
  w.strings(docs.map((d) => d.name));
  const formats = [...new Set(docs.map((d) => d.format))];
  w.strings(formats);
  w.varints(docs.map((d) => formats.indexOf(d.format)));
  // Title: 0 the name, 1 the name without its extension (what prepare derives), 2 its own.
  const titleMode = docs.map((d) => (d.title === d.name ? 0 : d.title === d.name.replace(/\.[a-z0-9]+$/i, '') ? 1 : 2));
  w.varints(titleMode);
  w.strings(docs.filter((_, i) => titleMode[i] === 2).map((d) => d.title));
  // addedAt: deltas when every value is a safe integer, else raw doubles.
  const times = docs.map((d) => d.addedAt);
  const asDeltas = times.every((t, i) => Number.isSafeInteger(t) && Math.abs(t - (i ? times[i - 1]! : 0)) < 2 ** 50);
  w.u8(asDeltas ? 1 : 0);
  times.forEach((t, i) => (asDeltas ? w.svarint(t - (i ? times[i - 1]! : 0)) : w.f64(t)));
  w.varints(docs.map((d) => d.rawLength));
  w.strings(docs.map((d) => d.date ?? ''));
  w.strings(docs.map((d) => d.text));
  // Source maps (anchors into the original file, `[t0, s0, t1, s1, ...]`): gaps of t, steps of s.
  const maps = docs.map((d) => (isAnchors(d.sourceMap) ? d.sourceMap : undefined));
  w.varints(maps.map((m) => (m ? m.length / 2 + 1 : 0)));
  for (const m of maps) {
    if (!m) continue;
    for (let i = 0; i < m.length; i += 2) {
      w.varint(m[i]! - (i ? m[i - 2]! : 0));
      w.svarint(m[i + 1]! - (i ? m[i - 1]! : 0));
    }
  }
  writeExtras(w, docs.map((d, i) => (d.sourceMap !== undefined && !maps[i] ? { ...d, sourceMap: undefined, badMap: d.sourceMap } : d)), DOCUMENT_KEYS);
}

/** A source map the binary layout takes: pairs of non-negative integers, text offsets increasing. */
function isAnchors(m: unknown): m is number[] {
  if (!Array.isArray(m) || m.length % 2) return false;
  for (let i = 0; i < m.length; i++) {
    if (!isCount(m[i])) return false;
    if (i % 2 === 0 && i && m[i] <= m[i - 2]) return false;
  }
  return true;
}

/** How far past the last cell's text in its document's text a cell's text is looked for (a caption, a cell the text leaves out). */
const TEXT_REACH = 4096;

function writeTables(w: ByteWriter, docs: StoredDocument[]): void {
  const perDoc = docs.map((d) => d.tables);
  const tables = perDoc.flat();
  w.varints(perDoc.map((t) => t.length));
  w.string(JSON.stringify(tables.map((t) => {
    const { cells: _cells, ...rest } = t;
    return rest;
  })));
  const cells = tables.flatMap((t) => t.cells);
  w.varints(tables.map((t) => t.cells.length));
  // Per cell its bits, then what they say is not implied. A cell follows the one before it in
  // reading order, and its text is where its document's text (a table written a row a line)
  // already holds it: HiTab's tables 6.5 -> 2.3 MB.
  const texts: string[] = [];
  const body = new ByteWriter();
  for (const [d, list] of perDoc.entries()) {
    const text = docs[d]!.text;
    for (const table of list) {
      let cursor = textStart(table);
      let row = 0;
      let end = 0;
      for (const c of table.cells) {
        const spans = c.rowSpan !== 1 || c.colSpan !== 1;
        const at = c.text ? foundFrom(text, c.text, cursor, isCount(table.end) ? table.end : text.length) : -1;
        const bits = (c.header ? C_HEADER : 0) | (spans ? C_SPANS : 0) | (c.row === row && c.col === end ? C_NEXT : c.row === row + 1 && c.col === 0 ? C_NEW_ROW : 0) | (at >= 0 ? C_IN_TEXT : 0);
        body.varint(bits);
        if (spans) {
          body.varint(c.rowSpan);
          body.varint(c.colSpan);
        }
        if (!(bits & (C_NEXT | C_NEW_ROW))) {
          body.varint(c.row);
          body.varint(c.col);
        }
        if (at >= 0) {
          body.varint(at - cursor);
          body.varint(c.text.length);
          cursor = at + c.text.length;
        } else texts.push(c.text);
        row = c.row;
        end = c.col + c.colSpan;
      }
    }
  }
  const b = body.finish();
  w.varint(b.length);
  w.bytes(b);
  w.strings(texts);
  writeExtras(w, cells, CELL_KEYS);
}

/**
 * Where `part` stands in `text` from `from` on (the last cell's text), within {@link TEXT_REACH}
 * characters and before `to` (its table's end); -1 if not there.
 */
function foundFrom(text: string, part: string, from: number, to: number): number {
  const at = text.slice(from, Math.min(to, from + TEXT_REACH)).indexOf(part);
  return at < 0 ? -1 : from + at;
}

/** The writer of the first passage marked derived, if any. */
function firstWriter(records: DocumentRecord[]): string | undefined {
  for (const r of records) {
    for (const p of r.passages) {
      if (p.tableIndex === undefined) continue;
      const mark = derivedMark(p);
      if (mark) return mark.writer;
    }
  }
  return undefined;
}

function writePassages(w: ByteWriter, records: DocumentRecord[], summaries: string | undefined): void {
  const all = records.flatMap((r) => r.passages);
  w.varints(records.map((r) => r.passages.length));
  const kinds = [...new Set(all.map((p) => p.kind))];
  w.strings(kinds);
  const headings: string[] = [];
  const headingIndex = new Map<string, number>();
  const texts: string[] = [];
  const grans: string[] = [];
  const granIndex = new Map<string, number>();
  // Words of event intervals (end kinds, sources, date names), as a string table.
  const labels: string[] = [];
  const labelIndex = new Map<string, number>();
  const label = (v: string) => {
    let i = labelIndex.get(v);
    if (i === undefined) labelIndex.set(v, (i = labels.push(v) - 1));
    return i;
  };
  const body = new ByteWriter();
  const extras: Array<[number, Record<string, unknown>]> = [];
  // Which passages derive, and whether their rows and columns are stored bare: from
  // DERIVE_ON_OPEN of them (an engine opening them loads the code deriving them anyway), or
  // when some were decoded so (their text is not there to write).
  const marks: Array<DerivedMark | undefined> = [];
  let rows = 0;
  let decodedBare = false;
  for (const p of all) {
    const mark = summaries !== undefined && p.tableIndex !== undefined ? derivedMark(p) : undefined;
    const derived = mark && mark.writer === summaries && p.heading !== undefined && Number.isInteger(mark.at) ? mark : undefined;
    if (!derived && mark?.bare) throw new Error(`encodeSegment: ${p.id} has no text (another writer's): derive it first`);
    marks.push(derived);
    if (derived && STRUCTURED.has(p.kind)) rows++;
    if (derived?.bare) decodedBare = true;
  }
  const bareRows = rows >= DERIVE_ON_OPEN || decodedBare;
  let k = 0;
  for (const r of records) {
    const doc = r.document;
    r.passages.forEach((p, ordinal) => {
      const x = p as Passage & PassageExtras;
      let flags = 0;
      const derived = marks[k];
      // A row's or a column's summary that derives: its text and cells are not stored (nor read),
      // nor its sentences' offsets (its text's own), only their dates.
      const bare = bareRows && derived !== undefined && STRUCTURED.has(p.kind);
      const dated = bare && derived.sentences !== 'kept' ? derived.dates ?? datesOf(p.sentences) : undefined;
      const sentences = dated ? undefined : p.sentences;
      const sliced = bare || ((p.kind === 'text' || p.kind === 'sentence') && p.text === doc.text.slice(p.start, p.end));
      if (!sliced) flags |= P_TEXT;
      if (p.heading !== undefined) flags |= p.heading === doc.title ? P_HEADING_TITLE : P_HEADING_OWN;
      if (p.tableIndex !== undefined) flags |= P_TABLE;
      if (!bare && p.cells) flags |= P_CELLS;
      if (isRange(x.source)) flags |= P_SOURCE;
      if (isCount(x.page)) flags |= P_PAGE;
      const plainSentences = sentences ? sentences.every((s) => plainKeys(s, SENTENCE_KEYS) && plainTimes(s.times, s.intervals)) : dated!.times.every((t, i) => plainTimes(t, dated!.intervals?.[i]));
      if (!plainSentences) flags |= P_SENTENCES_JSON;
      if (derived) flags |= P_DERIVED;
      // A table's passages stand where the one before them does: said once.
      const before = r.passages[ordinal - 1] as (Passage & PassageExtras) | undefined;
      if (before && p.tableIndex !== undefined && before.tableIndex === p.tableIndex && before.start === p.start && before.end === p.end
        && before.heading === p.heading && sameRange(before.source, x.source) && before.page === x.page) flags |= P_LIKE_PREVIOUS;
      body.varint(flags);
      body.varint(kinds.indexOf(p.kind));
      if (!(flags & P_LIKE_PREVIOUS)) {
        body.varint(p.start);
        body.svarint(p.end - p.start);
      }
      if (flags & P_TEXT) texts.push(p.text);
      if (flags & P_HEADING_OWN && !(flags & P_LIKE_PREVIOUS)) {
        let h = headingIndex.get(p.heading!);
        if (h === undefined) headingIndex.set(p.heading!, (h = headings.push(p.heading!) - 1));
        body.varint(h);
      }
      if (flags & P_TABLE && !(flags & P_LIKE_PREVIOUS)) body.varint(p.tableIndex!);
      if (flags & P_CELLS) {
        body.varint(p.cells!.length);
        let row = 0;
        let col = 0;
        for (const [cr, cc] of p.cells!) {
          body.svarint(cr - row);
          body.svarint(cc - col);
          row = cr;
          col = cc;
        }
      }
      if (flags & P_SOURCE && !(flags & P_LIKE_PREVIOUS)) {
        body.varint(x.source!.start);
        body.svarint(x.source!.end - x.source!.start);
      }
      if (flags & P_PAGE && !(flags & P_LIKE_PREVIOUS)) body.varint(x.page!);
      if (derived) {
        body.svarint(derived.at);
        body.varint(SENTENCE_LAYOUTS.indexOf(derived.sentences));
        // The title it was written under: 0 its heading, else a heading of the table + 1.
        const title = derived.title;
        if (title === undefined || title === p.heading) body.varint(0);
        else {
          let h = headingIndex.get(title);
          if (h === undefined) headingIndex.set(title, (h = headings.push(title) - 1));
          body.varint(h + 1);
        }
      }
      const dates = (times: readonly TimeSpan[], intervals: readonly EventInterval[] | undefined) => {
        body.varint(times.length);
        for (const t of times) writeSpan(body, t, grans, granIndex);
        body.varint(intervals ? intervals.length + 1 : 0);
        for (const v of intervals ?? []) writeInterval(body, v, grans, granIndex, label);
      };
      if (plainSentences && sentences) {
        body.varint(sentences.length);
        let end = 0;
        for (const s of sentences) {
          body.svarint(s.start - end);
          body.svarint(s.end - s.start);
          end = s.end;
          dates(s.times, s.intervals);
        }
      } else if (plainSentences) {
        body.varint(dated!.times.length);
        dated!.times.forEach((t, i) => dates(t, dated!.intervals?.[i]));
      }
      const extra = extraKeys(p, PASSAGE_KEYS);
      if (p.id !== `${doc.id}#${ordinal}`) extra.id = p.id;
      if (p.docId !== doc.id) extra.docId = p.docId;
      if (p.ordinal !== ordinal) extra.ordinal = p.ordinal;
      if ((x.source !== undefined && !(flags & P_SOURCE))) extra.source = x.source;
      if ((x.page !== undefined && !(flags & P_PAGE))) extra.page = x.page;
      if (!plainSentences) extra.sentences = p.sentences;
      if (Object.keys(extra).length) extras.push([k, extra]);
      k++;
    });
  }
  w.strings(headings);
  w.strings(grans);
  w.strings(texts);
  w.strings(labels);
  const b = body.finish();
  w.varint(b.length);
  w.bytes(b);
  w.string(extras.length ? JSON.stringify(extras) : '');
}

/** A decoded bare passage's dates, from its sentences (whose offsets are not its text's: it has none yet). */
function datesOf(sentences: readonly Sentence[]): NonNullable<DerivedMark['dates']> {
  const times = sentences.map((s) => s.times);
  return sentences.some((s) => s.intervals) ? { times, intervals: sentences.map((s) => s.intervals) } : { times };
}

/** Timestamps and intervals the binary layout takes (else the sentences ride as JSON). */
function plainTimes(times: readonly TimeSpan[], intervals: readonly EventInterval[] | undefined): boolean {
  return times.every((t) => plainKeys(t, SPAN_KEYS) && isCount(t.from) && isCount(t.to) && t.to >= t.from)
    && (intervals === undefined || (Array.isArray(intervals) && intervals.every(plainInterval)));
}

function sameRange(a: { start: number; end: number } | undefined, b: { start: number; end: number } | undefined): boolean {
  return a === b || (!!a && !!b && a.start === b.start && a.end === b.end);
}

function writeSpan(w: ByteWriter, t: TimeSpan, grans: string[], granIndex: Map<string, number>): void {
  let g = granIndex.get(t.granularity);
  if (g === undefined) granIndex.set(t.granularity, (g = grans.push(t.granularity) - 1));
  const days = t.start % DAY === 0 && t.end % DAY === 0 && Math.abs(t.start) < 2 ** 52 && Math.abs(t.end) < 2 ** 52;
  w.varint((g << 3) | (t.open === 'start' ? S_OPEN_START : t.open === 'end' ? S_OPEN_END : 0) | (days ? S_DAYS : 0));
  if (days) {
    w.svarint(t.start / DAY);
    w.svarint((t.end - t.start) / DAY);
  } else {
    w.f64(t.start);
    w.f64(t.end);
  }
  w.varint(t.from);
  w.varint(t.to - t.from);
}

/** An interval the binary layout takes: known fields of the known types (else the sentences ride as JSON). */
function plainInterval(v: EventInterval): boolean {
  if (!v || !plainKeys(v, INTERVAL_KEYS) || typeof v.endKind !== 'string' || typeof v.granularity !== 'string' || typeof v.source !== 'string') return false;
  if ((v.start !== undefined && typeof v.start !== 'number') || (v.end !== undefined && typeof v.end !== 'number')) return false;
  if (v.stated !== undefined && v.stated !== 'start' && v.stated !== 'end') return false;
  if ((v.from === undefined) !== (v.to === undefined) || (v.from !== undefined && !(isCount(v.from) && isCount(v.to) && v.to! >= v.from))) return false;
  return v.dates === undefined || (Array.isArray(v.dates) && v.dates.every((d) => d && plainKeys(d, DATE_KEYS) && typeof d.name === 'string'
    && typeof d.start === 'number' && typeof d.end === 'number' && typeof d.granularity === 'string'));
}

/** Whether a time is a whole number of days that a varint holds exactly. */
function inDays(t: number): boolean {
  return Number.isSafeInteger(t) && t % DAY === 0 && Math.abs(t) < 2 ** 52;
}

function writeTime(w: ByteWriter, t: number, days: boolean): void {
  if (days) w.svarint(t / DAY);
  else w.f64(t);
}

function writeInterval(w: ByteWriter, v: EventInterval, grans: string[], granIndex: Map<string, number>, label: (s: string) => number): void {
  const gran = (g: string) => {
    let i = granIndex.get(g);
    if (i === undefined) granIndex.set(g, (i = grans.push(g) - 1));
    return i;
  };
  let flags = 0;
  if (v.start !== undefined) flags |= I_START | (inDays(v.start) ? I_START_DAYS : 0);
  if (v.end !== undefined) flags |= I_END | (inDays(v.end) ? I_END_DAYS : 0);
  if (v.stated) flags |= I_STATED | (v.stated === 'end' ? I_STATED_END : 0);
  if (v.from !== undefined) flags |= I_OFFSETS;
  if (v.dates) flags |= I_DATES;
  w.varint(flags);
  w.varint(label(v.endKind));
  w.varint(label(v.source));
  w.varint(gran(v.granularity));
  if (flags & I_START) writeTime(w, v.start!, !!(flags & I_START_DAYS));
  if (flags & I_END) writeTime(w, v.end!, !!(flags & I_END_DAYS));
  if (flags & I_OFFSETS) {
    w.varint(v.from!);
    w.varint(v.to! - v.from!);
  }
  if (flags & I_DATES) {
    w.varint(v.dates!.length);
    for (const d of v.dates!) {
      const days = (inDays(d.start) ? 1 : 0) | (inDays(d.end) ? 2 : 0);
      w.varint(days);
      w.varint(label(d.name));
      w.varint(gran(d.granularity));
      writeTime(w, d.start, !!(days & 1));
      writeTime(w, d.end, !!(days & 2));
    }
  }
}

function writeVectors(w: ByteWriter, records: DocumentRecord[], dims: number): void {
  const all = records.flatMap((r) => r.passages.map((p) => r.vectors?.get(p.id)));
  const bitmap = new Uint8Array(Math.ceil(all.length / 8));
  const data = new Float32Array(all.filter(Boolean).length * dims);
  let k = 0;
  all.forEach((v, i) => {
    if (!v) return;
    bitmap[i >> 3]! |= 1 << (i & 7);
    data.set(v, k * dims);
    k++;
  });
  w.varint(dims);
  w.bytes(bitmap);
  w.float32s(data);
}

function writeTermIndex(w: ByteWriter, index: TermIndex): void {
  w.varint(index.passages);
  if (index.fields.length !== FIELDS.length) throw new Error('writeTermIndex: wrong number of fields');
  for (const f of index.fields) {
    w.strings(f.terms);
    const n = f.terms.length;
    const df = new Uint32Array(n);
    for (let t = 0; t < n; t++) df[t] = f.offsets[t + 1]! - f.offsets[t]!;
    w.varints(df);
    // Gaps minus one: postings are strictly ascending, so every value is >= 0.
    const gaps = new Uint32Array(f.ids.length);
    for (let t = 0; t < n; t++) {
      let previous = -1;
      for (let k = f.offsets[t]!; k < f.offsets[t + 1]!; k++) {
        const id = f.ids[k]!;
        if (id <= previous || id >= index.passages) throw new Error('writeTermIndex: postings not ascending or out of range');
        gaps[k] = id - previous - 1;
        previous = id;
      }
    }
    w.varints(gaps);
    w.varints(f.counts);
    if (f.lengths.length !== index.passages) throw new Error('writeTermIndex: lengths do not match the passages');
    w.varints(f.lengths);
  }
}

function isRange(v: unknown): v is { start: number; end: number } {
  const x = v as { start?: unknown; end?: unknown } | undefined;
  return !!x && isCount(x.start) && isCount(x.end) && Object.keys(x).length === 2;
}

function plainKeys(o: object, known: ReadonlySet<string>): boolean {
  for (const k in o) if (!known.has(k)) return false;
  return true;
}

function extraKeys(o: object, known: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Known keys are not read: a table passage's text, cells and sentences are derived when read (`table-passages.ts`).
  for (const k in o) {
    if (known.has(k) || !Object.hasOwn(o, k)) continue;
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Fields the binary layout does not know, as JSON: `[index, {field: value}]` for the items that have any. */
function writeExtras(w: ByteWriter, items: readonly object[], known: ReadonlySet<string>): void {
  const extras: Array<[number, Record<string, unknown>]> = [];
  items.forEach((item, i) => {
    const extra = extraKeys(item, known);
    if (Object.keys(extra).length) extras.push([i, extra]);
  });
  w.string(extras.length ? JSON.stringify(extras) : '');
}


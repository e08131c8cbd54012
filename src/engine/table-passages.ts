import { summarizeTable, summaryWriter, type SummaryWriter, type TableSummary } from '../tables/summaries.ts';
import { splitSentences, type SentenceSpan } from '../text/segment.ts';
import { structureOf } from '../tables/structure-of.ts';
import { DERIVED, provideOpenDerived, type DerivedMark } from '../index-format/derived.ts';
import type { DocumentRecord } from '../storage/store.ts';
import { sharedTimes } from './shared-times.ts';
import type { EventInterval, Passage, PassageKind, Sentence, Table, TableCell, TimeSpan } from '../types.ts';
import { WeakCache } from '../weak-cache.ts';

/*
 * Table passages that keep only which summary they are. Everything a row, column or table
 * summary holds — its text, the cells it cites, its sentences — is a pure function of its table,
 * the table's detected headers, the heading it was written under and which summary it is; only
 * the sentences' timestamps and intervals (dated once at ingest) are kept. HiTab's 86,632 summaries
 * held 75 MB that way (text 38.9, cells 16.3, sentence objects 15.0 and their times 4.6), most of
 * it each table's caption and header paths written again in every summary.
 *
 * A passage here is a complete `Passage` to every reader: `text`, `cells` and `sentences` are
 * its own enumerable accessor properties, so a spread, `JSON.stringify`, `Object.entries` and the
 * structured clone that carries results out of the worker (which reads own properties, not a
 * prototype's) all see plain values. They are written again when read, at most once while a
 * passage is among the last {@link RECENT} read (one query's candidates are read several times).
 * A caller that assigns one of them gets a plain data property, as on any passage.
 */

/** What the passages of one table are written from; shared by them. */
export interface TableSource {
  table: Table;
  /** The title the summaries were written under (`summarizeTable`'s `title`). */
  title: string;
}

/** The timestamps and intervals of a passage's sentences (kept; the rest is derived). */
type Dates =
  /** The common case: one sentence, the whole text, without intervals: its times (shared, read-only). */
  | TimeSpan[]
  /** Per sentence of `splitSentences(text)`, in order: times, and intervals where any sentence has some. */
  | { times: TimeSpan[][]; intervals?: Array<EventInterval[] | undefined> }
  /** Sentences that are not those of the text (a caller wrote its own): kept as they are. */
  | { kept: Sentence[] };

interface Made {
  text: string;
  cells: Array<[number, number]>;
  sentences?: Sentence[];
  /** As prepared: `splitSentences(text)`, when the caller split it (read once more when sealed). */
  spans?: readonly SentenceSpan[];
}

/** Passages whose derived fields are held, most recent last: one query's candidates, several times over. */
const RECENT = 2048;
/** Writers of the tables most recently read (coverMap and header paths once per table, not per passage). */
const WRITERS = 256;

/*
 * Both caches are shared by every engine of the page and hold what they cache weakly: a table
 * an engine removed (`remove`, `clear`), or an engine dropped with its corpus, is not kept alive
 * by having been read last; it goes when nothing else holds it. Only which entry to evict is
 * kept strongly, as a ring of weak references.
 */
const writers = new WeakCache<TableSource, SummaryWriter>(WRITERS);

function writerOf(from: TableSource): SummaryWriter {
  let w = writers.get(from);
  if (!w) {
    w = summaryWriter(from.table, { title: from.title, structure: structureOf(from.table) });
    writers.set(from, w);
  }
  return w;
}

/** The fields of a table passage that are stored as they are. */
export type TablePassageFields = Pick<Passage, 'id' | 'docId' | 'ordinal' | 'start' | 'end' | 'heading' | 'source' | 'page'> & {
  kind: Exclude<PassageKind, 'text' | 'sentence'>;
  tableIndex: number;
};

// Set by the class's static block (which alone reads its private fields).
let TEXT: PropertyDescriptor;
let CELLS: PropertyDescriptor;
let SENTENCES: PropertyDescriptor;
let seal: (p: TablePassage, shared: SharedTimes) => void;
let release: (p: TablePassage) => void;
let isLazy: (p: object) => p is TablePassage;
let timesOf: (p: TablePassage) => TimeSpan[][];
let open: (f: TablePassageFields, from: TableSource, at: number, dates: Dates, made: Made | undefined) => TablePassage;
const recent: Array<WeakRef<TablePassage> | undefined> = new Array(RECENT);
let next = 0;

class TablePassage {
  declare id: string;
  declare docId: string;
  declare ordinal: number;
  declare kind: TablePassageFields['kind'];
  declare start: number;
  declare end: number;
  declare heading?: string;
  declare tableIndex: number;
  declare source?: { start: number; end: number };
  declare page?: number;
  declare text: string;
  declare cells: Array<[number, number]>;
  declare sentences: Sentence[];

  #from: TableSource;
  #at: number;
  #dates: Dates | undefined;
  /** While prepared (until {@link releasePrepared}) or recently read: the derived fields. */
  #made: Made | undefined;

  constructor(f: TablePassageFields, from: TableSource, at: number, made: Made | undefined) {
    // The order of a passage built eagerly (`prepare.ts`), so that a copy reads the same. Only
    // what is derived is an accessor: defining one per passage cost more CPU at ingest (an
    // accessor is a call into the runtime, ~0.5 us, for each of 86,632 HiTab passages) than
    // its fields saved memory held once per table (~3.5 MB).
    this.id = f.id;
    this.docId = f.docId;
    this.ordinal = f.ordinal;
    Object.defineProperty(this, 'sentences', SENTENCES);
    this.kind = f.kind;
    Object.defineProperty(this, 'text', TEXT);
    this.start = f.start;
    this.end = f.end;
    if (f.heading !== undefined) this.heading = f.heading;
    this.tableIndex = f.tableIndex;
    Object.defineProperty(this, 'cells', CELLS);
    if (f.source !== undefined) this.source = f.source;
    if (f.page !== undefined) this.page = f.page;
    this.#from = from;
    this.#at = at;
    this.#dates = undefined;
    this.#made = made;
  }

  /**
   * Which summary this passage is (what a stored segment keeps so that an engine opening it
   * derives the passage again, `index-format/derived.ts`): while its text and cells are still
   * the derived ones, and once sealed.
   */
  get [DERIVED](): DerivedMark | undefined {
    const d = this.#dates;
    if (!d || !derivedField(this, 'text', TEXT) || !derivedField(this, 'cells', CELLS)) return undefined;
    const sentences = !derivedField(this, 'sentences', SENTENCES) || 'kept' in d ? 'kept' : Array.isArray(d) ? 'whole' : 'split';
    const mark: DerivedMark = { writer: summariesFingerprint(), at: this.#at, sentences };
    if (this.#from.title !== this.heading) mark.title = this.#from.title;
    if (sentences !== 'kept') mark.dates = Array.isArray(d) ? { times: [d] } : d as Exclude<Dates, TimeSpan[] | { kept: Sentence[] }>;
    return mark;
  }

  static {
    const made = (p: TablePassage): Made => {
      let m = p.#made;
      if (m) return m;
      const w = writerOf(p.#from);
      const s = p.kind === 'table' ? w.table() : p.kind === 'table-row' ? w.row(p.#at) : w.column(p.#at);
      // A table changed in place under its passages (no reader does): say so rather than make up a text.
      if (!s) throw new Error(`table passage ${p.id}: its table has no ${p.kind} summary at ${p.#at} any more`);
      m = p.#made = { text: s.text, cells: s.cells };
      const old = recent[next]?.deref();
      if (old && old !== p) old.#made = undefined;
      recent[next] = new WeakRef(p);
      next = (next + 1) % RECENT;
      return m;
    };
    const sentencesOf = (p: TablePassage): Sentence[] => {
      const m = made(p);
      if (m.sentences) return m.sentences;
      const d = p.#dates!;
      if (Array.isArray(d)) return (m.sentences = [sentence(0, m.text.length, d, undefined)]);
      if ('kept' in d) return (m.sentences = d.kept);
      const spans = splitSentences(m.text);
      return (m.sentences = spans.map((x, i) => sentence(x.start, x.end, d.times[i]!, d.intervals?.[i])));
    };
    // Assigning one makes it a plain data property of that passage, as on an eager one.
    const own = (p: TablePassage, key: string, value: unknown) => Object.defineProperty(p, key, { value, writable: true, enumerable: true, configurable: true });
    TEXT = { get(this: TablePassage) { return made(this).text; }, set(this: TablePassage, v: string) { own(this, 'text', v); }, enumerable: true, configurable: true };
    CELLS = { get(this: TablePassage) { return made(this).cells; }, set(this: TablePassage, v: unknown) { own(this, 'cells', v); }, enumerable: true, configurable: true };
    SENTENCES = { get(this: TablePassage) { return sentencesOf(this); }, set(this: TablePassage, v: unknown) { own(this, 'sentences', v); }, enumerable: true, configurable: true };
    seal = (p, shared) => {
      const m = p.#made;
      if (!m?.sentences) return;
      const s = m.sentences;
      const prepared = m.spans;
      m.spans = undefined;
      if (s.length === 1 && s[0]!.start === 0 && s[0]!.end === m.text.length && !s[0]!.intervals && plain(s[0]!)) {
        p.#dates = share(s[0]!.times, shared);
        return;
      }
      // Loops, not closures: a passage is sealed once, and there are many.
      const spans = prepared ?? splitSentences(m.text);
      let same = spans.length === s.length;
      let intervals = false;
      for (let i = 0; same && i < s.length; i++) {
        const x = s[i]!;
        same = spans[i]!.start === x.start && spans[i]!.end === x.end && plain(x);
        if (x.intervals) intervals = true;
      }
      if (!same) {
        p.#dates = { kept: s };
        return;
      }
      const times: TimeSpan[][] = [];
      let dated = false;
      for (const x of s) {
        const t = share(x.times, shared);
        if (t !== NO_TIMES) dated = true;
        times.push(t);
      }
      if (!intervals) p.#dates = dated ? { times } : undatedSentences(times.length);
      else {
        const each: Array<EventInterval[] | undefined> = [];
        for (const x of s) each.push(x.intervals);
        p.#dates = { times, intervals: each };
      }
    };
    release = (p) => {
      // A table-level summary is kept whole: one per table, and the costliest to write again
      // (every header name, the row labels, the years of its ranges), read for every lexical hit.
      const m = p.#made;
      if (!p.#dates || !m) return;
      p.#made = p.kind === 'table' ? { text: m.text, cells: m.cells } : undefined;
    };
    isLazy = (p) => #from in p;
    timesOf = (p) => {
      const held = p.#made?.sentences;
      const d = p.#dates;
      if (held || !d) return sentencesOf(p).map((x) => x.times);
      return Array.isArray(d) ? [d] : 'kept' in d ? d.kept.map((x) => x.times) : d.times;
    };
    open = (f, from, at, dates, made) => {
      const p = new TablePassage(f, from, at, made);
      p.#dates = dates;
      return p;
    };
  }
}

/** A sentence as the ingest writes one (`intervals` after `times`, only when it has some). */
function sentence(start: number, end: number, times: TimeSpan[], intervals: EventInterval[] | undefined): Sentence {
  return intervals ? { start, end, times, intervals } : { start, end, times };
}

const SENTENCE_KEYS = new Set(['start', 'end', 'times', 'intervals']);

/** A sentence with no field but those a derived one has. */
function plain(s: Sentence): boolean {
  for (const k in s) if (!SENTENCE_KEYS.has(k)) return false;
  return true;
}

/**
 * A table passage as prepared: complete, its derived fields held as written (`summary`, and
 * `sentences` with their timestamps) until {@link sealPrepared} and {@link releasePrepared}.
 * `spans`, when given, must be `splitSentences(summary.text)` (what the sentences were cut at):
 * sealing reads them instead of splitting the text again.
 */
export function tablePassage(fields: TablePassageFields, from: TableSource, summary: TableSummary, sentences: Sentence[], spans?: readonly SentenceSpan[]): Passage {
  return new TablePassage(fields, from, summary.at, spans ? { text: summary.text, cells: summary.cells, sentences, spans } : { text: summary.text, cells: summary.cells, sentences }) as unknown as Passage;
}

/**
 * The timestamps of each of a passage's sentences, in order: for a table passage, what it keeps,
 * without writing its text again (a corpus's time coverage reads every passage's).
 */
export function sentenceTimes(p: Passage): readonly TimeSpan[][] {
  return isLazy(p) && derivedField(p, 'sentences', SENTENCES) ? timesOf(p) : p.sentences.map((s) => s.times);
}

/** Whether a passage's field is still the derived accessor (not a value a caller assigned). */
function derivedField(p: TablePassage, key: string, d: PropertyDescriptor): boolean {
  return Object.getOwnPropertyDescriptor(p, key)?.get === d.get;
}

/*
 * What a stored derived passage is derived with: its summary writer, as a fingerprint of the
 * summaries it writes for a probe table (a group row, merged year headers, units, a total, a
 * date) and a version to bump when a change of the writer would not show on the probe. A
 * segment of another writer opens as stored (its passages hold the text they were indexed by).
 */
const SUMMARIES_VERSION = 1;
let fingerprint: string | undefined;

function probeTable(): Table {
  const rows = [
    ['Region', '2012', '', '2013 (%)'],
    ['', 'Buy', 'Sell', 'Buy'],
    ['Americas', '', '', ''],
    ['Mexico', '1.5', '2.0', '12 March 2013'],
    ['Total', '3', '4', '5'],
  ];
  const cells: TableCell[] = [];
  rows.forEach((row, r) => row.forEach((text, c) => {
    if (r === 0 && c === 2) return;
    cells.push({ row: r, col: c, rowSpan: 1, colSpan: r === 0 && c === 1 ? 2 : 1, text, header: r < 2 });
  }));
  return { caption: 'Rates by region, 2012 and 2013', rows: rows.length, cols: 4, cells, start: 0, end: 0 };
}

/** The fingerprint of this summary writer (see above). */
export function summariesFingerprint(): string {
  if (fingerprint === undefined) {
    const table = probeTable();
    let h = 0x811c9dc5;
    for (const s of summarizeTable(table, { title: 'Probe', structure: structureOf(table) })) {
      for (const ch of `${s.kind}\u0001${s.at}\u0001${s.text}\u0001${s.cells.join(';')}\u0002`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
    }
    fingerprint = `s${SUMMARIES_VERSION}.${(h >>> 0).toString(16)}`;
  }
  return fingerprint;
}

/** The fields a decoded table passage may hold and a derived one rebuilds. */
const OPENED_KEYS = new Set(['id', 'docId', 'ordinal', 'kind', 'text', 'start', 'end', 'heading', 'tableIndex', 'cells', 'sentences', 'source', 'page']);

/**
 * Makes the decoded table passages of records that their segment marks derived (by this
 * writer) derived ones, in place: what an engine holds of a corpus it opened is then what it
 * holds of one it ingested. Their timestamps and intervals are kept as decoded; a table-level
 * summary keeps its decoded text and cells (as one kept after ingest does). A passage that
 * holds anything else, or whose table is missing, stays as decoded, unless it was stored bare
 * (without its text, version 4): those it cannot derive (another writer's) are the records it
 * returns, whose tables' summaries must be written anew (`rederive.ts`).
 */
export function openDerived(records: Iterable<DocumentRecord>): DocumentRecord[] {
  const writer = summariesFingerprint();
  const underived: DocumentRecord[] = [];
  for (const r of records) {
    let sources: Map<string, TableSource> | undefined;
    // Decoded, every passage has its own copies: shared again as an ingest shares them.
    const times: SharedTimes = new Map();
    let where: { start: number; end: number } | undefined;
    let left = false;
    const { passages } = r;
    for (let i = 0; i < passages.length; i++) {
      const p = passages[i]!;
      if (!Object.hasOwn(p, DERIVED)) continue;
      const mark = (p as Passage & { [DERIVED]: DerivedMark })[DERIVED];
      const table = r.document.tables[p.tableIndex ?? -1];
      if (mark.writer !== writer || !table || p.heading === undefined || p.kind === 'text' || p.kind === 'sentence') {
        if (mark.bare) left = true;
        continue;
      }
      // A bare passage's text is not there to measure: its sentences are as its writer cut them.
      const dates = datesOf(p.sentences, mark.sentences, mark.bare ? undefined : p.text.length, times);
      if (!dates || (!mark.bare && !onlyKnownKeys(p))) {
        if (mark.bare) left = true;
        continue;
      }
      const title = mark.title ?? p.heading;
      const key = `${p.tableIndex}\u0000${title}`;
      sources ??= new Map();
      let from = sources.get(key);
      if (!from) sources.set(key, (from = { table, title }));
      const x = p as Passage & { source?: { start: number; end: number }; page?: number };
      if (x.source !== undefined) where = where && where.start === x.source.start && where.end === x.source.end ? where : x.source;
      const fields: TablePassageFields = {
        id: p.id, docId: p.docId, ordinal: p.ordinal, kind: p.kind, start: p.start, end: p.end, heading: p.heading, tableIndex: p.tableIndex!,
        ...(x.source !== undefined ? { source: where! } : {}), ...(x.page !== undefined ? { page: x.page } : {}),
      };
      // A decoded text is a slice of every text of its segment: kept, it would keep them all.
      const made = p.kind === 'table' && p.cells ? { text: ownCopy(p.text), cells: p.cells } : undefined;
      const opened = open(fields, from, mark.at, dates, made) as unknown as Passage;
      // A bare passage has no other way to keep a field a caller added (stored as JSON).
      if (mark.bare) for (const k in p) if (!OPENED_KEYS.has(k)) (opened as unknown as Record<string, unknown>)[k] = (p as unknown as Record<string, unknown>)[k];
      passages[i] = opened;
    }
    if (left) underived.push(r);
  }
  return underived;
}

provideOpenDerived(openDerived);

/**
 * A derived passage's kept dates from its decoded sentences, laid out as the mark says; undefined
 * if they are not. `length`: its text's, where it has one to check the sentence against.
 */
function datesOf(sentences: Sentence[], layout: DerivedMark['sentences'], length: number | undefined, shared: SharedTimes): Dates | undefined {
  if (layout === 'kept') return { kept: sentences };
  if (!sentences.every(plain)) return undefined;
  if (layout === 'whole') {
    const s = sentences[0];
    return sentences.length === 1 && s!.start === 0 && (length === undefined || s!.end === length) && !s!.intervals ? share(s!.times, shared) : undefined;
  }
  const times = sentences.map((x) => share(x.times, shared));
  return sentences.some((x) => x.intervals) ? { times, intervals: sentences.map((x) => x.intervals) } : { times };
}

const NO_TIMES: TimeSpan[] = Object.freeze([]) as unknown as TimeSpan[];

/** The dates of `n` sentences none of which is dated, one (frozen) object for every passage of as many (most of a corpus's). */
const UNDATED: Array<{ times: TimeSpan[][] }> = [];

function undatedSentences(n: number): { times: TimeSpan[][] } {
  return (UNDATED[n] ??= Object.freeze({ times: Object.freeze(new Array<TimeSpan[]>(n).fill(NO_TIMES)) as TimeSpan[][] }));
}

/**
 * One array for equal timestamps of a document's sentences (a table's summaries repeat its
 * caption's and its headers' dates), and one object for equal spans (`sharedTimes`). Keyed by a
 * hash of the spans and checked span by span: a collision only shares nothing.
 */
function share(times: TimeSpan[], shared: SharedTimes): TimeSpan[] {
  if (!times.length) return NO_TIMES;
  let h = 0x811c9dc5;
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    h = Math.imul(h ^ ((t.start / DAY) | 0), 0x01000193);
    h = Math.imul(h ^ ((t.end / DAY) | 0), 0x01000193);
    h = Math.imul(h ^ t.from, 0x01000193);
    h = Math.imul(h ^ t.to, 0x01000193);
  }
  const known = shared.get(h);
  if (known) return sameTimes(known, times) ? known : times;
  shared.set(h, sharedTimes(times));
  return times;
}

type SharedTimes = Map<number, TimeSpan[]>;
const DAY = 86_400_000;

function sameTimes(a: TimeSpan[], b: TimeSpan[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && (x.start !== y.start || x.end !== y.end || x.from !== y.from || x.to !== y.to || x.granularity !== y.granularity || x.open !== y.open)) return false;
  }
  return true;
}

/** A string that holds only its own characters (a slice holds the string it was cut from). */
function ownCopy(s: string): string {
  // Slicing a concatenation flattens it into a new string first: what is kept is that copy.
  return (s + ' ').slice(0, -1);
}

function onlyKnownKeys(p: Passage): boolean {
  for (const k in p) if (!OPENED_KEYS.has(k)) return false;
  return true;
}

/**
 * Keeps what cannot be derived of prepared table passages: their sentences' timestamps and
 * intervals, as they are now (after `attachEventIntervals`). Other passages are left alone.
 */
export function sealPrepared(passages: Iterable<Passage>): void {
  const shared: SharedTimes = new Map();
  for (const p of passages) if (isLazy(p)) seal(p, shared);
}

/**
 * Lets sealed table passages drop what they hold as prepared: from now on their text, cells and
 * sentences are written again when read. The engine calls it once a batch is stored and
 * indexed (what indexing and storing read is then no longer needed).
 */
export function releasePrepared(passages: Iterable<Passage>): void {
  for (const p of passages) if (isLazy(p)) release(p);
}

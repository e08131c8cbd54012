import { summaryWriter, type SummaryWriter, type TableSummary } from '../tables/summaries.ts';
import { splitSentences } from '../text/segment.ts';
import { structureOf } from '../tables/structure-of.ts';
import type { EventInterval, Passage, PassageKind, Sentence, Table, TimeSpan } from '../types.ts';

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
const writers = new WeakMap<TableSource, SummaryWriter>();
const writerRing: Array<WeakRef<TableSource> | undefined> = new Array(WRITERS);
let nextWriter = 0;

function writerOf(from: TableSource): SummaryWriter {
  let w = writers.get(from);
  if (!w) {
    w = summaryWriter(from.table, { title: from.title, structure: structureOf(from.table) });
    const old = writerRing[nextWriter]?.deref();
    if (old) writers.delete(old);
    writers.set(from, w);
    writerRing[nextWriter] = new WeakRef(from);
    nextWriter = (nextWriter + 1) % WRITERS;
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
let seal: (p: TablePassage) => void;
let release: (p: TablePassage) => void;
let isLazy: (p: object) => p is TablePassage;
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

  constructor(f: TablePassageFields, from: TableSource, summary: TableSummary, sentences: Sentence[]) {
    // The order of a passage built eagerly (`prepare.ts`), so that a copy reads the same.
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
    this.#at = summary.at;
    this.#dates = undefined;
    this.#made = { text: summary.text, cells: summary.cells, sentences };
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
    seal = (p) => {
      const m = p.#made;
      if (!m?.sentences) return;
      const s = m.sentences;
      if (s.length === 1 && s[0]!.start === 0 && s[0]!.end === m.text.length && !s[0]!.intervals && plain(s[0]!)) {
        p.#dates = s[0]!.times;
      } else {
        const spans = splitSentences(m.text);
        const same = spans.length === s.length && spans.every((x, i) => x.start === s[i]!.start && x.end === s[i]!.end && plain(s[i]!));
        p.#dates = !same ? { kept: s }
          : s.some((x) => x.intervals) ? { times: s.map((x) => x.times), intervals: s.map((x) => x.intervals) }
          : { times: s.map((x) => x.times) };
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
 */
export function tablePassage(fields: TablePassageFields, from: TableSource, summary: TableSummary, sentences: Sentence[]): Passage {
  return new TablePassage(fields, from, summary, sentences) as unknown as Passage;
}

/**
 * Keeps what cannot be derived of prepared table passages: their sentences' timestamps and
 * intervals, as they are now (after `attachEventIntervals`). Other passages are left alone.
 */
export function sealPrepared(passages: Iterable<Passage>): void {
  for (const p of passages) if (isLazy(p)) seal(p);
}

/**
 * Lets sealed table passages drop what they hold as prepared: from now on their text, cells and
 * sentences are written again when read. The engine calls it once a batch is stored and
 * indexed (what indexing and storing read is then no longer needed).
 */
export function releasePrepared(passages: Iterable<Passage>): void {
  for (const p of passages) if (isLazy(p)) release(p);
}

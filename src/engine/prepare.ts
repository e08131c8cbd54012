import { AlmanacError, createError, throwIfAborted } from '../errors.ts';
import { detectFormat } from '../ingest/detect-format.ts';
import { readerFor } from '../ingest/formats.ts';
import { looksBinary } from '../ingest/binary.ts';
import { pageAt, passageSource } from '../ingest/source-map.ts';
import { chunkBlocks } from '../text/chunk.ts';
import { splitSentences, type SentenceSpan } from '../text/segment.ts';
import { assumedLanguage } from '../text/assumed-language.ts';
import type { ScriptInfo } from '../text/scripts.ts';
import { extractTimestamps } from '../temporal/index.ts';
import { piecewiseGates } from '../temporal/date-gates.ts';
import { detectHeaders, summarizeTable } from '../tables/index.ts';
import type { TableSummary } from '../tables/summaries.ts';
import type { TableStructure } from '../tables/headers.ts';
import { CHUNKING, LIMITS } from '../settings.ts';
import { attachEventIntervals } from './event-intervals.ts';
import { setTextPieces } from '../retrieval/text-pieces.ts';
import { sealPrepared, tablePassage, type TableSource } from './table-passages.ts';
import { packTables } from '../tables/packed-cells.ts';
import { setSourceMap } from '../ingest/packed-source-map.ts';

/** What the engine calls once a prepared batch is stored and indexed (`table-passages.ts`). */
export { releasePrepared } from './table-passages.ts';

/** How the indexes read the passages written as pieces here (`setPiecewiseTerms`, called by the engine when it loads this module). */
export { PieceTerms } from '../retrieval/text-pieces.ts';
import { sharedTimes } from './shared-times.ts';
import type { DocumentInput, Passage, Sentence, StoredDocument, Table, TimeSpan } from '../types.ts';

/** A parsed document and its passages, ready to embed, index and store. */
export interface PreparedDocument {
  document: StoredDocument;
  passages: Passage[];
  warnings: string[];
  /** The language assumed for its words (`assumedLanguage`), for its ingest report. */
  language: ScriptInfo;
}

/** Options of {@link prepareDocument}. */
export interface PrepareOptions {
  /** `addedAt` of the document (default: now). */
  now?: number;
  signal?: AbortSignal;
  /**
   * Awaited between steps of a long document (after reading it, and every few passages), so the
   * caller can give its event loop a turn (`TimeSlice.pause`); the signal is checked after each.
   */
  pause?: () => Promise<void>;
}

/** The timestamps of a sentence without any, one array for all of them (frozen: shared). */
const NO_TIMES: TimeSpan[] = Object.freeze([]) as unknown as TimeSpan[];

/** Passages prepared between two calls of {@link PrepareOptions.pause}. */
const PASSAGES_PER_PAUSE = 64;

/**
 * Turns one input into a stored document and its passages: read the format, chunk, summarise
 * tables (H-RCL), split sentences and extract their timestamps. No I/O and no DOM, so it runs
 * the same in a worker, a page and Node; asynchronous because some readers load their library
 * on demand. Rejects with an {@link AlmanacError} for bad input.
 */
export async function prepareDocument(input: DocumentInput, options: PrepareOptions = {}): Promise<PreparedDocument> {
  const now = options.now ?? Date.now();
  const raw = input?.content instanceof ArrayBuffer ? new Uint8Array(input.content) : input?.content;
  if (typeof raw !== 'string' && !(raw instanceof Uint8Array)) {
    throw createError('INVALID_OPTION', 'content', 'each document needs its content as a string, a Uint8Array or an ArrayBuffer');
  }
  if (input.id !== undefined && (typeof input.id !== 'string' || !input.id)) throw createError('INVALID_OPTION', 'id', 'give each document a non-empty string id, or leave it out to derive one from its name');
  if (input.name !== undefined && typeof input.name !== 'string') throw createError('INVALID_OPTION', 'name', 'a document\'s name is a string (its file name or title)');
  for (const key of ['date', 'modified'] as const) {
    const d = input[key];
    if (d !== undefined && !(d instanceof Date && Number.isFinite(d.getTime()))) throw createError('INVALID_OPTION', key, `a document's ${key} is a valid Date`);
  }
  const name = input.name?.trim() || input.id || 'untitled';
  const format = input.format && input.format !== 'auto' ? input.format : detectFormat(input.name, raw);
  if (!format) throw createError('UNSUPPORTED_FORMAT', name);
  const reader = readerFor(format);
  if (!reader) throw createError('INVALID_OPTION', 'format', `"${String(format)}" is not a format Almanac reads; leave it out or use "auto"`);
  const max = reader.binary ? LIMITS.maxBinaryBytes : LIMITS.maxDocumentChars;
  if (raw.length > max) throw createError('DOCUMENT_TOO_LARGE', name, max);
  const content = reader.binary || typeof raw === 'string' ? raw : decodeText(raw);
  if (!reader.binary && looksBinary(content as string)) throw createError('BINARY_CONTENT', name, format);
  if (reader.binary && typeof content === 'string') throw createError('INVALID_OPTION', 'content', `a ${format} document is read from its bytes: pass a Uint8Array or an ArrayBuffer`);
  const parsed = await readSafely(() => reader.read(content, { name, signal: options.signal }), name);
  // Zero-width characters, NULs and other invisible code points are not white space to trim():
  // a document of only those would be "ingested" and never found.
  if (!HAS_WORD.test(parsed.text)) throw createError('EMPTY_DOCUMENT', name);
  const pause = async (): Promise<void> => {
    await options.pause?.();
    throwIfAborted(options.signal, 'Ingest');
  };
  await pause();

  const id = input.id ?? documentId(input.name, content);
  const title = parsed.title?.trim() || name.replace(/\.[a-z0-9]+$/i, '');
  // The caller's date wins; else the one the document states (front matter); else the file's.
  const date = input.date ?? parsed.date ?? input.modified;
  const document: StoredDocument = {
    id, name, format, title, text: parsed.text, tables: parsed.tables, addedAt: now, rawLength: raw.length,
    ...(date ? { date: date.toISOString() } : {}),
  };
  // Kept packed: HiTab's maps held 9 MB as arrays (`packed-source-map.ts`).
  if (parsed.sourceMap) setSourceMap(document, parsed.sourceMap);
  const timeOptions = date ? { referenceDate: date } : undefined;
  const passages: Passage[] = [];
  const tableBlocks = new Map(parsed.blocks.filter((b) => b.tableIndex !== undefined).map((b) => [b.tableIndex!, b]));
  const dater = new Dater(date);
  // Text and sentence passages; a table's passages are made below (`tablePassage`).
  const push = (p: Omit<Passage, 'id' | 'docId' | 'ordinal' | 'sentences'>, spans: SentenceSpan[]) => {
    const ordinal = passages.length;
    const sentences = dater.sentences(p.text, spans);
    // Where the passage is in what the user gave: the file's text, or a PDF's page.
    const source = passageSource(parsed, p.start, p.end);
    const page = parsed.pages ? pageAt(parsed.pages, p.start) : undefined;
    passages.push({ id: `${id}#${ordinal}`, docId: id, ordinal, sentences, ...p, ...(source && parsed.sourceMap ? { source } : {}), ...(page ? { page } : {}) });
  };
  let sincePause = 0;
  const step = async (): Promise<void> => {
    if (++sincePause < PASSAGES_PER_PAUSE) return;
    sincePause = 0;
    await pause();
  };

  const chunks = chunkBlocks(parsed.text, parsed.blocks);
  for (const c of chunks) {
    push({ kind: 'text', text: parsed.text.slice(c.start, c.end), start: c.start, end: c.end, heading: c.heading ?? title }, c.sentences);
    await step();
  }
  // A document that mixes text and tables also gets its sentences as passages (MixRAG chunks
  // such documents' text into sentences): a question about a figure explained in the text finds
  // the one sentence, as it finds the one row. They join the lexical corpus: in the structured
  // one they crowded out row and column summaries (TAT-QA dev HiT@1: 65.3 without sentences,
  // 64.4 with them beside the summaries, 65.6 in the lexical corpus).
  if (parsed.tables.length) {
    for (const c of chunks) {
      for (const s of c.sentences) {
        const start = c.start + s.start;
        const end = c.start + s.end;
        const text = parsed.text.slice(start, end);
        if (wordCount(text) < CHUNKING.minSentenceWords) continue;
        push({ kind: 'sentence', text, start, end, heading: c.heading ?? title }, [{ start: 0, end: text.length }]);
        await step();
      }
    }
  }
  // Detected once per table: the summaries and the dated rows read the same structure.
  const structures = parsed.tables.map((table) => detectHeaders(table));
  for (const [tableIndex, table] of parsed.tables.entries()) {
    // A caption names the table within its document ("releases"); the document's own title
    // (not a file name standing in for one) says whose it is ("Alpine Linux"): both head its
    // passages ("Alpine Linux: releases").
    // (The nearest section heading was measured in either place and left out: docs/RESULTS.md, Formats.)
    const own = parsed.title?.trim();
    const heading = own ? tableHeading(own, table.caption) : table.caption ?? title;
    const tableBlock = tableBlocks.get(tableIndex);
    const where = tableBlock ? tableBlock.source : passageSource(parsed, table.start, table.end);
    const page = parsed.pages ? pageAt(parsed.pages, table.start) : undefined;
    const place: TablePlace = { heading, title: heading, source: where && parsed.sourceMap ? where : undefined, page: page || undefined };
    for (const p of tablePassages(id, table, tableIndex, place, structures[tableIndex]!, passages.length, dater)) {
      passages.push(p);
      await step();
    }
  }
  attachEventIntervals(passages, parsed.tables, timeOptions, structures);
  sealPrepared(passages);
  // Summarised and dated: from now on the cells are read far less than they are kept.
  packTables(parsed.tables);
  return { document, passages, warnings: parsed.warnings, language: assumedLanguage(parsed.text) };
}

/** Where a table's passages point and what heads them: read off the document at ingest, or off its stored passages (`rederive.ts`). */
export interface TablePlace {
  /** Their heading. */
  heading: string;
  /** The title the summaries are written under (the heading, unless something renamed it after). */
  title: string;
  /** The table in the user's file (text formats). */
  source?: { start: number; end: number };
  /** Its PDF page. */
  page?: number;
}

/**
 * A table's passages (MixRAG's H-RCL: its summary, then one per row and per column), their
 * sentences dated, numbered from `ordinal`: each keeps which summary it is and derives its text
 * from the table when read (`table-passages.ts`), once sealed with its document's passages.
 * One by one, so that the caller may give its event loop a turn between two (a sheet of 100k rows).
 */
export function* tablePassages(docId: string, table: Table, tableIndex: number, place: TablePlace, structure: TableStructure, ordinal: number, dater: Dater): Generator<Passage> {
  // The table's passages keep which summary they are; their text, cells and sentences are
  // derived from the table when read (`table-passages.ts`), once this document is indexed.
  const from: TableSource = { table, title: place.title };
  for (const s of summarizeTable(table, { title: place.title, structure })) {
    const spans = splitSentences(s.text);
    const sentences = dater.summarySentences(s, spans);
    // (`source` and `page` undefined when absent: a table passage holds only those it has.)
    const p = tablePassage({
      id: `${docId}#${ordinal}`, docId, ordinal, kind: s.kind, start: table.start, end: table.end, heading: place.heading, tableIndex, source: place.source, page: place.page,
    }, from, s, sentences, spans);
    if (s.pieces) setTextPieces(p, s.pieces.ids, s.pieces.texts);
    ordinal++;
    yield p;
  }
}

/**
 * Dates one document's sentences (MRAG's timestamps, once at ingest), against its own date when
 * it states one. A sentence written again is dated once, and its timestamps are shared
 * (read-only, offsets are the sentence's own; `shared-times.ts` shares equal spans across
 * sentences too).
 */
export class Dater {
  private readonly timesBySentence = new Map<string, TimeSpan[]>();
  private readonly options: { referenceDate: Date } | undefined;
  // A table summary of one sentence is read for which date patterns to run by its pieces, each
  // distinct piece of its table once (`piecewiseGates`): the same timestamps, 12% less time dating
  // HiTab's summaries (docs/RESULTS.md).
  private pieceGates: number[] = [];
  private piecesOf: readonly string[] | undefined;

  constructor(private readonly date: Date | undefined) {
    this.options = date ? { referenceDate: date } : undefined;
  }

  /** The timestamps of one sentence. */
  timesOf(sentence: string): TimeSpan[] {
    let times = this.timesBySentence.get(sentence);
    if (!times) {
      times = sharedTimes(extractTimestamps(sentence, this.options));
      this.timesBySentence.set(sentence, times.length ? times : NO_TIMES);
    }
    return times.length ? times : NO_TIMES;
  }

  /** The sentences of `text` cut at `spans`, dated. */
  sentences(text: string, spans: SentenceSpan[]): Sentence[] {
    // A loop, not `spans.map` with a closure made per passage (each closure is an allocation, and a runtime call under tsx).
    const out: Sentence[] = [];
    for (let i = 0; i < spans.length; i++) {
      const s = spans[i]!;
      out.push({ start: s.start, end: s.end, times: this.timesOf(text.slice(s.start, s.end)) });
    }
    return out;
  }

  /**
   * A table summary's sentences, dated. One of a single sentence is dated without looking it up
   * among the document's sentences: a summary is its row's or column's alone (11 of HiTab's
   * 86,632 repeat one), and the lookup hashed every summary's whole text.
   */
  summarySentences(s: TableSummary, spans: SentenceSpan[]): Sentence[] {
    const one = spans.length === 1 && spans[0]!.start === 0 && spans[0]!.end === s.text.length;
    if (!one || !s.pieces) return this.sentences(s.text, spans);
    if (s.pieces.texts !== this.piecesOf) {
      this.piecesOf = s.pieces.texts;
      this.pieceGates = [];
    }
    const gates = piecewiseGates(s.pieces.texts, s.pieces.ids, this.pieceGates, s.text.length);
    const times = gates === undefined ? this.timesOf(s.text) : sharedTimes(extractTimestamps(s.text, { referenceDate: this.date, gates }));
    return [{ start: 0, end: s.text.length, times: times.length ? times : NO_TIMES }];
  }
}

/** A table's heading: its caption after the document's title, once when they are the same. */
function tableHeading(title: string, caption: string | undefined): string {
  const c = caption?.replace(/\s+/g, ' ').trim();
  if (!c) return title;
  return c.toLowerCase().includes(title.toLowerCase()) ? c : `${title}: ${c}`;
}

/** A letter, a digit or an emoji: something a search can find. */
const HAS_WORD = /[\p{L}\p{N}\p{Emoji_Presentation}]/u;

/** Runs a reader; an error of its own that is not in the catalogue becomes `READ_FAILED`, with the reader's words kept. */
async function readSafely<T>(read: () => Promise<T>, name: string): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AlmanacError) throw err;
    const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    throw createError('READ_FAILED', name, why, { cause: err });
  }
}

/** UTF-8 (the default of every text format read here), without a byte-order mark. */
function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Longest name used whole as an id; a longer one keeps {@link ID_PREFIX_CHARS} and a hash of the whole. */
const MAX_ID_CHARS = 200;
const ID_PREFIX_CHARS = 160;

/**
 * The id of a document the caller gave none: its name (the same file, ingested again, replaces
 * itself; two names that differ anywhere, in any script, give two ids), or with no name a hash of
 * its content (the same text is the same document). Names are compared as Unicode NFC, so a
 * name typed on one system and read from another's file system is still one name. Exported for tests.
 */
export function documentId(name: string | undefined, content: string | Uint8Array): string {
  const trimmed = name?.trim().normalize('NFC');
  if (!trimmed) return `doc-${hash104(content)}`;
  if (trimmed.length <= MAX_ID_CHARS) return trimmed;
  return `${trimmed.slice(0, ID_PREFIX_CHARS)}…${hash104(trimmed)}`;
}

/**
 * A 104-bit hash (two 52-bit halves of cyrb53 with different seeds): collisions are negligible
 * for any corpus a device holds (~1e-19 for a million names). Not a security hash; no adversary
 * chooses a user's own file names. Synchronous and everywhere, unlike Web Crypto's digest, which
 * a page served over plain HTTP lacks.
 */
function hash104(s: string | Uint8Array): string {
  return half(s, 0x9e3779b9) + half(s, 0x7f4a7c15);
}

function half(s: string | Uint8Array, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  const text = typeof s === 'string';
  for (let i = 0; i < s.length; i++) {
    const ch = text ? s.charCodeAt(i) : s[i]!;
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 0x100000000 * (0xfffff & h2) + (h1 >>> 0);
  return value.toString(16).padStart(13, '0');
}

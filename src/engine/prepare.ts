import { createError } from '../errors.ts';
import { detectFormat } from '../ingest/detect-format.ts';
import { readerFor } from '../ingest/formats.ts';
import { chunkBlocks } from '../text/chunk.ts';
import { splitSentences, type SentenceSpan } from '../text/segment.ts';
import { extractTimestamps } from '../temporal/index.ts';
import { summarizeTable } from '../tables/index.ts';
import { CHUNKING, LIMITS } from '../settings.ts';
import { attachEventIntervals } from './event-intervals.ts';
import type { DocumentInput, Passage, Sentence, StoredDocument } from '../types.ts';

/** A parsed document and its passages, ready to embed, index and store. */
export interface PreparedDocument {
  document: StoredDocument;
  passages: Passage[];
  warnings: string[];
}

/** Options of {@link prepareDocument}. */
export interface PrepareOptions {
  /** `addedAt` of the document (default: now). */
  now?: number;
  signal?: AbortSignal;
}

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
  const name = input.name?.trim() || input.id || 'untitled';
  if (raw.length > LIMITS.maxDocumentChars) throw createError('DOCUMENT_TOO_LARGE', name, LIMITS.maxDocumentChars);
  const format = input.format && input.format !== 'auto' ? input.format : detectFormat(input.name, raw);
  if (!format) throw createError('UNSUPPORTED_FORMAT', name);
  const reader = readerFor(format);
  const content = reader.binary || typeof raw === 'string' ? raw : decodeText(raw);
  const parsed = await reader.read(content, { name, signal: options.signal });
  if (!parsed.text.trim()) throw createError('EMPTY_DOCUMENT', name);

  const id = input.id ?? documentId(name, content);
  const title = parsed.title?.trim() || name.replace(/\.[a-z0-9]+$/i, '');
  const document: StoredDocument = {
    id, name, format, title, text: parsed.text, tables: parsed.tables, addedAt: now, rawLength: raw.length,
    ...(input.date ? { date: input.date.toISOString() } : {}),
  };
  const timeOptions = input.date ? { referenceDate: input.date } : undefined;
  const passages: Passage[] = [];
  const push = (p: Omit<Passage, 'id' | 'docId' | 'ordinal' | 'sentences'>, spans: SentenceSpan[]) => {
    const ordinal = passages.length;
    const sentences: Sentence[] = spans.map((s) => ({
      start: s.start, end: s.end, times: extractTimestamps(p.text.slice(s.start, s.end), timeOptions),
    }));
    passages.push({ id: `${id}#${ordinal}`, docId: id, ordinal, sentences, ...p });
  };

  const chunks = chunkBlocks(parsed.text, parsed.blocks);
  for (const c of chunks) {
    push({ kind: 'text', text: parsed.text.slice(c.start, c.end), start: c.start, end: c.end, heading: c.heading ?? title }, c.sentences);
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
      }
    }
  }
  parsed.tables.forEach((table, tableIndex) => {
    for (const s of summarizeTable(table, { title: table.caption ?? title })) {
      push({ kind: s.kind, text: s.text, start: table.start, end: table.end, heading: table.caption ?? title, tableIndex, cells: s.cells }, splitSentences(s.text));
    }
  });
  attachEventIntervals(passages, parsed.tables, timeOptions);
  return { document, passages, warnings: parsed.warnings };
}

/** UTF-8 (the default of every text format read here), without a byte-order mark. */
function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** A stable id from the name, or from the content when names collide across folders. */
function documentId(name: string, content: string | Uint8Array): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return slug || `doc-${hash(content)}`;
}

/** FNV-1a, 32 bits: enough to name untitled documents, not a security hash. */
function hash(s: string | Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ (typeof s === 'string' ? s.charCodeAt(i) : s[i]!), 0x01000193);
  return (h >>> 0).toString(16);
}

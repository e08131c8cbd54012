import type { DocumentFormat } from '../types.ts';
import type { ParsedDocument } from './parsed.ts';
import { parseText } from './parse-text.ts';
import { readMarkdown } from './parse-markdown.ts';

/** What one reader is given besides the content. */
export interface ReadContext {
  /** The document's name, for messages. */
  name: string;
  signal?: AbortSignal;
}

/**
 * How one format becomes a {@link ParsedDocument}. Every reader is asynchronous, so that one
 * which needs a library loaded on demand (PDF, Office) has the same shape as the text ones.
 */
export interface FormatReader {
  readonly format: DocumentFormat;
  /** File extensions it claims, lower case, without the dot. */
  readonly extensions: readonly string[];
  /** Reads bytes (`Uint8Array`); a text reader is given the content decoded as UTF-8 instead. */
  readonly binary: boolean;
  read(content: string | Uint8Array, context: ReadContext): Promise<ParsedDocument>;
}

/** A reader of a text format from its synchronous parser. */
function textReader(format: DocumentFormat, extensions: readonly string[], parse: (content: string) => ParsedDocument): FormatReader {
  return { format, extensions, binary: false, read: async (content) => parse(content as string) };
}

/** A text reader whose parser (and its library) is imported on first use. */
function lazyTextReader(format: DocumentFormat, extensions: readonly string[], load: () => Promise<(content: string) => ParsedDocument>): FormatReader {
  let parser: Promise<(content: string) => ParsedDocument> | undefined;
  return { format, extensions, binary: false, read: async (content) => (await (parser ??= load()))(content as string) };
}

/**
 * Every format Almanac reads, in one place: the engine, the CLI and the demo page take their
 * lists of accepted extensions from here. A reader that needs a large library imports it in
 * `read`, so a page that never meets such a file never downloads it.
 */
export const READERS: readonly FormatReader[] = [
  textReader('text', ['txt', 'text'], parseText),
  // Front matter's YAML and TOML parsers are imported with the first file that has one.
  { format: 'markdown', extensions: ['md', 'markdown', 'mdown'], binary: false, read: (content, context) => readMarkdown(content as string, context.name) },
  // HTML (htmlparser2 and its entity tables) and CSV (papaparse; RST reads its tables through
  // the CSV reader) are a third of the engine worker's download: loaded with the first such
  // file, so a corpus of text and Markdown (and the one-tag embed until a visitor drops such a
  // file) never fetches them.
  lazyTextReader('html', ['html', 'htm', 'xhtml'], async () => (await import('./parse-html.ts')).parseHtml),
  lazyTextReader('csv', ['csv'], async () => { const { parseCsv } = await import('./parse-csv.ts'); return (c) => parseCsv(c, ','); }),
  lazyTextReader('tsv', ['tsv', 'tab'], async () => { const { parseCsv } = await import('./parse-csv.ts'); return (c) => parseCsv(c, '\t'); }),
  lazyTextReader('rst', ['rst', 'rest'], async () => (await import('./parse-rst.ts')).parseRst),
  {
    format: 'pdf', extensions: ['pdf'], binary: true,
    read: async (content, context) => (await import('./read-pdf.ts')).readPdf(content as Uint8Array, context),
  },
  {
    format: 'docx', extensions: ['docx'], binary: true,
    read: async (content, context) => (await import('./read-docx.ts')).readDocx(content as Uint8Array, context),
  },
  {
    format: 'xlsx', extensions: ['xlsx', 'xlsm'], binary: true,
    read: async (content, context) => (await import('./read-spreadsheet.ts')).readSpreadsheet(content as Uint8Array, context, 'xlsx'),
  },
  {
    format: 'ods', extensions: ['ods'], binary: true,
    read: async (content, context) => (await import('./read-spreadsheet.ts')).readSpreadsheet(content as Uint8Array, context, 'ods'),
  },
];

const BY_FORMAT = new Map(READERS.map((r) => [r.format, r]));
const BY_EXTENSION = new Map(READERS.flatMap((r) => r.extensions.map((e) => [e, r] as const)));

/** The reader of a format. */
export function readerFor(format: DocumentFormat): FormatReader {
  return BY_FORMAT.get(format)!;
}

/** The reader that claims a file name's extension, if any. */
export function readerForName(name: string | undefined): FormatReader | undefined {
  const ext = name?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext ? BY_EXTENSION.get(ext) : undefined;
}

/** Every extension some reader claims, with its dot (".md"), for file pickers and folder scans. */
export const ACCEPTED_EXTENSIONS: readonly string[] = READERS.flatMap((r) => r.extensions.map((e) => `.${e}`));

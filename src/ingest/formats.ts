import type { DocumentFormat } from '../types.ts';
import type { ParsedDocument } from './parsed.ts';
import { parseText } from './parse-text.ts';
import { parseMarkdown } from './parse-markdown.ts';
import { parseHtml } from './parse-html.ts';
import { parseCsv } from './parse-csv.ts';
import { parseRst } from './parse-rst.ts';

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

/**
 * Every format Almanac reads, in one place: the engine, the CLI and the demo page take their
 * lists of accepted extensions from here. A reader that needs a large library imports it in
 * `read`, so a page that never meets such a file never downloads it.
 */
export const READERS: readonly FormatReader[] = [
  textReader('text', ['txt', 'text'], parseText),
  textReader('markdown', ['md', 'markdown', 'mdown'], parseMarkdown),
  textReader('html', ['html', 'htm', 'xhtml'], parseHtml),
  textReader('csv', ['csv'], (c) => parseCsv(c, ',')),
  textReader('tsv', ['tsv', 'tab'], (c) => parseCsv(c, '\t')),
  textReader('rst', ['rst', 'rest'], parseRst),
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

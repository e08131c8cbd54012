/**
 * The error catalogue: every error Almanac throws is an {@link AlmanacError} with a
 * code from this table, and each message says what to do about it. The errors a page's side
 * raises on its own (the engine worker's client) are in `client-errors.ts`, part of this table.
 */
import { AlmanacError, CLIENT_MESSAGES, errorFrom } from './client-errors.ts';

export { AlmanacError };

const MESSAGES = {
  ...CLIENT_MESSAGES,
  EMPTY_DOCUMENT: (name: string) => `Document "${name}" has no text to index (it is empty, or holds only white space, punctuation, control or zero-width characters). Check that the file is not empty, or (a scanned PDF) that it has text and not only images.`,
  DUPLICATE_ID: (name: string, id: string) => `Document "${name}" has the id "${id}" of an earlier document in the same call, so it was skipped. Give each document its own id (its path, for example), or ingest a replacement in a call of its own.`,
  READ_FAILED: (name: string, why: string) => `Document "${name}" could not be read (${why}). Check that the file is valid for its extension; if it is, this is a bug in Almanac: report it with the file.`,
  UNSUPPORTED_FORMAT: (name: string) => `Cannot tell the format of "${name}". Give it the extension of its format (.txt, .md, .html, .csv, .rst, .pdf, .docx, .xlsx, .ods...), or pass format explicitly.`,
  DOCUMENT_TOO_LARGE: (name: string, max: number) => `Document "${name}" is larger than ${max} characters. Split it into smaller files.`,
  TABLE_TOO_LARGE: (detail: string) => `A table exceeds Almanac's limits (${detail}). The table was cut to the limit; split it if every cell matters.`,
  INVALID_QUERY: () => 'The query is empty. Type a question or some keywords.',
  MODEL_NOT_FOUND: (id: string, where: string) => `Model "${id}" was not found at ${where}. Put its files (config.json, tokenizer.json, onnx/model.onnx) there, or run \`npm run models:synthetic\` for test models.`,
  MODEL_STACK_MISSING: (pkg: string) => `The model stack "${pkg}" is not installed; Almanac loads models through it. Run \`npm install ${pkg}\` (an optional peer dependency of almanac), or stay in zero-download mode.`,
  MODEL_LOAD_FAILED: (id: string, why: string) => `Model "${id}" failed to load: ${why}.`,
  WEBGPU_UNAVAILABLE: () => 'WebGPU was requested but no adapter is available. Use device "wasm" or "auto".',
  STORAGE_FAILED: (why: string) => `Storage failed: ${why}. The corpus in memory is intact; free some disk space or clear old data and try again.`,
  STORAGE_FULL: (why: string) => `The browser's storage for this site is full (${why}). Remove documents you no longer need (or other sites' data), then add the rest again.`,
  STORAGE_CLOSED: (why: string) => `The stored corpus was closed: ${why}. Reload this page to open it again.`,
  INTERNAL: (what: string, why: string) => `Almanac failed while ${what} (${why}). This is a bug in Almanac: please report it with the input that caused it.`,
  INDEXEDDB_UNAVAILABLE: () => 'IndexedDB is not available in this runtime (Node has none). In Node use storage "memory" (the corpus lives as long as the process) or pass a store of your own as { store }; to run IndexedDB code in Node anyway, `npm install fake-indexeddb` and `import "fake-indexeddb/auto"` before createAlmanac() (it keeps data in memory only).',
  SCHEMA_TOO_NEW: (found: number, supported: number) => `Stored data has schema version ${found}, newer than this Almanac supports (${supported}). Update Almanac or clear the stored corpus.`,
  INDEX_CORRUPT: (detail: string) => `The index data is damaged, truncated or not an Almanac index (${detail}). Nothing was changed; export the corpus again, or rebuild the index (\`almanac build\`).`,
  INDEX_TOO_NEW: (found: number, supported: number) => `The index was written in format version ${found}, newer than this Almanac reads (${supported}). Nothing was changed; update Almanac, or rebuild the index with this version.`,
  INDEX_TOO_OLD: (found: number, supported: number) => `The index was written in format version ${found}, older than this Almanac reads (${supported}). Rebuild it with this version (\`almanac build --shards\`).`,
  NODE_ONLY: (what: string) => `${what} runs in Node only (it reads files). In a browser, pass a prebuilt index's URL (\`index=\` on <almanac-search>, or openSiteIndex()) or use the IndexedDB store.`,
  INDEX_NOT_FOUND: (where: string) => `No Almanac index at ${where}. Build one first: \`almanac build <folder> --out <dir>\`, and pass that folder (or the URL of its index.json).`,
  DOCUMENT_ENCRYPTED: (name: string) => `"${name}" is password-protected. Save a copy without the password and add that.`,
  DOCUMENT_UNREADABLE: (name: string, why: string) => `"${name}" could not be read (${why}). The file may be damaged or not what its name says; open and save it again, or export it to another format.`,
  TOO_MANY_PAGES: (name: string, pages: number, max: number) => `"${name}" has ${pages} pages; Almanac reads at most ${max}. Split it into smaller files.`,
  CALCULATION_FAILED: (why: string) => `The calculation could not be done: ${why}. Write it with numbers, + - * / ^, %, parentheses and min, max, sum, avg, round, abs.`,
  FORMAT_LIBRARY_MISSING: (name: string, format: string, pkg: string) => `Reading "${name}" needs the ${format} reader, which is not installed. Run \`npm install ${pkg}\` (an optional peer dependency of Almanac), or convert the file to text.`,
  BINARY_CONTENT: (name: string, format: string) => `"${name}" is named as ${format} but its content is binary, not text. Check that it is the file you meant, or give it its real extension.`,
} as const;

/** Codes of {@link AlmanacError}. */
export type ErrorCode = keyof typeof MESSAGES;

/** Every code of the catalogue. */
export const ERROR_CODES: readonly ErrorCode[] = Object.keys(MESSAGES) as ErrorCode[];

/** Builds an {@link AlmanacError} with the catalogue's message for `code`. */
export function createError<C extends ErrorCode>(
  code: C,
  ...args: [...Parameters<(typeof MESSAGES)[C]>, ...([] | [{ cause?: unknown }])]
): AlmanacError {
  return errorFrom(MESSAGES, code, args);
}

/** Throws `ABORTED` when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw createError('ABORTED', what, { cause: signal.reason });
}

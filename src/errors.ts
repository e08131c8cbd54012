/**
 * The error catalogue: every error Almanac throws is an {@link AlmanacError} with a
 * code from this table, and each message says what to do about it.
 */

const MESSAGES = {
  EMPTY_DOCUMENT: (name: string) => `Document "${name}" has no text to index. Check that the file is not empty and is text, Markdown, HTML or CSV.`,
  UNSUPPORTED_FORMAT: (name: string) => `Cannot tell the format of "${name}". Give it a .txt, .md, .html or .csv name, or pass format explicitly.`,
  DOCUMENT_TOO_LARGE: (name: string, max: number) => `Document "${name}" is larger than ${max} characters. Split it into smaller files.`,
  TABLE_TOO_LARGE: (detail: string) => `A table exceeds Almanac's limits (${detail}). The table was cut to the limit; split it if every cell matters.`,
  INVALID_QUERY: () => 'The query is empty. Type a question or some keywords.',
  INVALID_OPTION: (name: string, why: string) => `Option "${name}" is invalid: ${why}.`,
  ABORTED: (what: string) => `${what} was aborted.`,
  MODEL_NOT_FOUND: (id: string, where: string) => `Model "${id}" was not found at ${where}. Put its files (config.json, tokenizer.json, onnx/model.onnx) there, or run \`npm run models:synthetic\` for test models.`,
  MODEL_LOAD_FAILED: (id: string, why: string) => `Model "${id}" failed to load: ${why}.`,
  WEBGPU_UNAVAILABLE: () => 'WebGPU was requested but no adapter is available. Use device "wasm" or "auto".',
  STORAGE_FAILED: (why: string) => `Storage failed: ${why}. The corpus in memory is intact; free some disk space or clear old data and try again.`,
  SCHEMA_TOO_NEW: (found: number, supported: number) => `Stored data has schema version ${found}, newer than this Almanac supports (${supported}). Update Almanac or clear the stored corpus.`,
  CLOSED: () => 'This Almanac instance is closed. Create a new one with createAlmanac().',
  DOCUMENT_ENCRYPTED: (name: string) => `"${name}" is password-protected. Save a copy without the password and add that.`,
  DOCUMENT_UNREADABLE: (name: string, why: string) => `"${name}" could not be read (${why}). The file may be damaged or not what its name says; open and save it again, or export it to another format.`,
  TOO_MANY_PAGES: (name: string, pages: number, max: number) => `"${name}" has ${pages} pages; Almanac reads at most ${max}. Split it into smaller files.`,
  BINARY_CONTENT: (name: string, format: string) => `"${name}" is named as ${format} but its content is binary, not text. Check that it is the file you meant, or give it its real extension.`,
} as const;

/** Codes of {@link AlmanacError}. */
export type ErrorCode = keyof typeof MESSAGES;

/** The one error type Almanac throws. `code` is stable; `message` says what to do. */
export class AlmanacError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AlmanacError';
    this.code = code;
  }
}

/** Builds an {@link AlmanacError} with the catalogue's message for `code`. */
export function createError<C extends ErrorCode>(
  code: C,
  ...args: [...Parameters<(typeof MESSAGES)[C]>, ...([] | [{ cause?: unknown }])]
): AlmanacError {
  const fn = MESSAGES[code] as (...a: unknown[]) => string;
  const arity = fn.length;
  const maybeOptions = args[arity] as { cause?: unknown } | undefined;
  return new AlmanacError(code, fn(...args.slice(0, arity)), maybeOptions);
}

/** Throws `ABORTED` when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw createError('ABORTED', what, { cause: signal.reason });
}

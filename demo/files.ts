/**
 * Turns files the user drops or picks into {@link DocumentInput}s, refusing what Almanac cannot
 * read with a message that says why, before anything reaches the engine.
 */
import { ACCEPTED_EXTENSIONS, READERS, readerForName } from '../src/ingest/formats.ts';
import { looksBinary } from '../src/ingest/binary.ts';
import type { DocumentInput } from '../src/types.ts';
import type { PickedFile } from '../src/element/dropped-files.ts';
import { formatBytes } from './format.ts';

/** Extensions the demo accepts: the engine's own list; the engine detects the format from the name. */
export { ACCEPTED_EXTENSIONS };

/**
 * Files above this size are refused in the page: reading a 50 MB file into a string only to
 * have the engine refuse it would freeze the tab. The engine has its own, precise limit.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Why the demo refused a file: the upload summary groups refused files by it. */
export type RejectionKind = 'unsupported' | 'empty' | 'too-large' | 'unreadable' | 'binary' | 'too-many';

/** A file the demo refused, and why. */
export interface RejectedFile {
  name: string;
  kind: RejectionKind;
  /** The reason for this file, as a sentence. */
  reason: string;
}

/** The extensions to name to a user: one per format (".txt, .md, .html, .csv, .tsv"). */
export function acceptedList(): string {
  return READERS.map((r) => `.${r.extensions[0]}`).join(', ');
}

/** What reading a batch of files gave. */
export interface ReadFiles {
  docs: DocumentInput[];
  rejected: RejectedFile[];
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * Reads files (text formats as text, PDF and Office files as bytes), keeping the ones Almanac can
 * index. Each is known by its path in what the user gave (a dropped or picked folder's files by
 * their paths inside it): its id and name. A file without an extension is read as text when it
 * is text (the engine tells its format from its content), as the command line reads a folder.
 */
export async function readFiles(files: readonly PickedFile[], onProgress?: (done: number, total: number) => void): Promise<ReadFiles> {
  const docs: DocumentInput[] = [];
  const rejected: RejectedFile[] = [];
  for (const [i, { file, path: name }] of files.entries()) {
    onProgress?.(i, files.length);
    const ext = extensionOf(file.name);
    const reader = readerForName(file.name);
    if (!reader && ext) {
      rejected.push({ name, kind: 'unsupported', reason: `"${ext}" is not a supported type; use ${ACCEPTED_EXTENSIONS.join(', ')}.` });
      continue;
    }
    if (file.size === 0) {
      rejected.push({ name, kind: 'empty', reason: 'the file is empty.' });
      continue;
    }
    if (file.size > MAX_FILE_BYTES) {
      rejected.push({ name, kind: 'too-large', reason: `the file is ${formatBytes(file.size)}; the limit is ${formatBytes(MAX_FILE_BYTES)}. Split it into smaller files.` });
      continue;
    }
    let content: string | Uint8Array;
    try {
      content = reader?.binary ? new Uint8Array(await file.arrayBuffer()) : await file.text();
    } catch (error) {
      rejected.push({ name, kind: 'unreadable', reason: `the browser could not read it (${error instanceof Error ? error.message : String(error)}).` });
      continue;
    }
    if (typeof content === 'string' && looksBinary(content)) {
      rejected.push(reader
        ? { name, kind: 'binary', reason: 'its name says text but its content is binary. Give it its real extension (.pdf, .docx, .xlsx...) or save it as text.' }
        : { name, kind: 'unsupported', reason: `it has no extension and is not text; give it its type's extension (${ACCEPTED_EXTENSIONS.join(', ')}).` });
      continue;
    }
    docs.push({ id: name, name, content, ...(file.lastModified ? { modified: new Date(file.lastModified) } : {}) });
  }
  return { docs, rejected };
}

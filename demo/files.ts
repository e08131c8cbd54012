/**
 * Turns files the user drops or picks into {@link DocumentInput}s, refusing what Almanac cannot
 * read with a message that says why, before anything reaches the engine.
 */
import { ACCEPTED_EXTENSIONS, readerForName } from '../src/ingest/formats.ts';
import { looksBinary } from '../src/ingest/binary.ts';
import { unsupportedReason } from '../src/ingest/skipped.ts';
import type { DocumentInput } from '../src/types.ts';
import { formatBytes } from './format.ts';

/** Extensions the demo accepts: the engine's own list; the engine detects the format from the name. */
export { ACCEPTED_EXTENSIONS };

/**
 * Files above this size are refused in the page: reading a 50 MB file into a string only to
 * have the engine refuse it would freeze the tab. The engine has its own, precise limit.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** A file the demo refused, and why (short, shared by alike files: they are summarised by reason). */
export interface RejectedFile {
  name: string;
  reason: string;
}

/** The file input's `accept` list: the engine's extensions. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

/** What reading a batch of files gave. */
export interface ReadFiles {
  docs: DocumentInput[];
  rejected: RejectedFile[];
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Reads files (text formats as text, PDF and Office files as bytes), keeping the ones Almanac can index. */
export async function readFiles(files: Iterable<File>): Promise<ReadFiles> {
  const docs: DocumentInput[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    const ext = extensionOf(file.name);
    const reader = readerForName(file.name);
    if (!reader) {
      rejected.push({ name: file.name, reason: unsupportedReason(file.name) });
      continue;
    }
    if (file.size === 0) {
      rejected.push({ name: file.name, reason: 'empty' });
      continue;
    }
    if (file.size > MAX_FILE_BYTES) {
      rejected.push({ name: file.name, reason: `larger than ${formatBytes(MAX_FILE_BYTES)}` });
      continue;
    }
    let content: string | Uint8Array;
    try {
      content = reader.binary ? new Uint8Array(await file.arrayBuffer()) : await file.text();
    } catch {
      rejected.push({ name: file.name, reason: 'unreadable by the browser' });
      continue;
    }
    if (typeof content === 'string' && looksBinary(content)) {
      rejected.push({ name: file.name, reason: `binary content under a ${ext} name` });
      continue;
    }
    docs.push({ id: file.name, name: file.name, content, date: file.lastModified ? new Date(file.lastModified) : undefined });
  }
  return { docs, rejected };
}

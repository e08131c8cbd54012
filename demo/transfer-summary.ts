/**
 * What the storage panel says about moving a corpus between devices (pure: no DOM, so it is
 * tested in Node): the export file's name, what an export wrote, and one summary of an import,
 * which documents were new here, how many replaced a document with the same id, what became
 * of the file's vectors, or why nothing changed.
 */
import type { ImportReport } from '../src/types.ts';
import { formatBytes, plural } from './format.ts';

/** The extension of an exported corpus (Almanac's one-file corpus format, `ALMC`). */
export const CORPUS_FILE_EXTENSION = '.almanac';

/** "almanac-corpus-2025-06-01.almanac": the local date, so a user can tell exports apart. */
export function exportFileName(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `almanac-corpus-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}${CORPUS_FILE_EXTENSION}`;
}

/** What the panel says once an export is ready to download. */
export function exportText(file: { name: string; bytes: number }, stats: { documents: number; passages: number; vectors: number }, vectors: boolean): string {
  const what = `${plural(stats.documents, 'document')} (${plural(stats.passages, 'passage')}${vectors && stats.vectors ? ', with the embedder’s vectors' : ''})`;
  return `Exported ${what} to ${file.name}, ${formatBytes(file.bytes)}. Import it in Almanac on another device or browser: it is searched there without re-indexing.`;
}

/** How an import treats the documents already here. */
export type ImportMode = 'add' | 'replace';

/** Everything one import gave, as the panel saw it. */
export interface ImportOutcome {
  fileName: string;
  mode: ImportMode;
  /** What the engine said; absent when the import failed. */
  report?: ImportReport;
  /** Names of the documents that are here now and were not before, sorted. */
  added: string[];
  /** Documents here before that are gone now (a whole-corpus replace). */
  removed: number;
  /** Set when the import failed: the engine's typed error, or the page's own refusal. */
  error?: { code?: string; message: string };
  /** What to do about a failure (storage full: what to delete). */
  advice?: string;
}

/** The summary the panel shows. */
export interface ImportSummary {
  kind: 'ok' | 'warning' | 'error';
  /** One short sentence: what happened. */
  headline: string;
  /** The figures behind it, or why nothing changed. */
  detail: string;
  /** Further facts, one sentence each (vectors, re-indexing, the engine's message). */
  notes: string[];
  /** The documents new to this device, by name. */
  added: string[];
}

/** Why a file could not be imported, in a few words, by the engine's error code. */
const REFUSALS: Record<string, string> = {
  INDEX_CORRUPT: 'the file is damaged, truncated or not an Almanac corpus file',
  INDEX_TOO_NEW: 'the file was written by a newer version of Almanac',
  STORAGE_FULL: 'the storage for Almanac on this device is full',
  STORAGE_FAILED: 'it could not be stored on this device',
  ABORTED: 'it was cancelled',
  /** The page's own refusal, before the engine wrote anything: the file is larger than the space left. */
  NO_ROOM: 'it would not fit in the space left on this device',
};

/** Summarises one import. */
export function summariseImport(outcome: ImportOutcome): ImportSummary {
  const { report, error, added, removed, fileName } = outcome;
  if (!report) {
    const why = REFUSALS[error?.code ?? ''] ?? 'it failed';
    const notes = error?.message ? [error.message] : [];
    // A failed import keeps everything; documents that did go in before a failure are named.
    return added.length
      ? { kind: 'error', headline: `Stopped importing ${fileName} after ${plural(added.length, 'new document')}: ${why}.`, detail: 'They stay; nothing else on this device changed.', notes, added }
      : { kind: 'error', headline: `Nothing was imported from ${fileName}: ${why}.`, detail: 'The corpus on this device is unchanged.', notes, added };
  }
  const passages = `${plural(report.passages, 'passage')}.`;
  let headline: string;
  let detail: string;
  if (outcome.mode === 'replace') {
    headline = `Replaced the corpus with the ${plural(report.documents, 'document')} of ${fileName}.`;
    detail = `${passages}${removed ? ` ${plural(removed, 'document')} that the file lacks ${removed === 1 ? 'was' : 'were'} removed.` : ''}`;
  } else {
    headline = `Imported ${plural(report.documents, 'document')} from ${fileName}.`;
    const parts = [
      added.length ? `${added.length} new` : '',
      report.replaced ? `${report.replaced} replaced a document here with the same id (the file’s copy is kept)` : '',
    ].filter(Boolean);
    detail = `${passages}${parts.length ? ` ${capitalise(parts.join('; '))}.` : ''}`;
  }
  const notes: string[] = [];
  if (report.vectors === 'used') notes.push('The file’s vectors came with it: hybrid search needs no re-embedding.');
  if (report.vectors === 'dropped') notes.push('The file’s vectors were made by another embedder than the one loaded here (or none is loaded), so they were left out; loading an embedder embeds the documents again.');
  if (report.reindexed) notes.push('The file was indexed by another version of Almanac’s tokenizer: its documents were indexed again from their text (same results, only slower).');
  if (report.documents === 0) notes.push('The file holds no documents.');
  return { kind: report.documents === 0 ? 'warning' : 'ok', headline, detail, notes, added };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

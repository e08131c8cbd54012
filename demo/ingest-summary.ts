/**
 * One summary of an upload, however many files it had: how many were added, and the ones
 * that were not, grouped by why (every file of one group shares one explanation), so a drop
 * of 200 files with 40 images gives one line about images, not 40 red lines.
 */
import type { IngestReport } from '../src/types.ts';
import { acceptedList, MAX_FILE_BYTES, type RejectedFile, type RejectionKind } from './files.ts';
import { formatBytes, plural } from './format.ts';
import { MAX_DROPPED_FILES } from '../src/element/dropped-files.ts';

/** Files that share one reason. */
export interface SummaryGroup {
  /** Why, in a few words ("not a format Almanac reads"). */
  title: string;
  /** What to do: the file's own reason when it is alone, the group's advice otherwise. */
  detail: string;
  names: string[];
}

/** What the documents panel shows after an upload. */
export interface IngestSummary {
  /** `ok`: everything went in; `warning`: some did, or with warnings; `error`: none did. */
  kind: 'ok' | 'warning' | 'error';
  headline: string;
  /** Files not added, by reason, largest group first. */
  rejected: SummaryGroup[];
  /** Files added with a warning (a table cut to the limit), by warning. */
  warnings: SummaryGroup[];
  /** What to do about a failure that is not the files' fault (storage full). */
  advice?: string;
}

/** What one upload gave. */
export interface IngestOutcome {
  /** Files the page refused before the engine saw them. */
  rejected: RejectedFile[];
  /** What the engine said of the rest. */
  reports: IngestReport[];
  /** Set when the engine's call failed as a whole (its reports are lost). */
  failure?: { message: string; /** Documents stored before it failed (from the engine's count). */ added: number };
  /** What to do about it, when the page knows (storage full: what to delete). */
  advice?: string;
}

const PAGE_REASONS: Record<RejectionKind, () => { title: string; advice: string }> = {
  unsupported: () => ({ title: 'not a format Almanac reads', advice: `Almanac reads ${acceptedList()}.` }),
  empty: () => ({ title: 'empty', advice: 'There is no text in them to index.' }),
  'too-large': () => ({ title: `larger than ${formatBytes(MAX_FILE_BYTES)}`, advice: 'Split them into smaller files.' }),
  unreadable: () => ({ title: 'could not be read', advice: 'The browser could not read them; copy them to this device and try again.' }),
  'too-many': () => ({ title: `not read: one drop reads at most ${MAX_DROPPED_FILES.toLocaleString('en-US')} files`, advice: 'Drop the rest as another folder.' }),
  binary: () => ({ title: 'not text (binary content)', advice: 'Their names say text but their content is binary: give them their real extensions (.pdf, .docx, .xlsx...) or save them as text.' }),
};

/** Short titles of the engine's error codes a user meets on upload; others show their code. */
const ENGINE_REASONS: Record<string, string> = {
  EMPTY_DOCUMENT: 'no text to index',
  UNSUPPORTED_FORMAT: 'format not recognised',
  DOCUMENT_TOO_LARGE: 'too large',
  STORAGE_FAILED: 'could not be stored',
  STORAGE_FULL: 'not stored: the storage for this site is full',
  STORAGE_CLOSED: 'not stored: the stored corpus was closed',
  DUPLICATE_ID: 'the same id as another file of this upload',
  READ_FAILED: 'could not be read',
  INTERNAL: 'failed inside Almanac',
  WORKER_CRASHED: 'not stored: the engine stopped',
  ABORTED: 'cancelled',
  BINARY_CONTENT: 'not text (binary content under a text name)',
  DOCUMENT_ENCRYPTED: 'password-protected',
  DOCUMENT_UNREADABLE: 'damaged or unreadable',
  TOO_MANY_PAGES: 'too many pages',
};

interface Item {
  key: string;
  name: string;
  title: string;
  advice: string;
  /** This file's own explanation. */
  own: string;
}

function grouped(items: Item[]): SummaryGroup[] {
  const groups = new Map<string, { first: Item; names: string[] }>();
  for (const item of items) {
    const group = groups.get(item.key);
    if (group) group.names.push(item.name);
    else groups.set(item.key, { first: item, names: [item.name] });
  }
  return [...groups.values()]
    .map(({ first, names }) => ({ title: first.title, detail: names.length === 1 ? first.own : first.advice, names }))
    // Largest group first: it is what the user most needs to fix.
    .sort((a, b) => b.names.length - a.names.length);
}

/** Summarises one upload. */
export function summariseIngest({ rejected, reports, failure, advice }: IngestOutcome): IngestSummary {
  const refused: Item[] = rejected.map((r) => {
    const reason = PAGE_REASONS[r.kind]?.() ?? { title: r.kind, advice: r.reason };
    return { key: `page:${r.kind}`, name: r.name, title: reason.title, advice: reason.advice, own: capitalise(r.reason) };
  });
  for (const r of reports) {
    if (!r.error) continue;
    const title = ENGINE_REASONS[r.error.code] ?? r.error.code.toLowerCase().replace(/_/g, ' ');
    refused.push({ key: `engine:${r.error.code}`, name: r.name, title, advice: r.error.message, own: r.error.message });
  }
  const warned: Item[] = reports.flatMap((r) => (r.error ? [] : r.warnings.map((w) => ({
    // Warnings differ by their figures only ("cut to 2,000 rows"): one group per wording.
    key: w.replace(/[\d,.]+/g, '#'), name: r.name, title: 'added with a warning', advice: w, own: w,
  }))));
  const addedCount = failure ? failure.added : reports.filter((r) => r.stored).length;
  const total = rejected.length + reports.length;
  let headline: string;
  if (failure) {
    headline = failure.added > 0
      ? `Stopped after adding ${plural(failure.added, 'document')}: ${failure.message}`
      : `Nothing was added: ${failure.message}`;
  } else if (total === 0) headline = 'No files were given.';
  else if (addedCount === total) headline = `Added ${plural(addedCount, 'document')}.`;
  else if (addedCount === 0) headline = total === 1 ? 'The file was not added.' : `None of the ${total} files was added.`;
  else headline = `Added ${addedCount} of ${plural(total, 'file')}; ${total - addedCount} not added.`;
  const kind = failure || addedCount === 0 ? 'error' : refused.length || warned.length ? 'warning' : 'ok';
  return { kind, headline, rejected: grouped(refused), warnings: grouped(warned), ...(advice ? { advice } : {}) };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

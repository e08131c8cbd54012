/**
 * One summary of the files that were not indexed, grouped by why, so that a folder of 40
 * unreadable files gives one line, not 40 (the CLI and the demo page both print it).
 */

/** A file that was not indexed: its name, and why in a few words that group alike files. */
export interface SkippedFile {
  name: string;
  /** Short and shared by files skipped for the same cause ("not a supported type (.zip)"). */
  reason: string;
}

/** The groups, largest first, each with its names. */
export function groupSkipped(files: readonly SkippedFile[]): Array<{ reason: string; names: string[] }> {
  const groups = new Map<string, string[]>();
  for (const f of files) {
    const names = groups.get(f.reason) ?? [];
    names.push(f.name);
    groups.set(f.reason, names);
  }
  return [...groups].map(([reason, names]) => ({ reason, names })).sort((a, b) => b.names.length - a.names.length);
}

/** "Skipped 3 files: 2 not a supported type (.zip) (a.zip, b.zip); 1 empty (c.txt)." — or '' when none. */
export function summarizeSkipped(files: readonly SkippedFile[], maxNames = 3): string {
  if (!files.length) return '';
  const parts = groupSkipped(files).map(({ reason, names }) => {
    const shown = names.slice(0, maxNames).join(', ');
    const more = names.length > maxNames ? ` and ${names.length - maxNames} more` : '';
    return `${names.length} ${reason} (${shown}${more})`;
  });
  return `Skipped ${files.length} ${files.length === 1 ? 'file' : 'files'}: ${parts.join('; ')}.`;
}

/** The reason of a file whose extension no reader claims. */
export function unsupportedReason(name: string): string {
  const ext = /\.[^./\\]+$/.exec(name)?.[0]?.toLowerCase();
  return ext ? `not a supported type (${ext})` : 'without an extension';
}

const CODE_REASONS: Record<string, string> = {
  BINARY_CONTENT: 'binary content under a text name',
  EMPTY_DOCUMENT: 'without text',
  DOCUMENT_TOO_LARGE: 'too large',
  UNSUPPORTED_FORMAT: 'of a format that cannot be told',
  DOCUMENT_ENCRYPTED: 'password-protected',
  DOCUMENT_UNREADABLE: 'damaged or unreadable',
  TOO_MANY_PAGES: 'over the page limit',
};

/** The reason of a document the engine refused, from its error code. */
export function errorReason(code: string): string {
  return CODE_REASONS[code] ?? `refused (${code})`;
}

/**
 * The files of a drop or a file picker, each with where it sits in what the user gave: a dropped
 * or picked folder is walked and its files are named by their paths inside it. Two READMEs of two
 * folders then stay two documents (a file's id is its path), and a data file's folders name it
 * ("gold-prices/data/annual.csv", not a bare "annual.csv"). A thin DOM adapter, shared by the demo
 * and `<almanac-search>`; the engine reads the files.
 */

/** A file and its path in what the user dropped or picked (its name when it came alone). */
export interface PickedFile {
  file: File;
  path: string;
}

/** What a drop gave. */
export interface DroppedFiles {
  files: PickedFile[];
  /** Entries the browser would not read (a folder it may not list, a file gone since), with why. */
  unreadable: Array<{ path: string; reason: string }>;
  /** Files left out past {@link MAX_DROPPED_FILES} (0 when none). */
  leftOut: number;
}

/**
 * Most files one drop reads: a drop of a whole home folder stops here rather than walking it for
 * minutes (the caller says how many were left out).
 */
export const MAX_DROPPED_FILES = 10_000;

/**
 * Whether a folder walk leaves out an entry, as the command line does: dot files and folders
 * (`.git`, `.DS_Store`) and `node_modules` are not the user's documents.
 */
export function leftOutOfFolders(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/**
 * The files of a file input, with their paths: a folder picker (`webkitdirectory`) gives each
 * file's path inside the folder, less what a folder walk leaves out ({@link leftOutOfFolders}).
 */
export function pickedFiles(files: Iterable<File>): PickedFile[] {
  const out: PickedFile[] = [];
  for (const file of files) {
    const path = file.webkitRelativePath || file.name;
    const parts = path.split('/');
    // A picked folder's own name may start with a dot; only what is inside it is left out.
    if (parts.length > 1 && parts.slice(1).some(leftOutOfFolders)) continue;
    out.push({ file, path });
  }
  return out;
}

/**
 * The files of a drop, folders walked. Call it in the `drop` handler itself: the browser empties
 * the drop's item list once the handler returns, so the entries are taken before the first await.
 */
export async function droppedFiles(data: DataTransfer, options: { limit?: number; onFile?: (found: number) => void } = {}): Promise<DroppedFiles> {
  const limit = options.limit ?? MAX_DROPPED_FILES;
  const items = data.items ? [...data.items].filter((item) => item.kind === 'file') : [];
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  // A browser without entries (or a synthetic drop) gives its files flat.
  if (!entries.length || entries.some((e) => e === null)) {
    const files = pickedFiles(data.files);
    return { files: files.slice(0, limit), unreadable: [], leftOut: Math.max(0, files.length - limit) };
  }
  const out: DroppedFiles = { files: [], unreadable: [], leftOut: 0 };
  for (const entry of entries) await walk(entry!, entry!.name, out, limit, true, options.onFile);
  return out;
}

async function walk(entry: FileSystemEntry, path: string, out: DroppedFiles, limit: number, top: boolean, onFile?: (found: number) => void): Promise<void> {
  if (!top && leftOutOfFolders(entry.name)) return;
  if (entry.isFile) {
    if (out.files.length >= limit) {
      out.leftOut++;
      return;
    }
    try {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      out.files.push({ file, path });
      onFile?.(out.files.length);
    } catch (error) {
      out.unreadable.push({ path, reason: reasonOf(error) });
    }
    return;
  }
  if (!entry.isDirectory) return;
  let children: FileSystemEntry[];
  try {
    children = await listFolder(entry as FileSystemDirectoryEntry);
  } catch (error) {
    out.unreadable.push({ path: `${path}/`, reason: reasonOf(error) });
    return;
  }
  // In name order, as a file manager lists them: the documents' order does not depend on the browser's.
  children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const child of children) await walk(child, `${path}/${child.name}`, out, limit, false, onFile);
}

/** Every entry of a folder: `readEntries` gives them in batches (100 at a time in Chromium) until an empty one. */
async function listFolder(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return all;
    all.push(...batch);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * The zip container of Office files (`.docx`, `.xlsx`, `.ods`), read with fflate (small, fast,
 * no dependencies, kept up). Entries are listed from the central directory before anything is
 * inflated, so a "zip bomb" (a few KB that expand to gigabytes) is refused by its declared
 * sizes, and only the entries a reader asks for are inflated.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { createError } from '../errors.ts';
import { LIMITS } from '../settings.ts';

/** A zip opened lazily: names and sizes now, contents on request. */
export interface ZipArchive {
  names: ReadonlySet<string>;
  /** The entry as text (UTF-8), or undefined when absent. */
  text(name: string): string | undefined;
}

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Opens an Office file's zip; typed errors for an encrypted file, a non-zip and an entry too large. */
export function openZip(bytes: Uint8Array, name: string, what: string): ZipArchive {
  // Office saves a password-protected .docx / .xlsx inside an OLE compound file, not a zip.
  if (OLE.every((b, i) => bytes[i] === b)) throw createError('DOCUMENT_ENCRYPTED', name);
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw createError('DOCUMENT_UNREADABLE', name, `not a ${what} file (no zip container)`);
  const sizes = new Map<string, number>();
  try {
    unzipSync(bytes, {
      filter: (file) => {
        sizes.set(file.name, file.originalSize);
        return false;
      },
    });
  } catch (error) {
    throw createError('DOCUMENT_UNREADABLE', name, `a damaged zip container (${(error as Error).message})`, { cause: error });
  }
  let total = 0;
  for (const size of sizes.values()) total += size;
  if (total > LIMITS.maxUnzippedBytes) throw createError('DOCUMENT_TOO_LARGE', name, LIMITS.maxUnzippedBytes);
  return {
    names: new Set(sizes.keys()),
    text(entry) {
      if (!sizes.has(entry)) return undefined;
      try {
        const out = unzipSync(bytes, { filter: (file) => file.name === entry });
        const data = out[entry];
        return data ? strFromU8(data) : undefined;
      } catch (error) {
        throw createError('DOCUMENT_UNREADABLE', name, `a damaged zip entry ${entry} (${(error as Error).message})`, { cause: error });
      }
    },
  };
}

/** The title an Office file's own metadata gives (`dc:title` of `docProps/core.xml` or `meta.xml`). */
export function officeTitle(zip: ZipArchive): string | undefined {
  const xml = zip.text('docProps/core.xml') ?? zip.text('meta.xml');
  const raw = xml && /<dc:title>([^<]{1,500})<\/dc:title>/.exec(xml)?.[1];
  const title = raw?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&').trim();
  return title || undefined;
}

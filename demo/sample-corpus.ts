/**
 * The bundled sample corpus (`demo/sample-corpus/`), loaded lazily so the page's first
 * script stays small: its files become separate chunks fetched only when ingested.
 */
import type { DocumentInput } from '../src/types.ts';

const files = import.meta.glob<string>(
  ['./sample-corpus/*.txt', './sample-corpus/*.md', './sample-corpus/*.html', './sample-corpus/*.csv', '!./sample-corpus/SOURCES.md'],
  { query: '?raw', import: 'default' },
);

/** Number of documents in the sample corpus. */
export const SAMPLE_SIZE = Object.keys(files).length;

/** Id prefix of sample documents, so a user's own `notes.txt` never replaces one. */
export const SAMPLE_PREFIX = 'sample/';

/** Fetches the sample documents as inputs for `ingest`. */
export async function loadSampleCorpus(): Promise<DocumentInput[]> {
  const entries = Object.entries(files).sort(([a], [b]) => a.localeCompare(b));
  return Promise.all(entries.map(async ([path, load]) => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    return { id: SAMPLE_PREFIX + name, name, content: await load() };
  }));
}

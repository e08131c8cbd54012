/**
 * chrono-node, loaded when a text first needs it. The date grammar (`date-grammar.ts`) reads
 * nearly every date itself; chrono reads what it leaves: relative phrases in questions ("last
 * Friday") and numeric day/month dates at ingest. Loaded on demand, as the stemmers of other
 * languages are, it stays out of what the embed fetches at start (about 13 kB gzip of its
 * 110 kB budget). Callers that parse await {@link loadChrono} first where {@link needsChrono}
 * says so; the parsers themselves stay synchronous. Its English module only (`chrono-node/en`,
 * whose `parse` is the package's): the package's index brings every locale, 48 kB gzip.
 */
import type * as Chrono from 'chrono-node/en';

let chrono: typeof Chrono | undefined;
let loading: Promise<typeof Chrono> | undefined;

/** Loads chrono-node once; later calls return the same promise. */
export function loadChrono(): Promise<typeof Chrono> {
  return (loading ??= import('chrono-node/en').then((m) => (chrono = m)));
}

/** chrono-node, which {@link loadChrono} must have loaded: a parse without it would read fewer dates, silently. */
export function loadedChrono(): typeof Chrono {
  if (!chrono) throw new Error('chrono-node is not loaded: await loadChrono() before parsing this text');
  return chrono;
}

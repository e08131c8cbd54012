/**
 * How a stored table passage's text is derived (index format version 3): the key under which a
 * passage says so, read by the encoder and set by the decoder. A table passage of the engine
 * (`src/engine/table-passages.ts`) answers it from what it keeps; a decoded one carries it as a
 * non-enumerable own property (no spread, `JSON.stringify` or structured clone sees it), so that
 * a segment decoded and written again (a compaction) keeps it, and the engine that opens the
 * segment derives those passages instead of holding their decoded text.
 */
import type { DocumentRecord } from '../storage/store.ts';
import type { EventInterval, TimeSpan } from '../types.ts';

export const DERIVED: unique symbol = Symbol('almanac.derived');

/** What a derived table passage is: which summary of its table, written by which writer. */
export interface DerivedMark {
  /** The summary writer's fingerprint (`summariesFingerprint`): text derived by another is not this text. */
  writer: string;
  /** Which summary: the grid row of a row summary, the grid column of a column's, -1 for the table's. */
  at: number;
  /**
   * How its sentences are cut: one over the whole text, the text's `splitSentences`, or as
   * stored (`kept`); their timestamps and intervals are stored either way.
   */
  sentences: 'whole' | 'split' | 'kept';
  /** The title the summaries were written under, when not the passage's heading (a heading changed after writing). */
  title?: string;
  /**
   * Decoded without its text and cells (a row's or a column's summary, version 4): not a
   * complete passage until derived (`openDerived`), and reading either before throws.
   */
  bare?: true;
  /**
   * Its sentences' timestamps and intervals (sentences cut `whole` or `split`), as an engine's
   * passage keeps them: what a segment stores of a bare passage's sentences, read without
   * writing its text.
   */
  dates?: { times: readonly TimeSpan[][]; intervals?: ReadonlyArray<EventInterval[] | undefined> };
}

/**
 * Derivable table passages from which an engine opening a corpus derives them (it loads the code
 * that does, 5 kB gzip with the summary writer): each saves about 1.3 kB of memory (HiTab
 * opened: 278.7 -> 162.7 MB over 86,632), so 1,000 save more than a megabyte. A segment stores
 * its rows' and columns' summaries bare (without their text, version 4) only from as many: a
 * small corpus (the embed's, restored with what it fetched at start) opens, as it always did,
 * with no code beyond the start's.
 */
export const DERIVE_ON_OPEN = 1_000;

/** The mark a passage carries, if any. */
export function derivedMark(p: object): DerivedMark | undefined {
  return (p as { [DERIVED]?: DerivedMark })[DERIVED];
}

/** Passages marked derived that this page or process has decoded: while none, there is none to look for. */
let decoded = 0;

/** Called by the decoder for each passage it marks. */
export function markDecoded(p: object, mark: DerivedMark): void {
  Object.defineProperty(p, DERIVED, { value: mark });
  decoded++;
}

/**
 * What a bare passage is made from (`Object.create`): its text and cells, until it is derived,
 * are a bug to read, said loudly. On the prototype, not the passage: a spread, JSON or the
 * encoder's walk over a passage's own keys does not see them, and 83k passages (HiTab) are not
 * each given two accessors of their own.
 */
export const BARE: object = Object.create(Object.prototype, Object.fromEntries(['text', 'cells'].map((key) => [key, {
  get(this: { id?: string }) {
    throw new Error(`${this.id}: read before derived (openDerived)`);
  },
}])));

/** Whether a passage was decoded bare (version 4: stored without its text, to be derived before it is read). */
export function isBare(p: object): boolean {
  return decoded > 0 && Object.hasOwn(p, DERIVED) && (p as { [DERIVED]: DerivedMark })[DERIVED].bare === true;
}

/** Whether records hold bare passages ({@link isBare}). */
export function hasBare(records: Iterable<{ passages: readonly object[] }>): boolean {
  if (!decoded) return false;
  for (const r of records) for (const p of r.passages) if (isBare(p)) return true;
  return false;
}

/** How many decoded passages of records are marked derived (what an engine opening them may derive). */
export function countDerived(records: Iterable<{ passages: readonly object[] }>): number {
  if (!decoded) return 0;
  let n = 0;
  for (const r of records) for (const p of r.passages) if (Object.hasOwn(p, DERIVED)) n++;
  return n;
}

/**
 * What makes decoded passages marked derived derived ones (`openDerived` of
 * `src/engine/table-passages.ts`), once that module is loaded (it provides itself here): an
 * engine that has it derives every corpus it opens, and loads it only for a corpus large enough.
 */
export let openDerivedPassages: ((records: Iterable<DocumentRecord>) => DocumentRecord[]) | undefined;

export function provideOpenDerived(open: (records: Iterable<DocumentRecord>) => DocumentRecord[]): void {
  openDerivedPassages = open;
}

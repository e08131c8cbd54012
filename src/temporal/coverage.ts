/**
 * Time coverage of a corpus: how many sentences' timestamps fall in each year or decade,
 * so a user sees the holes (MRAG's advice: know what period the corpus can answer for).
 */

import type { Passage, Sentence, TimeBucket, TimeSpan } from '../types.ts';
import { utc } from './date-grammar.ts';

/** Coverage is not drawn wider than this many buckets: a stray "44 BC" should not stretch the chart to 2,000 bars. */
const MAX_BUCKETS = 400;

/**
 * An edge bucket holding fewer sentences than this share of the fullest bucket is an outlier,
 * not where the data is: one "720 BC to AD 2015" in a folder of release notes, or a stray
 * historical year, would otherwise stretch the axis over 270 near-empty decades. Trimming stops
 * at the first bucket that holds this share; a corpus whose fullest bucket has under 100
 * sentences is never trimmed (no count is under 1% of it).
 */
const OUTLIER_SHARE = 0.01;

/**
 * The timestamps of each of a passage's sentences, in order: the engine passes one that reads a
 * table passage's without writing its text again (`src/engine/table-passages.ts`).
 */
export type SentenceTimes = (passage: Passage) => readonly (readonly TimeSpan[])[];

const ownTimes: SentenceTimes = (p) => p.sentences.map((s) => s.times);

/**
 * Sentences with a timestamp overlapping each bucket, from the earliest to the latest
 * bucket where the data is (empty buckets in between are kept: they are the holes). A
 * sentence counts once per bucket however many of its spans overlap it; open spans count for
 * the bucket of their anchor and, when they run to a known end, every bucket up to it.
 * Sparse edges (see {@link OUTLIER_SHARE}) are left off the axis and noted instead: an
 * `outlier: 'before'` bucket first and an `outlier: 'after'` bucket last, spanning what was
 * left off and counting the sentences with a span there.
 */
export function timeCoverage(passages: Iterable<Passage>, options?: { buckets?: 'year' | 'decade' }, timesOf: SentenceTimes = ownTimes): TimeBucket[] {
  const size = options?.buckets === 'decade' ? 10 : 1;
  const counts = new Map<number, number>();
  // Each dated sentence's first and last bucket, to count the ones left off the axis.
  const extents: Array<[number, number]> = [];
  for (const p of passages) {
    for (const times of timesOf(p)) {
      if (!times.length) continue;
      const seen = new Set<number>();
      let first = Infinity, last = -Infinity;
      for (const t of times) {
        const y0 = bucketOf(new Date(t.start).getUTCFullYear(), size);
        // `end` is exclusive: the last bucket is the one holding end - 1 ms.
        const y1 = bucketOf(new Date(t.end - 1).getUTCFullYear(), size);
        if (!Number.isFinite(y0) || !Number.isFinite(y1)) continue;
        first = Math.min(first, y0);
        last = Math.max(last, y1);
        for (let y = y0; y <= y1 && y - y0 < MAX_BUCKETS * size; y += size) seen.add(y);
      }
      for (const y of seen) counts.set(y, (counts.get(y) ?? 0) + 1);
      if (seen.size) extents.push([first, last]);
    }
  }
  if (!counts.size) return [];
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const peak = Math.max(...counts.values());
  const dense = (y: number) => (counts.get(y) ?? 0) >= peak * OUTLIER_SHARE;
  let lo = keys[0]!;
  let hi = keys[keys.length - 1]!;
  while (lo < hi && !dense(lo)) lo += size;
  while (hi > lo && !dense(hi)) hi -= size;
  // Keep the densest end when the span is still too wide: drop the earliest stragglers.
  if ((hi - lo) / size + 1 > MAX_BUCKETS) lo = hi - (MAX_BUCKETS - 1) * size;
  const label = (y: number) => (size === 10 ? `${y}s` : String(y));
  const out: TimeBucket[] = [];
  for (let y = lo; y <= hi; y += size) {
    out.push({ start: utc(y), end: utc(y + size), label: label(y), sentences: counts.get(y) ?? 0 });
  }
  const before = extents.filter(([a]) => a < lo).length;
  const after = extents.filter(([, b]) => b > hi).length;
  if (before) out.unshift({ start: utc(keys[0]!), end: utc(lo), label: `before ${label(lo)}`, sentences: before, outlier: 'before' });
  if (after) out.push({ start: utc(hi + size), end: utc(keys[keys.length - 1]! + size), label: `after ${label(hi)}`, sentences: after, outlier: 'after' });
  return out;
}

/**
 * The sentences with a timestamp overlapping `[start, end)`: what a coverage bucket holds (a
 * bucket's `sentences` is `total`). Those dated inside the interval come first, by date, then
 * those whose span began before it ("since 1998" in the 2020s), latest beginning first. A
 * sentence that several passages repeat (a table's caption in each of its row passages) counts
 * once per passage but is listed once per document; `sentences` keeps the first `limit` of the list.
 */
export function sentencesIn(passages: Iterable<Passage>, start: number, end: number, limit = 50, timesOf: SentenceTimes = ownTimes): { total: number; sentences: Array<{ passage: Passage; sentence: Sentence }> } {
  // A sentence by its place in its passage (sentences are in text order): only those listed are read whole.
  const found: Array<{ passage: Passage; index: number; key: number }> = [];
  for (const passage of passages) {
    const all = timesOf(passage);
    for (let index = 0; index < all.length; index++) {
      let key = Infinity;
      for (const t of all[index]!) {
        if (t.start < end && t.end > start) key = Math.min(key, t.start >= start ? t.start : end + (start - t.start));
      }
      if (key !== Infinity) found.push({ passage, index, key });
    }
  }
  found.sort((a, b) => a.key - b.key || a.passage.docId.localeCompare(b.passage.docId) || a.passage.ordinal - b.passage.ordinal || a.index - b.index);
  const listed = new Set<string>();
  const sentences: Array<{ passage: Passage; sentence: Sentence }> = [];
  for (const { passage, index } of found) {
    if (sentences.length >= limit) break;
    const sentence = passage.sentences[index]!;
    const id = `${passage.docId}\u0000${passage.text.slice(sentence.start, sentence.end)}`;
    if (listed.has(id)) continue;
    listed.add(id);
    sentences.push({ passage, sentence });
  }
  return { total: found.length, sentences };
}

function bucketOf(year: number, size: number): number {
  return Math.floor(year / size) * size;
}

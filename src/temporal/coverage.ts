/**
 * Time coverage of a corpus: how many sentences' timestamps fall in each year or decade,
 * so a user sees the holes (MRAG's advice: know what period the corpus can answer for).
 */

import type { Passage, TimeBucket } from '../types.ts';
import { utc } from './date-grammar.ts';

/** Coverage is not drawn wider than this many buckets: a stray "44 BC" should not stretch the chart to 2,000 bars. */
const MAX_BUCKETS = 400;

/**
 * Sentences with a timestamp overlapping each bucket, from the earliest to the latest
 * bucket that has any (empty buckets in between are kept: they are the holes). A sentence
 * counts once per bucket however many of its spans overlap it; open spans count for the
 * bucket of their anchor and, when they run to a known end, every bucket up to it.
 */
export function timeCoverage(passages: Iterable<Passage>, options?: { buckets?: 'year' | 'decade' }): TimeBucket[] {
  const size = options?.buckets === 'decade' ? 10 : 1;
  const counts = new Map<number, number>();
  for (const p of passages) {
    for (const s of p.sentences) {
      if (!s.times.length) continue;
      const seen = new Set<number>();
      for (const t of s.times) {
        const y0 = bucketOf(new Date(t.start).getUTCFullYear(), size);
        // `end` is exclusive: the last bucket is the one holding end - 1 ms.
        const y1 = bucketOf(new Date(t.end - 1).getUTCFullYear(), size);
        for (let y = y0; y <= y1 && y - y0 < MAX_BUCKETS * size; y += size) seen.add(y);
      }
      for (const y of seen) counts.set(y, (counts.get(y) ?? 0) + 1);
    }
  }
  if (!counts.size) return [];
  const keys = [...counts.keys()].sort((a, b) => a - b);
  let lo = keys[0]!;
  const hi = keys[keys.length - 1]!;
  // Keep the densest end when the span is too wide: drop the earliest stragglers.
  if ((hi - lo) / size + 1 > MAX_BUCKETS) lo = hi - (MAX_BUCKETS - 1) * size;
  const out: TimeBucket[] = [];
  for (let y = lo; y <= hi; y += size) {
    out.push({ start: utc(y), end: utc(y + size), label: size === 10 ? `${y}s` : String(y), sentences: counts.get(y) ?? 0 });
  }
  return out;
}

function bucketOf(year: number, size: number): number {
  return Math.floor(year / size) * size;
}

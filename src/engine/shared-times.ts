import type { TimeSpan } from '../types.ts';

/**
 * Sentence timestamps shared, not copied: a corpus writes the same dates at the same places
 * again and again (every summary of a table opens with its heading, a column's summaries and
 * its rows' say the same years), and HiTab's 227k timestamps are 53k distinct ones. Each span is
 * frozen, since many sentences hold it. The pool is keyed by a hash of the span (a string key
 * per span cost as much as the spans it saved) and checked field by field, so a collision only
 * shares nothing; it is bounded (emptied when full), so a stream of distinct dates costs no more
 * than before.
 */
export function sharedTimes(times: TimeSpan[]): TimeSpan[] {
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    const key = spanHash(t);
    const shared = POOL.get(key);
    if (shared && sameSpan(shared, t)) {
      times[i] = shared;
    } else if (!shared) {
      if (POOL.size >= POOL_MAX) POOL.clear();
      POOL.set(key, Object.freeze(t));
    }
  }
  return times;
}

const POOL_MAX = 100_000;
const POOL = new Map<number, TimeSpan>();
const GRANULARITY: Record<TimeSpan['granularity'], number> = { day: 1, month: 2, season: 3, year: 4, decade: 5, century: 6 };

function sameSpan(a: TimeSpan, b: TimeSpan): boolean {
  return a.start === b.start && a.end === b.end && a.granularity === b.granularity && a.from === b.from && a.to === b.to && a.open === b.open;
}

function spanHash(t: TimeSpan): number {
  // Integer arithmetic only, and a small-integer key: spans start and end on days (a fraction of
  // a day only changes the key, and the fields are compared on a hit anyway).
  let h = 0x811c9dc5;
  h = Math.imul(h ^ ((t.start / DAY) | 0), 0x01000193);
  h = Math.imul(h ^ ((t.end / DAY) | 0), 0x01000193);
  h = Math.imul(h ^ t.from, 0x01000193);
  h = Math.imul(h ^ t.to, 0x01000193);
  h = Math.imul(h ^ (GRANULARITY[t.granularity] * 4 + (t.open === 'start' ? 1 : t.open === 'end' ? 2 : 0)), 0x01000193);
  return h & 0x3fffffff;
}

const DAY = 86_400_000;

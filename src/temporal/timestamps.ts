/**
 * Sentence timestamps, extracted once at ingest (MRAG step 3). Budget: the engine calls
 * this for every sentence of the corpus, so a sentence without a digit costs one regex
 * test, the date grammar runs only on sentences with digits, and chrono-node (about
 * 0.15 ms a call) runs only when a numeric day/month pattern ("3/5/2016") is present,
 * which the grammar leaves to it.
 */

import * as chrono from 'chrono-node/en';
import type { TimeSpan } from '../types.ts';
import { findDates, utc } from './date-grammar.ts';
import { blockedSpans, overlapsAny } from './false-dates.ts';
import { dateGates, DIGIT, NUMERIC_DATE, SHORT_3 } from './date-gates.ts';

/**
 * The time expressions of one sentence, as intervals in ms since epoch (UTC), in text
 * order. Years, months, days, seasons, decades, centuries, ranges ("1990-93",
 * "from 1811 to 1827") and open intervals ("since 2015" runs to `referenceDate`,
 * default now; "until 1990" has `open: 'start'`). Numbers that are not years
 * ("1500 troops", "page 2001", "$2000", "3017 N Street", "#1234", "2048 MB", digits of a URL or
 * a path, `false-dates.ts`) are skipped, and so are days that do not exist ("31 February").
 * `gates`: what the sentence holds, when the caller read it already (`piecewiseGates`).
 */
export function extractTimestamps(sentence: string, options?: { referenceDate?: Date; gates?: number }): TimeSpan[] {
  const gates = options?.gates ?? dateGates(sentence, SHORT_3 | NUMERIC_DATE);
  if (!(gates & DIGIT)) return [];
  const reference = options?.referenceDate?.getTime() ?? Date.now();
  const spans: TimeSpan[] = [];
  for (const m of findDates(sentence, { shortYears: 'three', reference }, gates)) {
    const span: TimeSpan = { start: m.start, end: m.end, granularity: m.granularity, from: m.from, to: m.to };
    if (m.open) span.open = m.open;
    spans.push(span);
  }
  if (gates & NUMERIC_DATE) {
    const blocked = blockedSpans(sentence, gates);
    for (const r of chrono.parse(sentence, new Date(reference))) {
      const c = r.start;
      if (!c.isCertain('day') || !c.isCertain('month') || !c.isCertain('year')) continue;
      const y = c.get('year')!, mo = c.get('month')! - 1, d = c.get('day')!;
      const from = r.index, to = r.index + r.text.length;
      if (spans.some((s) => s.from < to && from < s.to)) continue;
      // A version or an address ("15.2.2562.46", "127.0.0.1/24") is no day.
      if (overlapsAny(blocked, from, to) || /\d[./]$/.test(sentence.slice(Math.max(0, from - 2), from)) || /^[./]\d/.test(sentence.slice(to, to + 2))) continue;
      if (y < 1000 || y > 2199) continue;
      spans.push({ start: utc(y, mo, d), end: utc(y, mo, d + 1), granularity: 'day', from, to });
    }
    spans.sort((a, b) => a.from - b.from);
  }
  return spans;
}

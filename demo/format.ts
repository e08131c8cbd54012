/**
 * How the demo writes numbers, sizes and times. Times are UTC milliseconds in the engine;
 * they are shown at the granularity the text gave, so "2019" is not shown as "1 Jan 2019".
 */
import type { TimeSpan } from '../src/types.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** One instant at a granularity, in UTC. */
export function formatInstant(ms: number, granularity: TimeSpan['granularity'] = 'day'): string {
  if (!Number.isFinite(ms)) return ms > 0 ? 'present' : 'the beginning';
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  switch (granularity) {
    case 'century':
    case 'decade':
    case 'year':
      return String(y);
    case 'season':
    case 'month':
      return `${MONTHS[d.getUTCMonth()]} ${y}`;
    default:
      return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${y}`;
  }
}

/** A `[start, end)` interval, written inclusively ("2019", "Jan 2019 – Mar 2020"). */
export function formatInterval(start: number, end: number, granularity: TimeSpan['granularity'] = 'day', open?: TimeSpan['open']): string {
  // `end` is exclusive; the last instant inside the interval reads right at any granularity.
  const from = open === 'start' ? '…' : formatInstant(start, granularity);
  const to = open === 'end' ? '…' : formatInstant(Number.isFinite(end) ? end - 1 : end, granularity);
  return from === to ? from : `${from} – ${to}`;
}

/** A timestamp of a sentence, as the engine extracted it. */
export function formatSpan(span: TimeSpan): string {
  return formatInterval(span.start, span.end, span.granularity, span.open);
}

/** Scores to three decimals: enough to compare neighbours, few enough to read. */
export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(3) : String(score);
}

/** Bytes as B / kB / MB / GB (a browser's quota is often gigabytes: "10240.0 MB" reads badly). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** "1 document" / "3 documents". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The message of anything thrown, for the user; Almanac's errors already say what to do. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** `heading` without the document title it starts with ("Title: Section" -> "Section"); '' when it is only the title. */
export function headingBeyond(heading: string, title: string): string {
  // Only a whole-word prefix: "Pythonic ways" is not "Python" plus "ic ways".
  if (!title || !heading.startsWith(title) || /^[\p{L}\p{N}]/u.test(heading.slice(title.length))) return heading;
  return heading.slice(title.length).replace(/^[\s:;,.·›>|–—-]+/, '');
}

/**
 * The part of a passage a result list shows: a window of at most `max` characters around
 * the densest run of highlights, cut at word boundaries, with the highlights moved into it.
 * Pure, so the element and its tests read the same thing.
 */

/** A window of a passage with the highlights that fall in it. */
export interface Snippet {
  text: string;
  /** `[start, end)` offsets into `text`. */
  highlights: Array<[number, number]>;
  /** Whether text was cut before / after the window. */
  cutStart: boolean;
  cutEnd: boolean;
}

/** Cuts `text` to about `max` characters around its highlights. */
export function snippet(text: string, highlights: ReadonlyArray<readonly [number, number]>, max = 240): Snippet {
  if (text.length <= max) return { text, highlights: highlights.map(([s, e]) => [s, e]), cutStart: false, cutEnd: false };
  const sorted = [...highlights].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  // Start where the most highlights fit in one window: the passage's best evidence.
  let bestStart = 0;
  let bestCount = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]![1] <= sorted[i]![0] + max) j++;
    if (j - i > bestCount) {
      bestCount = j - i;
      bestStart = sorted[i]![0];
    }
  }
  // A little context before the first highlight, then back to a word boundary.
  let start = Math.max(0, Math.min(bestStart - Math.floor(max / 6), text.length - max));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < start + 20) start = space + 1;
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + max / 2) end = space;
  }
  return {
    text: text.slice(start, end),
    highlights: sorted
      .filter(([s, e]) => s >= start && e <= end)
      .map(([s, e]) => [s - start, e - start]),
    cutStart: start > 0,
    cutEnd: end < text.length,
  };
}

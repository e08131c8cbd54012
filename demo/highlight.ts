/**
 * Highlighted passage text: `result.highlights` are `[start, end)` offsets into the passage;
 * they become `<mark>` elements around text nodes, so a passage that contains markup shows
 * the markup as text.
 */
import { el } from './dom.ts';

/** A run of text, marked or not. */
export interface Segment {
  text: string;
  marked: boolean;
}

/**
 * Splits `text` into marked and plain runs. Ranges are clamped, sorted and merged first, so
 * overlapping or out-of-range highlights from the engine cannot duplicate or drop text.
 */
export function segments(text: string, highlights: ReadonlyArray<readonly [number, number]>): Segment[] {
  const ranges = highlights
    .map(([s, e]) => [Math.max(0, Math.min(s, text.length)), Math.max(0, Math.min(e, text.length))] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const out: Segment[] = [];
  let at = 0;
  for (const [s, e] of merged) {
    if (s > at) out.push({ text: text.slice(at, s), marked: false });
    out.push({ text: text.slice(s, e), marked: true });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false });
  return out;
}

/** Builds the passage text with `<mark>` around highlights. */
export function highlighted(text: string, highlights: ReadonlyArray<readonly [number, number]>): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const seg of segments(text, highlights)) {
    fragment.appendChild(seg.marked ? el('mark', { text: seg.text }) : document.createTextNode(seg.text));
  }
  return fragment;
}

/**
 * Where the engine's text came from in the file the user gave. Parsers collapse white space,
 * strip markup and flatten tables, so an offset into `StoredDocument.text` is not an offset
 * into the original. A source map is the list of *anchors* where the difference between the
 * two changes: `[t0, s0, t1, s1, ...]`, text offset `t` maps to `s_k + (t - t_k)` for the last
 * anchor with `t_k <= t`. Plain prose has almost no anchors (a newline that becomes a space
 * keeps the difference); each stripped piece of markup or decoded entity adds one.
 *
 * Reading a map (this module) is what search and answers need; building one (`mapped.ts`) is
 * what the readers need, so the engine's start does not carry the builder.
 */
import type { StoredDocument } from '../types.ts';

/** The last anchor at or before text offset `t` (binary search). */
export function anchorIndex(runs: readonly number[], t: number): number {
  let lo = 0;
  let hi = runs.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (runs[2 * mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Text offset `t` mapped through anchors. */
export function mapThrough(runs: readonly number[], t: number): number {
  if (runs.length === 0) return t;
  const k = anchorIndex(runs, t);
  return runs[2 * k + 1]! + (t - runs[2 * k]!);
}

/**
 * Where an offset into `document.text` lies in the content the user gave (the original file of
 * a text format). `side: 'start'` (default) maps the character at `textOffset`; `side: 'end'`
 * maps an exclusive end, the position just after character `textOffset - 1`, so
 * `content.slice(sourceOffset(d, a), sourceOffset(d, b, 'end'))` is text `[a, b)` as written.
 * Documents without a map (PDF and Office files, whose text is extracted, or documents stored
 * before maps existed) give the offset unchanged: it indexes `document.text`.
 */
export function sourceOffset(document: Pick<StoredDocument, 'sourceMap'>, textOffset: number, side: 'start' | 'end' = 'start'): number {
  const runs = document.sourceMap;
  if (!runs || runs.length === 0) return textOffset;
  if (side === 'end') return textOffset <= 0 ? mapThrough(runs, 0) : mapThrough(runs, textOffset - 1) + 1;
  return mapThrough(runs, textOffset);
}

/** A span of the source, `[start, end)`. */
export interface SourceSpan {
  start: number;
  end: number;
}

/** What {@link passageSource} reads of a parsed document. */
export interface SourceLayout {
  sourceMap?: readonly number[];
  blocks: ReadonlyArray<{ start: number; end: number; source?: SourceSpan }>;
}

/**
 * A passage's span in the source from its span in the text: a passage that starts (ends) where
 * its block does takes the block's own start (end), markup included, so a paragraph ending in
 * a link keeps the link's `](url)`; inside a block the map places it. Undefined without a map.
 */
export function passageSource(layout: SourceLayout, start: number, end: number): SourceSpan | undefined {
  const runs = layout.sourceMap;
  if (!runs || runs.length === 0) return undefined;
  const first = blockAt(layout.blocks, start);
  const last = blockAt(layout.blocks, Math.max(start, end - 1));
  const s = first?.source && first.start === start ? first.source.start : sourceOffset({ sourceMap: runs as number[] }, start);
  const e = last?.source && last.end === end ? last.source.end : sourceOffset({ sourceMap: runs as number[] }, end, 'end');
  return { start: s, end: Math.max(s, e) };
}

function blockAt<B extends { start: number; end: number }>(blocks: readonly B[], offset: number): B | undefined {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = blocks[mid]!;
    if (offset < b.start) hi = mid - 1;
    else if (offset >= b.end) lo = mid + 1;
    else return b;
  }
  return undefined;
}

/** The 1-based page of a text offset, from the offsets at which pages start. */
export function pageAt(pages: readonly number[], offset: number): number {
  let lo = 0;
  let hi = pages.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pages[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}


/**
 * Where the engine's text came from in the file the user gave. Parsers collapse white space,
 * strip markup and flatten tables, so an offset into `StoredDocument.text` is not an offset
 * into the original. A source map is the list of *anchors* where the difference between the
 * two changes: `[t0, s0, t1, s1, ...]`, text offset `t` maps to `s_k + (t - t_k)` for the last
 * anchor with `t_k <= t`. Plain prose has almost no anchors (a newline that becomes a space
 * keeps the difference); each stripped piece of markup or decoded entity adds one.
 */
import type { StoredDocument } from '../types.ts';
import { isCollapsed, isSpace } from '../text/white-space.ts';

/** A string and, for each of its characters, the offset it came from (as anchors, see above). */
export interface Mapped {
  readonly text: string;
  /** Anchors `[t0, s0, t1, s1, ...]`, `t0 = 0`, `t` strictly increasing. Empty for empty text. */
  readonly runs: readonly number[];
}

/** An empty {@link Mapped}. */
export const EMPTY_MAPPED: Mapped = Object.freeze({ text: '', runs: Object.freeze([]) as readonly number[] });

/**
 * Builds a {@link Mapped} by appending pieces; consecutive pieces that continue each other share
 * an anchor. Appending a mapped string pushes its text once and its anchors (no piece is
 * sliced out), so building is linear in the anchors, not in the characters or pieces.
 */
export class MappedBuilder {
  private parts: string[] = [];
  // Joined parts, so that a long build never joins the same characters twice.
  private chunks: string[] | undefined;
  private readonly anchors: number[] = [];
  private delta = Number.NaN;
  length = 0;

  /** Appends `text`, whose first character came from `source` (the others follow it). */
  append(text: string, source: number): this {
    if (!text) return this;
    this.anchor(this.length, source);
    this.push(text);
    return this;
  }

  /** Appends characters `[from, to)` of a mapped string with their own origins. */
  appendMapped(m: Mapped, from = 0, to = m.text.length): this {
    if (from >= to) return this;
    const runs = m.runs;
    const n = runs.length;
    let k = from === 0 ? 0 : anchorIndex(runs, from);
    const base = this.length - from;
    this.anchor(this.length, runs[k + k + 1]! + (from - runs[k + k]!));
    for (k++; k + k < n && runs[k + k]! < to; k++) this.anchor(base + runs[k + k]!, runs[k + k + 1]!);
    this.push(from === 0 && to === m.text.length ? m.text : m.text.slice(from, to));
    return this;
  }

  /** Source offset of the last character appended (or `fallback` when empty). */
  lastSource(fallback: number): number {
    if (this.length === 0) return fallback;
    return this.length - 1 + this.delta;
  }

  /** The text so far. */
  get text(): string {
    if (this.chunks) {
      this.chunks.push(this.parts.join(''));
      this.parts = [this.chunks.join('')];
      this.chunks = undefined;
    } else if (this.parts.length > 1) this.parts = [this.parts.join('')];
    return this.parts.length ? this.parts[0]! : '';
  }

  /** Anchors so far (a copy). */
  runs(): number[] {
    return this.anchors.slice();
  }

  build(): Mapped {
    return { text: this.text, runs: this.anchors.slice() };
  }

  /** Character `at` of the output comes from `source`: an anchor unless it continues the last one. */
  private anchor(at: number, source: number): void {
    const delta = source - at;
    if (delta !== this.delta) {
      this.anchors.push(at, source);
      this.delta = delta;
    }
  }

  private push(text: string): void {
    this.parts.push(text);
    this.length += text.length;
    if (this.parts.length >= 4096) {
      (this.chunks ??= []).push(this.parts.join(''));
      this.parts = [];
    }
  }
}

/** `source.slice(start, end)`, each character mapped to where it is. */
export function verbatim(source: string, start = 0, end = source.length): Mapped {
  return start < end ? { text: source.slice(start, end), runs: [0, start] } : EMPTY_MAPPED;
}

/** Text the parser wrote itself ("|" between cells, a decoded entity), placed at `source`. */
export function synthetic(text: string, source: number): Mapped {
  return text ? { text, runs: [0, source] } : EMPTY_MAPPED;
}

/** Concatenation, keeping every character's origin. */
export function concatMapped(parts: readonly Mapped[]): Mapped {
  const b = new MappedBuilder();
  for (const p of parts) b.appendMapped(p);
  return b.build();
}

/**
 * Calls `fn` for each maximal piece of `[from, to)` that comes from one anchor, with the
 * piece's text and the source offset of its first character. Linear in the pieces visited.
 */
export function forEachPiece(m: Mapped, from: number, to: number, fn: (text: string, source: number) => void): void {
  if (from >= to) return;
  const runs = m.runs;
  let k = anchorIndex(runs, from);
  while (from < to) {
    const runStart = runs[2 * k]!;
    const runEnd = 2 * k + 2 < runs.length ? runs[2 * k + 2]! : m.text.length;
    const end = Math.min(to, runEnd);
    fn(m.text.slice(from, end), runs[2 * k + 1]! + (from - runStart));
    from = end;
    k++;
  }
}

/** Source offset of character `i` of a mapped string. */
export function sourceAt(m: Mapped, i: number): number {
  return mapThrough(m.runs, i);
}

/**
 * Collapses runs of white space to one space (placed at the run's first character) and trims.
 * Text already collapsed (most table cells) is returned as it is.
 */
export function collapseMapped(m: Mapped): Mapped {
  const text = m.text;
  if (isCollapsed(text)) return m;
  const b = new MappedBuilder();
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    if (b.length > 0) b.append(' ', sourceAt(m, gapStart(text, i)));
    let z = i + 1;
    while (z < n && !isSpace(text.charCodeAt(z))) z++;
    b.appendMapped(m, i, z);
    i = z;
  }
  return b.build();
}

/** The first white-space character of the run that ends just before `i`. */
function gapStart(text: string, i: number): number {
  let g = i - 1;
  while (g > 0 && isSpace(text.charCodeAt(g - 1))) g--;
  return g;
}

/** Trims white space at both ends, keeping origins. */
export function trimMapped(m: Mapped): Mapped {
  const text = m.text;
  let a = 0;
  let z = text.length;
  while (a < z && /\s/.test(text[a]!)) a++;
  while (z > a && /\s/.test(text[z - 1]!)) z--;
  if (a === 0 && z === text.length) return m;
  return new MappedBuilder().appendMapped(m, a, z).build();
}

/** Splits a mapped string at every match of `separator` (a global regex), keeping origins. */
export function splitMapped(m: Mapped, separator: RegExp): Mapped[] {
  const out: Mapped[] = [];
  let last = 0;
  separator.lastIndex = 0;
  for (let match = separator.exec(m.text); match; match = separator.exec(m.text)) {
    if (match[0].length === 0) { separator.lastIndex++; continue; }
    out.push(new MappedBuilder().appendMapped(m, last, match.index).build());
    last = match.index + match[0].length;
  }
  out.push(new MappedBuilder().appendMapped(m, last, m.text.length).build());
  return out;
}

function anchorIndex(runs: readonly number[], t: number): number {
  let lo = 0;
  let hi = runs.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (runs[2 * mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function mapThrough(runs: readonly number[], t: number): number {
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


/**
 * Text with each character's origin, as the readers build it (see `source-map.ts` for the
 * anchors): a string and its anchors, built by appending pieces; white space collapsed and
 * trimmed keeping origins.
 */
import { isCollapsed } from '../text/white-space.ts';
import { anchorIndex, mapThrough } from './source-map.ts';

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
  const ws = /\s+/g;
  let last = 0;
  let gap = -1;
  const word = (from: number, to: number) => {
    if (gap >= 0 && b.length > 0) b.append(' ', sourceAt(m, gap));
    b.appendMapped(m, from, to);
  };
  for (let match = ws.exec(text); match; match = ws.exec(text)) {
    if (match.index > last) word(last, match.index);
    gap = match.index;
    last = match.index + match[0].length;
  }
  if (last < text.length) word(last, text.length);
  return b.build();
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


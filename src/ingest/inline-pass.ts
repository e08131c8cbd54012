/**
 * The machinery of the inline-markup passes (Markdown, reStructuredText): each pass finds its
 * opening marker, looks for the closing one with a {@link Cursor} that only moves forward, and
 * keeps the ranges it is told to, so every pass is linear in its input.
 */
import { MappedBuilder, sourceAt, type Mapped } from './mapped.ts';

/** What a pass keeps of a match at `i`: ranges of the input, or text it writes placed at input offset `at`; it replaces `[start ?? i, next)`. */
export interface Edit {
  start?: number;
  keep: Array<[number, number] | { text: string; at: number }>;
  next: number;
}

// Escaped punctuation is parked in the Private Use Area while the other passes run, so `\*`
// never opens emphasis; the last pass puts it back (same length, so origins are unchanged).
const PARK = 0xe000;

export function escapes(m: Mapped): Mapped {
  const t = m.text;
  if (!t.includes('\\')) return m;
  const b = new MappedBuilder();
  let copied = 0;
  for (let i = t.indexOf('\\'); i >= 0 && i < t.length - 1; i = t.indexOf('\\', i + 1)) {
    const c = t.charCodeAt(i + 1);
    if (!isAsciiPunct(c)) continue;
    b.appendMapped(m, copied, i);
    const at = sourceAt(m, i + 1);
    b.append(String.fromCharCode(PARK + c), at);
    copied = i + 2;
    i++;
  }
  b.appendMapped(m, copied, t.length);
  return b.build();
}

export function unescape(m: Mapped): Mapped {
  if (!/[\ue000-\ue07f]/.test(m.text)) return m;
  return { text: m.text.replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - PARK)), runs: m.runs };
}

function isAsciiPunct(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

/** `text.indexOf(needle, from)` for queries whose `from` never decreases: linear over all queries. */
export class Cursor {
  private from = -1;
  private found = -1;
  constructor(private readonly text: string, private readonly needle: string) {}
  after(i: number): number {
    if (this.from >= 0 && i >= this.from && (this.found === -1 || this.found >= i)) return this.found;
    this.from = i;
    this.found = this.text.indexOf(this.needle, i);
    return this.found;
  }
}

/** A pass that keeps some ranges and drops the rest; `edit` returns the ranges to keep for a match at `i`, or undefined. */
export function pass(m: Mapped, trigger: string, edit: (i: number) => Edit | undefined): Mapped {
  const t = m.text;
  if (!t.includes(trigger)) return m;
  const b = new MappedBuilder();
  let copied = 0;
  const find = new Cursor(t, trigger);
  for (let i = find.after(0); i >= 0; ) {
    const hit = edit(i);
    if (!hit) {
      i = find.after(i + 1);
      continue;
    }
    b.appendMapped(m, copied, Math.max(copied, hit.start ?? i));
    for (const k of hit.keep) {
      if (Array.isArray(k)) b.appendMapped(m, k[0], k[1]);
      else b.append(k.text, sourceAt(m, k.at));
    }
    copied = hit.next;
    i = hit.next < t.length ? find.after(hit.next) : -1;
  }
  if (copied === 0) return m;
  b.appendMapped(m, copied, t.length);
  return b.build();
}


/** ASCII punctuation parked as {@link escapes} parks it (same length), so no later pass sees markup there; {@link unescape} restores it. */
export function parkPunctuation(s: string): string {
  return s.replace(/[!-/:-@[-`{-~]/g, (c) => String.fromCharCode(PARK + c.charCodeAt(0)));
}

/** `marker` text `marker` read as the text (`**strong**`, ``` ``literal`` ```); `minInner` characters at least between. */
export function enclosed(m: Mapped, marker: string, minInner = 1): Mapped {
  const next = new Cursor(m.text, marker);
  const n = marker.length;
  return pass(m, marker, (i) => {
    const j = next.after(i + n + minInner);
    return j < 0 ? undefined : { keep: [[i + n, j]], next: j + n };
  });
}

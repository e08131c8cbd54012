/**
 * Markdown inline syntax removed, keeping the words a reader sees and where each came from:
 * links (inline, reference `[text][ref]` / `[text][]`, and shortcut `[text]` when the document
 * defines `text`) and images read as their text, code spans and emphasis lose their markers,
 * HTML tags go, autolinks keep their address, backslash escapes keep the character.
 *
 * Each rule is one left-to-right pass that looks for a closing marker with a cursor that only
 * moves forward, so the whole is linear in the input: a run of 100,000 `[` or `<` costs what any
 * other 100 KB does (the regular expressions this replaces backtracked quadratically there).
 */
import { MappedBuilder, sourceAt, verbatim, type Mapped } from './source-map.ts';

/** Reference labels a document defines (`[label]: url`), normalised with {@link referenceLabel}. */
export type ReferenceLabels = ReadonlySet<string>;

/** How reference labels compare: case-insensitive, white space collapsed. */
export function referenceLabel(label: string): string {
  return label.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A link reference definition line (`[id]: https://… "title"`), which renders as nothing. */
export const REFERENCE_DEFINITION = /^ {0,3}\[([^\]\n]{1,999})\]:\s*\S/;

/** Inline markup stripped from a mapped string. */
export function stripInlineMapped(m: Mapped, refs: ReferenceLabels = new Set()): Mapped {
  let out = escapes(m);
  out = links(out, true, refs);
  out = links(out, false, refs);
  out = codeSpans(out);
  out = strong(out);
  out = emphasis(out);
  out = tags(out);
  return unescape(out);
}

/** Inline markup stripped from a plain string. */
export function stripInline(s: string, refs?: ReferenceLabels): string {
  return stripInlineMapped(verbatim(s), refs).text;
}

// Escaped punctuation is parked in the Private Use Area while the other passes run, so `\*`
// never opens emphasis; the last pass puts it back (same length, so origins are unchanged).
const PARK = 0xe000;

function escapes(m: Mapped): Mapped {
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

function unescape(m: Mapped): Mapped {
  if (!/[\ue000-\ue07f]/.test(m.text)) return m;
  return { text: m.text.replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - PARK)), runs: m.runs };
}

function isAsciiPunct(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

/** `text.indexOf(needle, from)` for queries whose `from` never decreases: linear over all queries. */
class Cursor {
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
function pass(m: Mapped, trigger: string, edit: (i: number) => { start?: number; keep: Array<[number, number]>; next: number } | undefined): Mapped {
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
    for (const [a, z] of hit.keep) b.appendMapped(m, a, z);
    copied = hit.next;
    i = hit.next < t.length ? find.after(hit.next) : -1;
  }
  if (copied === 0) return m;
  b.appendMapped(m, copied, t.length);
  return b.build();
}

function links(m: Mapped, images: boolean, refs: ReferenceLabels): Mapped {
  const t = m.text;
  const close = new Cursor(t, ']');
  const open = new Cursor(t, '[');
  const paren = new Cursor(t, ')');
  const refClose = new Cursor(t, ']');
  const refOpen = new Cursor(t, '[');
  const space = new Cursor(t, ' ');
  // A destination has no spaces; after one, only a quoted title may follow (CommonMark).
  const destination = (from: number, k: number) => {
    const s = space.after(from);
    if (s < 0 || s >= k) return true;
    let q = s;
    while (q < k && q - s < 32 && t[q] === ' ') q++;
    const quote = t[q];
    return (quote === '"' || quote === "'") && k - 1 > q && t[k - 1] === quote;
  };
  return pass(m, '[', (i) => {
    const bang = i > 0 && t[i - 1] === '!';
    if (bang !== images) return undefined;
    const j = close.after(i + 1);
    if (j < 0) return undefined;
    const inner = open.after(i + 1);
    if (inner >= 0 && inner < j) return undefined;
    const from = images ? i - 1 : i;
    const keep: Array<[number, number]> = [[i + 1, j]];
    if (t[j + 1] === '(') {
      const k = paren.after(j + 2);
      if (k < 0 || !destination(j + 2, k)) return undefined;
      return { start: from, keep, next: k + 1 };
    }
    if (t[j + 1] === '[') {
      const k = refClose.after(j + 2);
      const o = refOpen.after(j + 2);
      if (k >= 0 && (o < 0 || o > k)) return { start: from, keep, next: k + 1 };
    }
    if (!images && refs.has(referenceLabel(t.slice(i + 1, j)))) return { keep, next: j + 1 };
    return undefined;
  });
}

function codeSpans(m: Mapped): Mapped {
  const t = m.text;
  const next = new Cursor(t, '`');
  return pass(m, '`', (i) => {
    const j = next.after(i + 1);
    return j < 0 ? undefined : { keep: [[i + 1, j]], next: j + 1 };
  });
}

function strong(m: Mapped): Mapped {
  let out = m;
  for (const marker of ['**', '__']) {
    const t = out.text;
    const next = new Cursor(t, marker);
    out = pass(out, marker, (i) => {
      const j = next.after(i + 3);
      return j < 0 ? undefined : { keep: [[i + 2, j]], next: j + 2 };
    });
  }
  return out;
}

const WORD = /[\p{L}\p{N}_]/u;

function emphasis(m: Mapped): Mapped {
  let out = m;
  for (const marker of ['*', '_']) {
    const t = out.text;
    const same = new Cursor(t, marker);
    const star = new Cursor(t, '*');
    const under = new Cursor(t, '_');
    out = pass(out, marker, (i) => {
      const before = i > 0 ? t[i - 1]! : '';
      if (before && (WORD.test(before) || before === '*')) return undefined;
      const j = same.after(i + 1);
      if (j <= i + 1) return undefined;
      const s = star.after(i + 1);
      const u = under.after(i + 1);
      if ((s >= 0 && s < j) || (u >= 0 && u < j)) return undefined;
      const after = t[j + 1];
      if (after !== undefined && (WORD.test(after) || after === '*')) return undefined;
      return { keep: [[i + 1, j]], next: j + 1 };
    });
  }
  return out;
}

const AUTOLINK = /^(?:[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;
const TAG = /^(?:\/?[a-zA-Z][a-zA-Z0-9:-]*(?:\s[^<>]*)?\/?|!--[^]*--|![a-zA-Z][^<>]*)$/;

function tags(m: Mapped): Mapped {
  const t = m.text;
  const close = new Cursor(t, '>');
  const open = new Cursor(t, '<');
  return pass(m, '<', (i) => {
    const j = close.after(i + 1);
    if (j < 0) return undefined;
    const o = open.after(i + 1);
    if (o >= 0 && o < j) return undefined;
    const inner = t.slice(i + 1, j);
    if (AUTOLINK.test(inner)) return { keep: [[i + 1, j]], next: j + 1 };
    if (TAG.test(inner)) return { keep: [], next: j + 1 };
    return undefined;
  });
}

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
import { verbatim, type Mapped } from './mapped.ts';
import { Cursor, enclosed, escapes, parkPunctuation, pass, unescape } from './inline-pass.ts';

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
  let out = parkCodeSpans(escapes(m));
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

/**
 * A code span's content is code, not markup (CommonMark: code spans bind before HTML and
 * emphasis): parked, same length, so that "`impl<T: Send> Sync for Sender<T>`" keeps its
 * "<T: Send>" and "`a*b*c`" its stars. The spans are those {@link codeSpans} strips.
 */
function parkCodeSpans(m: Mapped): Mapped {
  const t = m.text;
  if (!t.includes('`')) return m;
  const parts: string[] = [];
  let copied = 0;
  for (let i = t.indexOf('`'); i >= 0; i = t.indexOf('`', copied)) {
    const j = t.indexOf('`', i + 1);
    if (j < 0) break;
    parts.push(t.slice(copied, i + 1), parkPunctuation(t.slice(i + 1, j)), '`');
    copied = j + 1;
  }
  parts.push(t.slice(copied));
  return { text: parts.join(''), runs: m.runs };
}

function codeSpans(m: Mapped): Mapped {
  return enclosed(m, '`', 0);
}

function strong(m: Mapped): Mapped {
  return enclosed(enclosed(m, '**'), '__');
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

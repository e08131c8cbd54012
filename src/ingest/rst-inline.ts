/**
 * reStructuredText inline markup removed, keeping what a reader sees and where each character
 * came from: ``literals``, `interpreted text` and roles (:pep:`466` reads "PEP 466"),
 * hyperlink references (`text <url>`_, `name`_, name_), **strong**, *emphasis*, |substitutions|,
 * footnote and citation references ([1]_, [#]_) dropped. Linear passes (see `inline-pass.ts`).
 */
import { Cursor, enclosed, escapes, parkPunctuation, pass, unescape, type Edit } from './inline-pass.ts';
import { verbatim, type Mapped } from './mapped.ts';

const WORD = /[\p{L}\p{N}]/u;
const ROLE_PREFIX: Record<string, string> = { pep: 'PEP ', rfc: 'RFC ' };

export function stripRstInlineMapped(m: Mapped): Mapped {
  let out = escapes(m);
  out = parkLiterals(out);
  out = footnoteRefs(out);
  out = interpreted(out);
  out = strong(out);
  out = emphasis(out);
  out = references(out);
  out = substitutions(out);
  out = literals(out);
  return unescape(out);
}

export function stripRstInline(s: string): string {
  return stripRstInlineMapped(verbatim(s)).text;
}

/** Literal text is never markup: its punctuation is parked (same length) until the end. */
function parkLiterals(m: Mapped): Mapped {
  const t = m.text;
  if (!t.includes('``')) return m;
  const parts: string[] = [];
  let copied = 0;
  let i = t.indexOf('``');
  while (i >= 0) {
    const j = t.indexOf('``', i + 3);
    if (j < 0) break;
    parts.push(t.slice(copied, i + 2), parkPunctuation(t.slice(i + 2, j)), '``');
    copied = j + 2;
    i = t.indexOf('``', copied);
  }
  parts.push(t.slice(copied));
  return { text: parts.join(''), runs: m.runs };
}

function literals(m: Mapped): Mapped {
  return enclosed(m, '``');
}

function footnoteRefs(m: Mapped): Mapped {
  const t = m.text;
  const close = new Cursor(t, ']');
  return pass(m, '[', (i) => {
    const j = close.after(i + 1);
    if (j < 0 || j - i > 40 || t[j + 1] !== '_') return undefined;
    if (!/^(?:#?[\p{L}\p{N}_.-]*|\*)$/u.test(t.slice(i + 1, j))) return undefined;
    return { start: i > 0 && t[i - 1] === ' ' ? i - 1 : i, keep: [], next: j + 2 };
  });
}

function interpreted(m: Mapped): Mapped {
  const t = m.text;
  const next = new Cursor(t, '`');
  return pass(m, '`', (i) => {
    const j = next.after(i + 1);
    if (j < 0) return undefined;
    // A role before (`:pep:`) or after (`:sub:`) the text; `_` / `__` after makes it a reference.
    const before = /:([a-zA-Z][\w.+-]{0,30}):$/.exec(t.slice(Math.max(0, i - 33), i));
    let next2 = j + 1;
    if (t[next2] === '_') next2 += t[next2 + 1] === '_' ? 2 : 1;
    else {
      const after = /^:[a-zA-Z][\w.+-]{0,30}:/.exec(t.slice(j + 1, j + 34));
      if (after) next2 += after[0].length;
    }
    let inner = t.slice(i + 1, j);
    let innerEnd = j;
    // `title <target>`: the title is what a reader sees.
    const angle = inner.endsWith('>') ? inner.lastIndexOf('<') : -1;
    if (angle > 0) {
      innerEnd = i + 1 + angle;
      while (innerEnd > i + 1 && t[innerEnd - 1] === ' ') innerEnd--;
      inner = t.slice(i + 1, innerEnd);
    }
    if (inner.startsWith('~')) return { start: before ? i - before[0].length : i, keep: [[i + 2, innerEnd]], next: next2 };
    const prefix = before && ROLE_PREFIX[before[1]!.toLowerCase()];
    // "PEP " is written by the reader; it is placed on the role's name (`:pep:`).
    const keep: Edit['keep'] = prefix && /^\d/.test(inner) ? [{ text: prefix, at: i - before![0].length + 1 }, [i + 1, innerEnd]] : [[i + 1, innerEnd]];
    return { start: before ? i - before[0].length : i, keep, next: next2 };
  });
}

function strong(m: Mapped): Mapped {
  return enclosed(m, '**');
}

function emphasis(m: Mapped): Mapped {
  const t = m.text;
  const next = new Cursor(t, '*');
  return pass(m, '*', (i) => {
    if (i > 0 && WORD.test(t[i - 1]!)) return undefined;
    if (t[i + 1] === ' ' || t[i + 1] === undefined) return undefined;
    const j = next.after(i + 2);
    if (j < 0 || t[j - 1] === ' ') return undefined;
    if (t[j + 1] !== undefined && WORD.test(t[j + 1]!)) return undefined;
    return { keep: [[i + 1, j]], next: j + 1 };
  });
}

/** `name_` and `name__`: the underscores go when they end a word. */
function references(m: Mapped): Mapped {
  const t = m.text;
  return pass(m, '_', (i) => {
    if (i === 0 || !WORD.test(t[i - 1]!)) return undefined;
    const n = t[i + 1] === '_' ? 2 : 1;
    const after = t[i + n];
    if (after !== undefined && (WORD.test(after) || after === '_')) return undefined;
    return { keep: [], next: i + n };
  });
}

function substitutions(m: Mapped): Mapped {
  const t = m.text;
  const next = new Cursor(t, '|');
  return pass(m, '|', (i) => {
    if (i > 0 && WORD.test(t[i - 1]!)) return undefined;
    const j = next.after(i + 2);
    if (j < 0 || j - i > 64 || t[i + 1] === ' ' || t[j - 1] === ' ') return undefined;
    let end = j + 1;
    if (t[end] === '_') end += t[end + 1] === '_' ? 2 : 1;
    return { keep: [[i + 1, j]], next: end };
  });
}

/**
 * Sentence segmentation. A rule-based splitter rather than `Intl.Segmenter`:
 * ICU breaks after initials ("Newton D. Baker") and after the space-separated
 * periods of pre-tokenised text ("D . Baker"), which both occur in real corpora,
 * and the rules here run several times faster on the ingest hot path.
 */

/** A sentence as `[start, end)` offsets into the text it came from. */
export interface SentenceSpan {
  start: number;
  end: number;
}

// Words that end in a period without ending the sentence.
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'ft', 'no', 'nos', 'vs', 'etc', 'inc',
  'ltd', 'co', 'corp', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct',
  'nov', 'dec', 'gen', 'col', 'lt', 'sgt', 'capt', 'gov', 'sen', 'rep', 'rev', 'hon', 'fig',
  'approx', 'dept', 'est', 'vol', 'al', 'e.g', 'i.e', 'u.s', 'u.k', 'ca', 'cf', 'op', 'pp',
]);

/**
 * Splits `text` into sentences. Offsets are exact, so sentences can be cut out of the
 * original with `text.slice(start, end)`; surrounding white space is excluded.
 *
 * A boundary is a run of `.`, `!` or `?`, then closing quotes or brackets, then white space.
 * One scan finds them, each character looked at a bounded number of times: as the regular
 * expression `([.!?]+)(["'”’)\]]*)(\s+)` it was, a long run of `?` not followed by a space made
 * the engine retry from every `?` of the run (100 KB of `?`: 47 s).
 */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const n = text.length;
  let start = skipSpace(text, 0);
  let i = 0;
  while (i < n) {
    if (!isTerminal(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const punctAt = i;
    let punctEnd = i + 1;
    while (punctEnd < n && isTerminal(text.charCodeAt(punctEnd))) punctEnd++;
    let closersEnd = punctEnd;
    while (closersEnd < n && isCloser(text.charCodeAt(closersEnd))) closersEnd++;
    let next = closersEnd;
    while (next < n && isSpace(text.charCodeAt(next))) next++;
    if (next === closersEnd) {
      // No white space after the run: not a boundary, and no boundary starts inside the run.
      i = closersEnd;
      continue;
    }
    if (next >= n) break;
    if (isBoundary(text, punctAt, text.slice(punctAt, punctEnd), next)) {
      if (closersEnd > start) spans.push({ start, end: closersEnd });
      start = next;
    }
    i = next;
  }
  const end = trimEnd(text, text.length);
  if (end > start) spans.push({ start, end });
  return spans;
}

/** `.`, `!`, `?` */
function isTerminal(c: number): boolean {
  return c === 46 || c === 33 || c === 63;
}

/** Closing quotes and brackets after a sentence's end: `"` `'` `”` `’` `)` `]` */
function isCloser(c: number): boolean {
  return c === 34 || c === 39 || c === 0x201d || c === 0x2019 || c === 41 || c === 93;
}

/** JavaScript's `\s`: ASCII white space, the Unicode space separators, line and paragraph separators, and the BOM. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function isBoundary(text: string, punctAt: number, punct: string, next: number): boolean {
  const nextChar = text.charCodeAt(next);
  // A sentence starts with a capital, a digit, or an opening quote/bracket; a
  // lower-case continuation ("approx. three") means the period was not an end.
  const startsSentence =
    (nextChar >= 65 && nextChar <= 90) || (nextChar >= 48 && nextChar <= 57) ||
    nextChar === 34 || nextChar === 39 || nextChar === 40 || nextChar === 91 ||
    nextChar === 0x201c || nextChar === 0x2018 || nextChar > 127;
  if (!startsSentence) return false;
  if (punct !== '.') return true;
  // The word before the period, skipping one space for pre-tokenised text ("D . Baker").
  let i = punctAt;
  while (i > 0 && text[i - 1] === ' ') i--;
  let j = i;
  while (j > 0 && /[A-Za-z.]/.test(text[j - 1]!)) j--;
  const word = text.slice(j, i);
  if (word.length === 0) return true;
  if (word.length === 1 && word >= 'A' && word <= 'Z') return false; // an initial
  return !ABBREVIATIONS.has(word.toLowerCase());
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function trimEnd(text: string, i: number): number {
  while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--;
  return i;
}

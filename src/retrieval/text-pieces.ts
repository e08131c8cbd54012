import type { Tokenizer } from '@orama/orama';
import type { Passage } from '../types.ts';

/**
 * A passage's text as the pieces it was written from (a table summary: its heading, header
 * paths and values, `src/tables/summaries.ts`), from preparing it until it is tokenised: each
 * distinct piece of a table is then tokenised once, not once per row and column summary it
 * appears in (HiTab's header paths are repeated in every summary of their table). Weak, and
 * dropped once read: nothing of it stays with a stored or indexed passage. Loaded with the ingest
 * (`prepare.ts`), which hands {@link passageTerms} to the indexes (`setPiecewiseTerms`): it imports
 * nothing, so that the ingest's chunk shares no module with the worker's start.
 */
const PIECES = new WeakMap<Passage, readonly string[]>();

/** Records the pieces `passage.text` was written from (their concatenation is its text). */
export function setTextPieces(passage: Passage, pieces: readonly string[]): void {
  if (pieces.length > 1) PIECES.set(passage, pieces);
}

/**
 * The counting tokenizer's terms of `passage.text`, as runs to read in order, from its pieces
 * (each distinct piece, or run of pieces that cannot be cut apart, tokenised once into
 * `cache`); undefined for a passage without pieces. The same terms either way (`separableAt`); a passage's pieces are forgotten
 * here, so a second call tokenises the text.
 */
export function passageTerms(passage: Passage, tokenizer: Tokenizer, cache: Map<string, string[]>): string[][] | undefined {
  const pieces = PIECES.get(passage);
  if (!pieces) return undefined;
  PIECES.delete(passage);
  const out: string[][] = [];
  const flush = (piece: string) => {
    let terms = cache.get(piece);
    if (!terms) cache.set(piece, (terms = tokenizer.tokenize(piece) as string[]));
    if (terms.length) out.push(terms);
  };
  let run = pieces[0]!;
  for (let i = 1; i < pieces.length; i++) {
    const next = pieces[i]!;
    if (separableAt(run, next)) {
      flush(run);
      run = next;
    } else {
      run += next;
    }
  }
  flush(run);
  return out;
}

/**
 * Whether the terms of `left + right` are the terms of `left` followed by those of `right`, so
 * that a text written from repeated pieces (a table summary's header paths and values) can be
 * tokenised piece by piece, each distinct piece once. Every rewrite of `normalizeWords` (`src/text/tokenizer.ts`) and
 * the splitter read a character or two around a match, so a boundary at white space keeps them
 * apart, except three that read across it, which this refuses: a name before a number ("Apollo
 * 11", "Python 3.10", "Super Bowl XXVIII": a last word of `left` with a capital letter or
 * "version" / "release", and `right` opening with a digit, a "v" or a Roman numeral; a
 * lower-case word before a number changes nothing) and "United States". Conservative: false
 * may be wrong, true never is (`test/text/separable.test.ts` checks it against whole texts).
 */
export function separableAt(left: string, right: string): boolean {
  if (!left || !right) return true;
  // Called for every boundary of every summary: character codes first, a pattern only for the
  // last word, and only when `right` opens with what a name's number could be.
  let end = left.length - 1;
  if (!isSpace(left.charCodeAt(end)) || isSpace(right.charCodeAt(0))) return false;
  const first = right.charCodeAt(0);
  const numberFirst = (first >= 48 && first <= 57) || ROMAN_OR_V.has(first);
  if (!numberFirst && first !== 115 && first !== 83 /* s S */) return true;
  while (end >= 0 && isSpace(left.charCodeAt(end))) end--;
  let start = end;
  while (start >= 0 && !isSpace(left.charCodeAt(start))) start--;
  const word = left.slice(start + 1, end + 1);
  if (!ENDS_WITH_LETTER.test(word)) return true;
  if (numberFirst) return !(HAS_CAPITAL.test(word) || VERSION_WORD.test(word));
  return !UNITED.test(word);
}

/** Code units of `\s` (white space and line terminators). */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(String.fromCharCode(code));
}

const SPACE = /\s/;
const ENDS_WITH_LETTER = /\p{L}$/u;
const HAS_CAPITAL = /\p{Lu}/u;
// "v" and "V" (a version's prefix, `VERSION_PREFIX`) and the letters of Roman numerals.
const ROMAN_OR_V = new Set([...'vVIXLC'].map((c) => c.charCodeAt(0)));
const VERSION_WORD = /(?:version|release)s?$/;
const UNITED = /united$/i;

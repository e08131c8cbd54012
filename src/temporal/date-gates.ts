/**
 * What a text holds that the date grammar's patterns need (a digit, a slash, a month's name, a
 * "BC", ...), as bits: the cheap scans that decide which patterns run (`date-grammar.ts`,
 * `false-dates.ts`, `timestamps.ts`). Each bit is a superset of what its patterns match, so
 * skipping a pattern whose bit is clear changes nothing.
 *
 * Read once per text, or once per *piece* of a table summary: a summary is its table's heading,
 * header paths and values written again and again (HiTab: 33 MB of summaries from 6 MB of
 * distinct pieces), and for text made of pieces that each end in a space, every bit here is the
 * union of its pieces' bits, plus what a few patterns can read across a space between two
 * pieces ({@link piecewiseGates}). The one scan that does not split so (a dash between digits,
 * which may stand either side of a space) is left to the grammar, on the whole text.
 */

export const DIGIT = 1;
export const SLASH = 1 << 1;
/** `://` (an address). */
export const SCHEME = 1 << 2;
/** `www.` as written (read where the text has no slash). */
export const WWW_EXACT = 1 << 3;
/** `www.` in any case (read where the text has a slash and no `://`). */
export const WWW_ANY_CASE = 1 << 18;
export const PATH = 1 << 4;
export const WORD_SLASH = 1 << 5;
export const BRACKET = 1 << 6;
export const HYPHEN_DIGIT = 1 << 7;
export const IDENTIFIER = 1 << 8;
export const MONTH = 1 << 9;
export const SEASON = 1 << 10;
export const DECADE = 1 << 11;
export const CENTURY = 1 << 12;
export const BC = 1 << 13;
export const AD = 1 << 14;
export const SHORT_3 = 1 << 15;
export const SHORT_ANY = 1 << 16;
/** A numeric day / month / year ("3/5/2016", "1.2.84"): where chrono-node is asked. */
export const NUMERIC_DATE = 1 << 17;

/** Month names as the grammar reads them (`date-grammar.ts`), with an abbreviation dot that pre-tokenised text writes as " .". */
export const MON = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?:\\s?\\.(?!\\d))?';
// A month's name as the month patterns read one: followed by a space, a comma, a digit or the
// word or dash of a range ("May 2016", "May, 2016", "5 May2016", "May-June 2016"), not by a
// letter ("market", "mayor", "decline": most of a table corpus's month-like words).
const MONTH_WORD = new RegExp(`\\b${MON}(?:[\\s,\\d]|-|–|—|to|until|till|through|and)`, 'i');
// (A season's bit gates a part of a year too: "the first quarter of 2008", "the second half".)
const SEASON_WORD = /\b(?:spring|summer|autumn|fall|winter|quarter|half)\b/i;
// And "Q3 2019", "H1 2020": in capitals only, a pattern of its own (one with "h1" in any case
// within the words' pattern, tried at every "h" of every text, cost 4% of HiTab's ingest; any
// case in a pattern of its own, 2%, within the noise). A piece that holds it holds a digit: the
// piece gates' sign hint finds it.
const PART_CODE = /[QH][1-4]\b/;
const DECADE_HINT = /0\s?'?s/;
const CENTURY_HINT = /centur/i;
// What a short year needs: a space, then its digits, then no word character.
const SHORT_NUMBER_3 = /\s\d{3}(?!\w)/;
const SHORT_NUMBER_ANY = /\s\d{1,3}(?!\w)/;
const NUMERIC = /\b\d{1,2}[/.]\d{1,2}[/.](?:\d{4}|\d{2})\b/;
const WWW = /www\./i;
// What PATH_TOKEN, WORD_SLASH_NUMBER and IDENTIFIER (`false-dates.ts`) need, as patterns that
// start at the rare character (a slash, a hyphen) and look back: supersets of their matches. A
// path that `isPath` accepts has two slashes, a dot and a letter after a slash ("/x.md"), or one
// slash after "." or "~" ("./x"): a token PATH_TOKEN reads has a segment before its slashes, so
// a lone "/" ("wage / salary") or "n/a." is none; "pull/1204" a letter before the slash and a
// digit after it; an identifier a letter before "-digit" in its token.
const PATH_GATE = /\/\S*(?:\/|\.[A-Za-z\u00aa-\uffff])|(?<=[~.])\//;
const WORD_SLASH_GATE = /\/(?<=[A-Za-z\u0080-\uffff]\/)\d/;
const IDENTIFIER_GATE = /-(?<=[A-Za-z\u0080-\uffff]\S*-)\d/;
const HYPHEN_DIGIT_HINT = /-\d/;

/** The bits read only when asked for (`want`): each is read by one caller only. */
export const OPTIONAL = SHORT_3 | SHORT_ANY | NUMERIC_DATE;
/** What `extractTimestamps` reads of {@link OPTIONAL} (sentences take 3-digit years only), and so {@link piecewiseGates} gives. */
export const PIECE_WANT = SHORT_3 | NUMERIC_DATE;

/**
 * The bits of `text`; without a digit, none (every date has one), unless it is a piece. Of {@link OPTIONAL}, those in
 * `want`. A bit whose test needs a slash (or, for {@link WWW_EXACT}, its absence) is read only
 * where the grammar reads it; a piece's (`piece`) are all read, so that a union of pieces' bits
 * holds each test's answer for the whole.
 */
export function dateGates(text: string, want = OPTIONAL, piece = false): number {
  const digit = /\d/.test(text);
  // A piece without a digit still lends its other bits to a text that has one.
  if (!digit && !piece) return 0;
  let g = (digit ? DIGIT : 0) | blockGates(text, piece);
  if (want & NUMERIC_DATE && (g & SLASH || text.includes('.')) && NUMERIC.test(text)) g |= NUMERIC_DATE;
  if (MONTH_WORD.test(text)) g |= MONTH;
  if (SEASON_WORD.test(text) || PART_CODE.test(text)) g |= SEASON;
  if (DECADE_HINT.test(text)) g |= DECADE;
  if (CENTURY_HINT.test(text)) g |= CENTURY;
  if (text.includes('BC') || text.includes('B.C.')) g |= BC;
  if (text.includes('AD') || text.includes('CE') || text.includes('A.D.')) g |= AD;
  if (want & SHORT_ANY && SHORT_NUMBER_ANY.test(text)) g |= SHORT_ANY;
  if (want & SHORT_3 && SHORT_NUMBER_3.test(text)) g |= SHORT_3;
  return g;
}

/** The bits `blockedSpans` reads (`false-dates.ts`), digit or none; `piece` as in {@link dateGates}. */
export function blockGates(text: string, piece = false): number {
  let g = 0;
  const slash = text.includes('/');
  if (slash) {
    g |= SLASH;
    if (text.includes('://')) g |= SCHEME;
    if (PATH_GATE.test(text)) g |= PATH;
    if (WORD_SLASH_GATE.test(text)) g |= WORD_SLASH;
  }
  if (((slash && !(g & SCHEME)) || piece) && WWW.test(text)) g |= WWW_ANY_CASE;
  if ((!slash || piece) && text.includes('www.')) g |= WWW_EXACT;
  if (text.includes('[')) g |= BRACKET;
  if (HYPHEN_DIGIT_HINT.test(text)) {
    g |= HYPHEN_DIGIT;
    if (IDENTIFIER_GATE.test(text)) g |= IDENTIFIER;
  }
  return g;
}

// What a piece lends its neighbours across the space between them (bits above the gates').
const ENDS_0_SPACE = 1 << 24;
const STARTS_S = 1 << 25;
const STARTS_3 = 1 << 26;
const LEAD_S = /^'?s/;
const LEAD_3 = /^\d{3}(?!\w)/;

/**
 * The gates of a piece of figures only (digits, spaces and `.,-+%()$*`: most of a table's
 * values, each in two summaries), read in one pass; undefined for any other piece. Such a piece
 * has no letter, slash, bracket nor colon, so of the gates only a digit, a hyphen before one, a
 * 3-digit number after a space (then no digit: no letter or `_` can follow) and, with
 * two dots, a numeric date can hold; and what it lends: 3 leading digits, its "0 " at the end.
 */
function figureGates(piece: string): number | undefined {
  let g = 0;
  let dots = 0;
  // Length of the run of digits ending here, and whether a space came right before it (-1: the start of the piece).
  let run = 0;
  let afterSpace = -1;
  let lead = -1;
  for (let i = 0; i <= piece.length; i++) {
    const c = i < piece.length ? piece.charCodeAt(i) : -1;
    if (c >= 48 && c <= 57) {
      if (run === 0) afterSpace = i > 0 && piece.charCodeAt(i - 1) === 32 ? 1 : i === 0 ? -1 : 0;
      run++;
      g |= DIGIT;
      if (i > 0 && piece.charCodeAt(i - 1) === 45 /* - */) g |= HYPHEN_DIGIT;
      continue;
    }
    if (run > 0) {
      if (afterSpace === 1 && run === 3) g |= SHORT_3;
      if (afterSpace === -1) lead = run;
      run = 0;
    }
    if (c === -1 || c === 32 || c === 44 || c === 45 || c === 43 || c === 37 || c === 40 || c === 41 || c === 36 || c === 42) continue;
    if (c === 46) { dots++; continue; }
    return undefined;
  }
  if (lead === 3) g |= STARTS_3;
  if (dots >= 2 && NUMERIC.test(piece)) g |= NUMERIC_DATE;
  if (piece.endsWith('0 ')) g |= ENDS_0_SPACE;
  return g;
}

// Of a piece of words, what any gate needs but one of the word gates: a digit, a slash, a
// bracket, "BC", "B.C.", "AD", "A.D.", "CE" or "www." (in any case); and those word gates at once.
const SIGN_HINT = /[\d/[]|B[C.]|A[D.]|CE|[wW][wW][wW]\./;
const WORD_HINT = new RegExp(`${MONTH_WORD.source}|${SEASON_WORD.source}|${CENTURY_HINT.source}`, 'i');

/** A piece's gates (of it alone, {@link dateGates}) and what it lends across a space. */
function pieceGates(piece: string): number {
  const figures = figureGates(piece);
  if (figures !== undefined) return figures;
  // Most other pieces are words (a row's label, a column's path): two scans say they hold none.
  let g = SIGN_HINT.test(piece) || WORD_HINT.test(piece) ? dateGates(piece, PIECE_WANT, true) : 0;
  if (piece.endsWith('0 ')) g |= ENDS_0_SPACE;
  const c = piece.charCodeAt(0);
  if ((c === 115 /* s */ || c === 39 /* ' */) && LEAD_S.test(piece)) g |= STARTS_S;
  if (c >= 48 && c <= 57 && LEAD_3.test(piece)) g |= STARTS_3;
  return g;
}

/**
 * The gates of a text of `length` characters written as pieces (`texts[ids[0]] + texts[ids[1]] +
 * ...`), as {@link dateGates} reads them with {@link PIECE_WANT} (what a sentence's dating
 * needs), each distinct piece read once (`memo`, by piece number, kept by the caller for the
 * pieces' table); undefined where a piece but the last does not end in a space, which the proof
 * below needs (or where the pieces are not that long: not the text's).
 *
 * Why the union is exact: every gate but the three below matches no space, and each of its
 * look-arounds and word boundaries reads a piece's first or last character alike whether the
 * piece stands alone or after a space; a month's name followed by the space that ends its piece
 * already matches within it. A match that holds a space between two pieces: a decade "0 s" (a
 * piece ending in "0 ", the next opening with "s" or "'s"), a short year's space and digits
 * (the next piece opening with 3 digits and no word character after them).
 */
export function piecewiseGates(texts: readonly string[], ids: readonly number[], memo: number[], length: number): number | undefined {
  let g = 0;
  let before = 0;
  let chars = 0;
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k]!;
    chars += texts[id]!.length;
    let p = memo[id];
    if (p === undefined) {
      const piece = texts[id]!;
      // -1: a piece that does not end in a space (only the last of a summary may).
      p = memo[id] = piece.charCodeAt(piece.length - 1) === 32 ? pieceGates(piece) : -1;
    }
    if (p === -1) {
      if (k < ids.length - 1) return undefined;
      p = pieceGates(texts[id]!);
    }
    g |= p;
    if (k > 0) {
      if (before & ENDS_0_SPACE && p & STARTS_S) g |= DECADE;
      if (p & STARTS_3) g |= SHORT_3;
    }
    before = p;
  }
  if (chars !== length) return undefined;
  // Without a digit nothing is read; with one, what the pieces lend is no gate.
  return g & DIGIT ? g & ((1 << 24) - 1) : 0;
}

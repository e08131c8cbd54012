import type { Tokenizer } from '@orama/orama';
import { STOP_WORDS } from './stopwords.ts';
import { stemEnglish } from './english-stemmer.ts';
import { expandAbbreviation } from './abbreviations.ts';
import { loadScriptStemmers, nonLatinTerm, segmentWords, UNSPACED_CHARS } from './scripts.ts';

/**
 * Version of the terms this tokenizer writes. Stored indexes (`src/index-format/`) keep the
 * terms of their passages; bump this whenever a change here changes any term, so that a
 * corpus stored before is re-tokenised on open instead of read with stale terms. It also stands
 * for the stemmers of other scripts (`scripts.ts`), which load on demand and so are not in the
 * fingerprint's probe text: bump it when one of them changes (2: the probe lost its Cyrillic
 * and Arabic words when those stemmers became lazy; 3: French, German, Spanish, Italian,
 * Portuguese and Dutch documents are stemmed in their language, `latin-languages.ts`; 4: words
 * joined by "_" are words, and a word and a version joined by "-" are two, `normalizeWords`; 5: a
 * date or a span after a name is no number of the name, "GISTEMP 2023-07", `NAMED_NUMBER`).
 */
export const TOKENIZER_VERSION = 5;

/**
 * Rewrites text so that Orama's English splitter (which cuts at everything but letters, digits,
 * `_`, `'` and `-`) yields the words a reader sees:
 * - one number, one token: thousands separators go ("1,234" -> "1234"), a decimal point becomes
 *   `_`, which the splitter keeps ("3.7" -> "3_7", where it made "3" and "7"), a fraction's
 *   trailing zeros go ("48.0" -> "48"), and so does a leading minus ("-5.2" -> "5_2": a table
 *   writes a fall as "-5.2", a sentence as "fell 5.2%"). A question quoting a figure can then
 *   match the cell that holds it;
 * - compounds split: "police-reported", "non-aboriginal", "24-year-olds" become their words, as
 *   the same idea is written "reported by police", "non aboriginal", "24 years" elsewhere
 *   (measured: `src/tables/settings.ts`). Digit-digit spans ("2015-16", "covid-19") stay whole;
 * - possessives and quotes go ("Canada's" -> "Canada", "'quoted'" -> "quoted"), which Orama
 *   kept as "canada'"; inner apostrophes ("don't") stay;
 * - "U.S." and "United States" read as one term ({@link ONE_TERM_PHRASES}).
 * (The tokenizer then also reads an ISO date's year and month name, `isoDateWords`, and the
 * years of a span, `spanYears`.)
 */
export function normalizeWords(text: string): string {
  // ASCII text (nearly every summary piece: a number, a few plain words; punctuation beyond ASCII
  // too) is read once, code by code, for what each rewrite needs to match; a rewrite that cannot
  // is not tried.
  // Words joined by "_" are words ("release_team", "dead_code"): before any rewrite writes a term
  // with "_" ("3_7", "united_states").
  if (text.includes('_')) text = text.replace(SNAKE, ' ');
  let bits = rewriteBits(text);
  if (bits < 0) return normalizeAny(text);
  let t = text;
  // A rewrite that changed the text has its bits read again for the rewrites after it.
  let u: string;
  if (bits & DIGIT_COMMA_DIGIT && (u = t.replace(/(?<=\d),(?=\d{3}(?!\d))/g, '')) !== t) bits = rewriteBits((t = u));
  if (bits & DIGIT_DOT && (u = t.replace(DOTTED_NUMBER, dottedNumber)) !== t) bits = rewriteBits((t = u));
  if (bits & V_DIGIT && (u = t.replace(VERSION_PREFIX, '')) !== t) bits = rewriteBits((t = u));
  if (bits & NAME_NUMBER && DIGIT_OR_NUMERAL.test(t) && NAMED_NUMBER_HINT.test(t) && (u = t.replace(NAMED_NUMBER, namedNumber)) !== t) bits = rewriteBits((t = u));
  if (bits & (DOT_S | TATES)) t = t.replace(ONE_TERM_PHRASES, 'united_states');
  if (bits & HYPHEN) t = t.replace(/(?<![\p{L}\p{N}_])-(?=\d)/gu, '').replace(HYPHEN_SPLIT, ' ');
  if (bits & APOSTROPHE) t = t.replace(/(?<=\p{L})'s\b/gu, '').replace(/'(?!\p{L})|(?<!\p{L})'/gu, ' ');
  return t;
}

// What {@link rewriteBits} reports of an ASCII text: each bit is needed for one rewrite to change it.
const DIGIT_COMMA_DIGIT = 1; // "1,234"
const DIGIT_DOT = 2; // "3.7", "18.x": a number with points (`DOTTED_NUMBER` changes nothing else)
const V_DIGIT = 4; // "v18" (`VERSION_PREFIX_HINT`)
// A run of letters and "." holding a capital, white space, then a digit or a Roman numeral's
// letter: `NAMED_NUMBER` changes nothing else, as `namedNumber` keeps a name in lower case as it is.
const NAME_NUMBER = 8;
const DOT_S = 16; // ".s", ".S" ("U.S.")
const TATES = 32; // "tates", "TATES" ("United States")
const HYPHEN = 64;
const APOSTROPHE = 128;

// What each ASCII code is to `rewriteBits`.
const C_SPACE = 1, C_DIGIT = 2, C_LOWER = 4, C_UPPER = 8, C_DOT = 16, C_NUMERAL = 32, C_OTHER = 64;
const ASCII_CLASS = ((classes: Uint8Array) => {
  classes.fill(C_OTHER);
  for (const c of [9, 10, 11, 12, 13, 32]) classes[c] = C_SPACE;
  for (let c = 48; c <= 57; c++) classes[c] = C_DIGIT;
  for (let c = 97; c <= 122; c++) classes[c] = C_LOWER;
  for (let c = 65; c <= 90; c++) classes[c] = C_UPPER;
  for (const ch of 'IVXLC') classes[ch.charCodeAt(0)] = C_UPPER | C_NUMERAL;
  classes[46] = C_DOT;
  return classes;
})(new Uint8Array(128));

/**
 * The rewrites of {@link normalizeWords} that may change `text`, or -1 when it has a letter, a digit
 * or white space beyond ASCII (read by {@link normalizeAny}): a clear bit means that rewrite's pattern cannot
 * match or changes nothing, a set one only that it may (its own test then decides).
 */
function rewriteBits(text: string): number {
  let bits = 0;
  let prev = 0; // the class of the code before
  let capital = false; // the run of letters and "." up to here holds a capital
  let named = false; // white space after such a run
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const k = c < 128 ? ASCII_CLASS[c]! : inert(c) ? C_OTHER : -1;
    if (k < 0) return -1;
    if (k === C_LOWER) {
      if (c === 115 /* s */) bits |= sBits(text, i, prev);
      else if (c === 118 /* v */ && i + 1 < text.length && ASCII_CLASS[text.charCodeAt(i + 1)] === C_DIGIT) bits |= V_DIGIT;
      named = false;
    } else if (k === C_SPACE) {
      if (capital && prev & (C_LOWER | C_UPPER | C_DOT)) named = true;
      capital = false;
    } else {
      if (named && k & (C_DIGIT | C_NUMERAL)) bits |= NAME_NUMBER;
      named = false;
      if (k & C_UPPER) {
        capital = true;
        if (c === 83 /* S */) bits |= sBits(text, i, prev);
        else if (c === 86 /* V */ && i + 1 < text.length && ASCII_CLASS[text.charCodeAt(i + 1)] === C_DIGIT) bits |= V_DIGIT;
      } else if (k === C_DIGIT) {
        if (prev === C_OTHER && text.charCodeAt(i - 1) === 44 /* , */ && i >= 2 && ASCII_CLASS[text.charCodeAt(i - 2)] === C_DIGIT) bits |= DIGIT_COMMA_DIGIT;
        capital = false;
      } else if (k === C_DOT) {
        if (prev === C_DIGIT) bits |= DIGIT_DOT;
      } else {
        capital = false;
        if (c === 45 /* - */) bits |= HYPHEN;
        else if (c === 39 /* ' */) bits |= APOSTROPHE;
      }
    }
    prev = k;
  }
  return bits;
}

/**
 * Whether a code beyond ASCII is read by every rewrite as ASCII punctuation is: neither a letter,
 * a digit nor white space ("…", "–", "“"), not "’" (which becomes "'"), not half of a pair.
 */
function inert(c: number): boolean {
  if (c === 0x2019 || (c >= 0xd800 && c <= 0xdfff)) return false;
  let known = INERT.get(c);
  if (known === undefined) INERT.set(c, (known = !WORD_OR_SPACE.test(String.fromCharCode(c))));
  return known;
}

const INERT = new Map<number, boolean>();
const WORD_OR_SPACE = /[\p{L}\p{N}\s]/u;

/** What an "s" or "S" at `i` (after a code of class `prev`) may start or end: "U.S.", "United States". */
function sBits(text: string, i: number, prev: number): number {
  return (prev === C_DOT ? DOT_S : 0) | (i >= 4 && text.startsWith(text.charCodeAt(i) === 115 ? 'tate' : 'TATE', i - 4) ? TATES : 0);
}

/** {@link normalizeWords} of any text (one with characters beyond ASCII). */
/** "_" between letters. */
const SNAKE = /(?<=\p{L})_+(?=\p{L})/gu;
/**
 * Hyphens that join words: before a letter ("police-reported"), at a word's end, and between a
 * word and a version ("release-1.11", written "release-1_11" by then: the name and its number, as
 * "release 1.11"); "covid-19" and "2015-16" stay whole.
 */
const HYPHEN_SPLIT = /(?<=[\p{L}\p{N}])-(?=\p{L})|-(?![\p{L}\p{N}])|(?<=\p{L}{2})-(?=\d+_\d+(?:_\d+)*(?![\p{L}\p{N}_]))/gu;

function normalizeAny(text: string): string {
  // Each rewrite runs only when its trigger character is there: a scan for one character is
  // far cheaper than a Unicode-aware regex over text that cannot match (5x on a corpus).
  let t = text;
  if (t.includes(',')) t = t.replace(/(?<=\d),(?=\d{3}(?!\d))/g, '');
  if (t.includes('.')) t = t.replace(DOTTED_NUMBER, dottedNumber);
  if (VERSION_PREFIX_HINT.test(t)) t = t.replace(VERSION_PREFIX, '');
  if (DIGIT_OR_NUMERAL.test(t) && NAMED_NUMBER_HINT.test(t)) t = t.replace(NAMED_NUMBER, namedNumber);
  if (t.includes('.s') || t.includes('.S') || t.includes('tates') || t.includes('TATES')) t = t.replace(ONE_TERM_PHRASES, 'united_states');
  if (t.includes('-')) t = t.replace(/(?<![\p{L}\p{N}_])-(?=\d)/gu, '').replace(HYPHEN_SPLIT, ' ');
  if (t.includes('’')) t = t.replace(/’/g, "'");
  if (t.includes("'")) t = t.replace(/(?<=\p{L})'s\b/gu, '').replace(/'(?!\p{L})|(?<!\p{L})'/gu, ' ');
  return t;
}

/**
 * A number with points: a figure ("3.7", "48.0", "1,234.50"), a version ("3.10", "18.20.4"), a
 * release line ("18.x", "1.29.x"). Its digits are kept as written, joined by `_`, which the
 * splitter keeps, so "3.10" and "3.1" are two terms. Where nothing says it is a version, a
 * number may be a figure whose trailing zeros are formatting ("1,234.50" is 1234.5, "11.20"
 * is the cell "11.2"): it then also carries its value ("1234_50 1234_5"). A version is a chain
 * ("18.20.4", also of its line "18.20"), a number after a name ("Python 3.10", "Node.js 18.20")
 * or after "v" / "version" / "release". A fraction of zeros goes ("48.0" -> "48"); a line's
 * wildcard goes ("18.x" -> "18", the major version a question names). Measured: see
 * `docs/RESULTS.md` (versions as terms).
 */
const DOTTED_NUMBER = /(?<![\p{N}_])(\d+)((?:\.\d+)*)(?:(\.[xX*])(?![\p{L}\p{N}])|(?![\p{L}_]))/gu;
// What makes a two-part number a version: a capitalised name, "v", "version" or "release" right before it.
const VERSION_BEFORE = /(?:(?<![\p{L}\p{N}])\p{Lu}[\p{L}]*(?:\.\p{L}+)?\s+|(?<![\p{L}\p{N}])[vV]|\b(?:version|release|versions|releases)\s+)$/u;

function dottedNumber(m: string, whole: string, parts: string, wildcard: string | undefined, offset: number, text: string): string {
  if (!parts) return wildcard ? whole : m;
  // The common figure ("11.2", "3.75"): one fraction not ending in 0, its term alone (what the steps below give it).
  if (!wildcard && parts.lastIndexOf('.') === 0 && parts.charCodeAt(parts.length - 1) !== 48 /* 0 */) return `${whole}_${parts.slice(1)}`;
  const digits = parts.slice(1).split('.');
  if (!wildcard && digits.length === 1 && /^0+$/.test(digits[0]!)) return whole;
  const term = `${whole}_${digits.join('_')}`;
  if (wildcard) return term;
  // A release ("18.20.4", "3.10.4") is also of its line ("18.20", "3.10"), which questions name.
  if (digits.length >= 2) return `${term} ${whole}_${digits.slice(0, -1).join('_')}`;
  const value = digits[0]!.replace(/0+$/, '');
  if (value === digits[0] || VERSION_BEFORE.test(text.slice(Math.max(0, offset - 24), offset))) return term;
  return `${term} ${whole}_${value}`;
}

// "v18", "V1.29.0": the letter says "version", the number is the term ("v18" meets "Node.js 18").
const VERSION_PREFIX_HINT = /[vV]\d/;
const VERSION_PREFIX = /(?<![\p{L}\p{N}_])[vV](?=\d)/gu;

/**
 * A name and its number, one thing: "Apollo 11", "Python 3.10", "Cycle 20", "Node.js 18",
 * "Super Bowl XXVIII". The words stay terms of their own and the pair is added as a term too
 * ("apollo_11"), so a passage about Apollo 11 outranks one about Apollo 17 that shares every
 * other word; a Roman numeral after a capitalised word adds its value ("XXVIII" -> 28, so
 * "Super Bowl 28" meets it). A name is a capitalised word, never a time word ("In 2019", "May
 * 2020", "Q3 2021") or a stop word; a question typed in lower case ("python 3.10") still meets
 * the words and the number.
 */
const DIGIT_OR_NUMERAL = /\d|[IVXLC]{2}/;
const NAMED_NUMBER_HINT = /\p{L}[\p{L}.]*\s+(?:\d|[IVXLC]{2})/u;
const NAMED_NUMBER = /(?<![\p{L}\p{N}_.])(\p{L}[\p{L}]*(?:\.[\p{L}]+)?)\s+((?:\d+(?:_\d+)*)(?![\p{L}\p{N}_.,]|[.,-]\d)|[IVXLC]{2,}(?![\p{L}\p{N}]))/gu;
const NOT_NAMES = new Set([
  'in', 'on', 'at', 'by', 'since', 'until', 'till', 'from', 'to', 'during', 'before', 'after', 'around', 'circa', 'about',
  'of', 'for', 'and', 'or', 'the', 'a', 'an', 'than', 'between', 'through', 'into', 'over', 'under', 'per', 'with', 'as',
  'is', 'was', 'are', 'were', 'be', 'been', 'has', 'had', 'have', 'it', 'its', 'this', 'that', 'these', 'those', 'which',
  'year', 'years', 'month', 'months', 'day', 'days', 'week', 'weeks', 'decade', 'century', 'season', 'fy', 'fys', 'q1', 'q2', 'q3', 'q4', 'h1', 'h2',
  'jan', 'january', 'feb', 'february', 'mar', 'march', 'apr', 'april', 'may', 'jun', 'june', 'jul', 'july', 'aug', 'august',
  'sep', 'sept', 'september', 'oct', 'october', 'nov', 'november', 'dec', 'december',
  'spring', 'summer', 'autumn', 'fall', 'winter', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
]);

function namedNumber(m: string, name: string, number: string): string {
  const word = name.toLowerCase();
  if (NOT_NAMES.has(word) || STOP.has(word)) return m;
  const roman = /^[IVXLC]+$/.test(number) ? romanValue(number) : undefined;
  if (/^[IVXLC]+$/.test(number) && roman === undefined) return m;
  // After a lower-case word a number is usually a count or a quantity ("scored 3 goals",
  // "the last 3.12.0"), not a name.
  if (!/^\p{Lu}/u.test(name)) return m;
  const key = word.replace(/\./g, '');
  const value = roman === undefined ? number : String(roman);
  return `${m} ${key}_${value}${roman === undefined ? '' : ` ${value}`}`;
}

/** The value of a Roman numeral written the standard way ("XXVIII" -> 28), else undefined. */
function romanValue(s: string): number | undefined {
  if (!/^(?:C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/.test(s)) return undefined;
  const v: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const a = v[s[i]!]!, b = v[s[i + 1]!] ?? 0;
    total += a < b ? -a : a;
  }
  return total;
}

/**
 * Word groups read as one term: "U.S." and "United States", which tables and questions write
 * either way. The splitter made "U.S." the letters "u" and "s" ("us" is a pronoun), and as two
 * words "United States" matched every question about a state ("state agency", "states").
 * Measured (HiT@1 / HiT@10): HiTab dev 60.7 / 86.7 -> 61.0 / 86.8 (as the two words "united
 * states": 60.8 / 86.6), TAT-QA dev HiT@1 67.7 -> 67.8, TimeQA AR@1 / ER@1 55.8 / 44.1 -> 55.8 /
 * 44.2. A highlighter marks each group as one word.
 */
export const ONE_TERM_PHRASES = /(?<![\p{L}\p{N}.])u\.s\.?(?![\p{L}\p{N}])|\bunited\s+states\b/giu;

// Orama's English splitter, applied as Orama applies it: to the lower-cased text; it cuts at
// everything but a-z, 0-9, `_`, `'` and `-` (and the accents à è é ì ò ó ù). Here it leaves every
// other non-ASCII character in its token, so ASCII text (nearly all of the benchmarks') splits
// where it always did, in one native scan, and a token with any other character is read by
// {@link unicodeTerms}, once per distinct token (the cache below).
const SPLITTER = /[^a-z0-9_'\-\u0080-\uffff]+/g;
const NON_ASCII = /[^\x00-\x7f]/;
// Every script's letters, marks and digits, and emoji (cut apart below).
const UNICODE_SPLITTER = /[^\p{L}\p{M}\p{N}\p{Emoji_Presentation}_'-]+/gu;
// A word holding an emoji or a script written without spaces, which are cut into pieces.
const HAS_PIECES = new RegExp(`[\\p{Emoji_Presentation}${UNSPACED_CHARS}]`, 'u');
const PIECES = new RegExp(`(\\p{Emoji_Presentation})|([${UNSPACED_CHARS}]+)|([^\\p{Emoji_Presentation}${UNSPACED_CHARS}]+)`, 'gu');
const WORDLIKE = /[\p{L}\p{N}]/u;
// One word of one piece: letters, marks, digits, `_`, `'` and `-`, no emoji nor unspaced script.
const ONE_WORD = new RegExp(`^(?:(?![${UNSPACED_CHARS}])[\\p{L}\\p{M}\\p{N}_'-])+$`, 'u');

// Full-width ASCII (CJK text writes "２０２０") and the Latin ligatures: their compatibility forms.
// Not all of NFKC, which would also turn "™" into "TM" and "km²" into "km2", new terms in English text.
const COMPATIBLE = /[\uff01-\uff5e\ufb00-\ufb06]/g;

/**
 * The words of a lower-cased token holding non-ASCII characters: words of every script, split at
 * what is neither a letter, a mark, a digit, `_`, `'` nor `-` (so punctuation such as a dash or
 * a curly quote splits as the English splitter split at it), after Unicode normalisation (NFC:
 * a name typed precomposed or decomposed is one word; full-width digits are digits, a ligature
 * its letters). Each emoji is a word; a run of a script written without spaces is cut into words
 * by `Intl.Segmenter` (`scripts.ts`).
 */
function normalizeToken(token: string): string {
  return token.normalize('NFC').replace(COMPATIBLE, (ch) => ch.normalize('NFKC'));
}

function wordsOfNormalized(normalized: string): string[] {
  const words = normalized.split(UNICODE_SPLITTER);
  // Most such tokens are Latin words with an accent, or words around a dash: nothing to cut.
  if (!HAS_PIECES.test(normalized)) return words.filter((w) => w !== '');
  const out: string[] = [];
  for (const word of words) {
    if (!word) continue;
    if (!HAS_PIECES.test(word)) {
      out.push(word);
      continue;
    }
    for (const [, emoji, unspaced, other] of word.matchAll(PIECES)) {
      if (emoji) out.push(emoji);
      else if (unspaced) out.push(...segmentWords(unspaced));
      // A lone variation selector or mark between pieces is no word.
      else if (other && WORDLIKE.test(other)) out.push(other);
    }
  }
  return out;
}

const STOP = new Set(STOP_WORDS);

/**
 * The other languages of Latin text (`latin-languages.ts`: detection, stop words, stemmers),
 * imported when a text shows two or more of the words below (one, in a question's few words),
 * which English text seldom has twice ("Los Angeles" once): an English site never downloads it
 * for its questions. Exported as a live binding: the indexes read documents through it once loaded.
 */
export let latin: typeof import('./latin-languages.ts') | undefined;
const LATIN_SIGNAL = /(?<![\p{L}'])(?:l[ae]s?|des|une|est|et|qu(?:and|el\p{L}*|i|ando|em|é|ién)|où|d[ae][rs]|die|und|ist|w(?:ann|er|elche\p{L}?|ie|at|anneer|urde|erd)|el|los|del|una|y|il|che|è|em|não|het|een|van)(?![\p{L}'])/giu;
/** Longest text read as a question: one word of {@link LATIN_SIGNAL} is enough to look further. */
const SHORT_TEXT = 200;

/**
 * Whether a text shows any word that another language than English is told by (what
 * `documentLanguages` and `readingLanguage` look for): a document none of whose texts does is read
 * in English, whichever languages are loaded.
 */
export function showsOtherLanguage(text: string): boolean {
  return SIGNAL_GATE.test(text);
}

/** Whether a text may be in another language than English: words of {@link LATIN_SIGNAL}. */
function mayBeOtherLanguage(text: string): boolean {
  LATIN_SIGNAL.lastIndex = 0;
  return LATIN_SIGNAL.exec(text) !== null && (text.length <= SHORT_TEXT || LATIN_SIGNAL.exec(text) !== null);
}

/**
 * The language other than English a Latin-script text is read in (its stemmer loaded by
 * {@link loadStemmers}), or undefined: English. Decided by its function words (`latin-languages.ts`).
 */
export function readingLanguage(text: string): string | undefined {
  return latin && mayBeOtherLanguage(text) ? latin.readingLanguage(text) : undefined;
}

// Token -> term ('' for a stop word), or the terms of a token holding non-ASCII characters. A
// corpus repeats its words, so one lookup replaces the stop-word scan, the abbreviation table,
// the stemmer and the accent folding (with the rewrites above, tokenising was a third of a
// reload of 16k TimeQA passages). Bounded against streams of unique tokens.
const TERMS_MAX = 200_000;
// A token of a text in another language of Latin text (`latin-languages.ts`) is keyed with its
// language ("fr collections"): tokens hold no space. Each `clear` (a stemmer arrived, in
// `loadStemmers`, or the bound was met) counts a generation: see {@link stemmerGeneration}.
class TermCache extends Map<string, string | readonly string[]> {
  generation = 0;
  override clear(): void {
    this.generation++;
    super.clear();
  }
}
const terms = new TermCache();

/**
 * Changes whenever a stemmer arrived ({@link loadStemmers}; also when the term cache was
 * emptied): text tokenised before and after may give other terms, so a cache of terms kept
 * across calls (`PieceTerms` in `text-pieces.ts`) is valid while this stays the same.
 */
export function stemmerGeneration(): number {
  return terms.generation;
}

/**
 * {@link LATIN_SIGNAL} without Unicode, for every text an ingest indexes (HiTab: 173k summaries, 2.5k
 * with a word of it): ASCII letters bound its words (a non-letter before one is matched, not looked
 * behind for), and "ſ" and "K", which `/iu` reads as "s" and "k", match alone. It matches wherever
 * LATIN_SIGNAL does, at under half the cost, so a text it misses is English without more ado; built
 * from LATIN_SIGNAL's source, so the words stay one list (a source it cannot read lets every text through).
 */
const SIGNAL_GATE = ((source: string) => /\\p|\\u\{/.test(source) ? /[^]/ : new RegExp(`${source}|[\\u017f\\u212a]`, 'i'))(
  LATIN_SIGNAL.source.replace("(?<![\\p{L}'])", "(?:^|[^A-Za-z'])").replaceAll("[\\p{L}']", "[A-Za-z']").replaceAll('\\p{L}', '[A-Za-z]'));

/**
 * Loads the stemmers the scripts of `texts` need (`scripts.ts`), so that tokenising them gives
 * the terms it always gave. Await it before tokenising text that may be in another script than
 * Latin (the engine does, wherever text comes in); cached terms are forgotten when a stemmer
 * arrives, since words of its script were kept whole until then. With `languages` (the default),
 * also the detector and stemmers of the other languages of Latin text the texts are in: only
 * text about to be indexed needs them (`documentLanguages`); a question loads its own. Given as
 * texts, `languages` are those read for their language instead of `texts` (a table's row and
 * column summaries are read in English whatever words they hold, `documentLanguages`).
 */
export async function loadStemmers(texts: Iterable<string>, options: { languages?: boolean | Iterable<string> } = {}): Promise<void> {
  const all = distinct(texts);
  let arrived = await loadScriptStemmers(all);
  // Latin text in another language than English: its stemmer (and the detector, first).
  const languages = options.languages === false ? [] : options.languages === undefined || options.languages === true ? all : distinct(options.languages);
  const other = languages.filter((t) => showsOtherLanguage(t) && mayBeOtherLanguage(t));
  if (other.length) {
    latin ??= await import('./latin-languages.ts');
    if (await latin.loadLatinLanguages(other, STOP)) arrived = true;
  }
  if (arrived) terms.clear();
}

/**
 * The texts to judge: each is judged alone, so a text met again changes nothing (every passage
 * of a table carries the table's heading, a sixth of what a table corpus gives here: read once),
 * nor does an empty one.
 */
function distinct(texts: Iterable<string>): string[] {
  const all: string[] = [];
  let last = '';
  let beforeLast = '';
  for (const t of texts) {
    if (!t) continue;
    if (t !== last && t !== beforeLast) all.push(t);
    beforeLast = last;
    last = t;
  }
  return all;
}

/** A token's term (an ASCII token), or terms (one with other characters: {@link unicodeTerms}), in `language` (undefined: English). */
function termOf(token: string, language?: string): string | readonly string[] {
  const key = language ? `${language} ${token}` : token;
  let term = terms.get(key);
  if (term === undefined) {
    if (terms.size >= TERMS_MAX) terms.clear();
    term = NON_ASCII.test(token) ? unicodeTerms(token, language) : wordTerm(token, language);
    terms.set(key, term);
  }
  return term;
}

/**
 * A word as the indexes keep it: '' for a stop word, else a table abbreviation read as its word,
 * stemmed, accents folded; a word of another script than Latin is stemmed by its script's
 * stemmer where there is one, else kept whole (`scripts.ts`).
 */
function wordTerm(word: string, language?: string): string {
  const other = NON_ASCII.test(word) ? nonLatinTerm(word) : undefined;
  if (other !== undefined) return STOP.has(word) ? '' : other;
  // A word of a French (German...) text: that language's stop words and stemmer.
  const own = language ? latin?.latinTerm(word, language) : undefined;
  if (own !== undefined) return own && foldAccents(own);
  if (STOP.has(word)) return '';
  return foldAccents(stemEnglish(expandAbbreviation(word)));
}

/** The terms of a token holding non-ASCII characters: its words' terms, with the dates they read as. */
function unicodeTerms(token: string, language?: string): string | readonly string[] {
  const normalized = normalizeToken(token);
  // Most such tokens are one word (an accented name, a Cyrillic word): one term, no array. A
  // stream of unique words (a hostile document) meets this on every token.
  if (ONE_WORD.test(normalized)) {
    const term = wordTerm(normalized, language);
    const dates = dateWords(normalized);
    return dates ? (term ? [term, ...dates] : dates) : term;
  }
  const out: string[] = [];
  for (const word of wordsOfNormalized(normalized)) {
    const term = wordTerm(word, language);
    if (term) out.push(term);
    const dates = dateWords(word);
    if (dates) out.push(...dates);
  }
  return out;
}

/**
 * Orama's diacritics step (decompose, drop the combining marks), and for the Latin letters that
 * do not decompose, their usual ASCII spelling ("tromsø" as "tromso", "weiß" as "weiss"), so a
 * question typed without them still matches.
 */
function foldAccents(term: string): string {
  if (!NON_ASCII.test(term)) return term;
  const folded = term.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return NON_ASCII.test(folded) ? folded.replace(UNDECOMPOSED, (ch) => UNDECOMPOSED_LATIN[ch]!) : folded;
}

const UNDECOMPOSED_LATIN: Readonly<Record<string, string>> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ħ: 'h', ŧ: 't', ŀ: 'l' };
const UNDECOMPOSED = new RegExp(`[${Object.keys(UNDECOMPOSED_LATIN).join('')}]`, 'g');

/** The terms of a text, in order: {@link normalizeWords}, lower case, split, then {@link termOf}. */
function termsOf(text: string, allowDuplicates: boolean, language?: string): string[] {
  const out: string[] = [];
  for (const token of normalizeWords(text).toLowerCase().split(SPLITTER)) {
    if (!token) continue;
    const term = termOf(token, language);
    if (typeof term !== 'string') {
      for (const t of term) out.push(t);
      continue;
    }
    if (term) out.push(term);
    // Cheap shape test first: most tokens are not "dddd-dd".
    if (token.length >= 7 && token.charCodeAt(4) === 45 /* - */) {
      const words = isoDateWords(token) ?? spanYears(token);
      if (words) out.push(...words);
    }
  }
  return allowDuplicates ? out : [...new Set(out)];
}

/** The year and month of an ISO date, or the years of a span, that a token also reads as. */
function dateWords(token: string): string[] | undefined {
  // Cheap shape test first: most tokens are not "dddd-dd".
  if (token.length < 7 || token.charCodeAt(4) !== 45 /* - */) return undefined;
  return isoDateWords(token) ?? spanYears(token);
}

const ISO_DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
const MONTH_TERMS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].map((m) => stemEnglish(m));

/**
 * The year and month name of an ISO date or month ("2023-03" -> "2023", "march"), so a question
 * that writes "March 2023" finds the row a spreadsheet labels "2023-03". A season ("2011-12",
 * whose second half is the year after the first) is not a month: {@link spanYears} reads it.
 */
function isoDateWords(token: string): string[] | undefined {
  const m = ISO_DATE.exec(token);
  if (!m) return undefined;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  if (m[3] === undefined && (Number(m[1]) + 1) % 100 === month) return undefined;
  return [m[1]!, MONTH_TERMS[month - 1]!];
}

const YEAR_SPAN = /^((?:19|20)\d\d)-(\d\d|(?:19|20)\d\d)$/;

/** Longest span read year by year: a fiscal range or a decade, not a century. */
const MAX_SPAN_YEARS = 12;

/**
 * The years of a span ("2017-19" -> 2017, 2018, 2019; "2011-12"; "1999-00"; "2010-2019"), so a
 * question about 2018 meets a table of "FYs 2017-19" and a season written "2011-12" meets "2012".
 * Measured (HiT@1 / HiT@10): HiTab dev 60.5 / 86.5 -> 60.7 / 86.7, 1,000 HiTab train questions
 * 55.9 / 85.6 -> 56.1 / 85.9, TAT-QA 67.4 -> 67.7, TimeQA AR@1 / ER@1 55.2 / 43.5 -> 55.4 / 43.7.
 * Spans of one year only ("2011-12"): HiTab dev 60.5 / 86.9, train 56.3 / 85.8.
 */
function spanYears(token: string): string[] | undefined {
  const m = YEAR_SPAN.exec(token);
  if (!m) return undefined;
  const from = Number(m[1]);
  const end = Number(m[2]);
  const to = m[2]!.length === 4 ? end : Math.floor(from / 100) * 100 + end + (end < from % 100 ? 100 : 0);
  if (to <= from || to - from > MAX_SPAN_YEARS) return undefined;
  const out: string[] = [];
  for (let y = from; y <= to; y++) out.push(String(y));
  return out;
}

/**
 * The tokenizer of every lexical comparison in Almanac — the BM25 indexes and the table
 * fusion — so a term is the same word everywhere: {@link normalizeWords}, Orama's English
 * splitter, Almanac's short stop-word list, table abbreviations read as words
 * (`abbreviations.ts`), Orama's English stemmer (`english-stemmer.ts`); an ISO date adds its year and month, a span
 * of years its years. An Orama tokenizer object whose `tokenize` does all of it in one pass,
 * with one cache lookup per token.
 *
 * @param allowDuplicates keep repeated tokens (the BM25 index counts terms).
 * @param language another language of Latin text than English ({@link readingLanguage}): its
 *   words get that language's stop words and stemmer; the words of other scripts are read as always.
 */
export function createTextTokenizer(allowDuplicates = false, language?: string): Tokenizer {
  // Orama reads only these three fields (its `Tokenizer`); built here rather than through
  // `createTokenizer`, whose module would bring Orama's error table to the start chunk.
  return {
    language: 'english',
    normalizationCache: new Map(),
    tokenize: (input) => (typeof input === 'string' ? termsOf(input, allowDuplicates, language) : [input as never]),
  };
}

/** The distinct terms of `text`, in order of first occurrence: {@link createTextTokenizer}'s tokens (in `language`, as there). */
export function tokenize(text: string, language?: string): string[] {
  return termsOf(text, false, language);
}

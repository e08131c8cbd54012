import type { Passage } from '../types.ts';
import { grow } from '../grow.ts';

/**
 * A passage's text as the pieces it was written from (a table summary: its heading, header
 * paths and values, `src/tables/summaries.ts`), from preparing it until it is tokenised: each
 * distinct piece of a table is then tokenised once, not once per row and column summary it
 * appears in (HiTab's header paths are repeated in every summary of their table), and known by
 * its number in the table. Weak, and dropped once read: nothing of it stays with a stored or
 * indexed passage. Loaded with the ingest (`prepare.ts`), which hands {@link PieceTerms} to the
 * indexes (`setPiecewiseTerms`): it imports nothing, so that the ingest's chunk shares no module
 * with the worker's start.
 */
const PIECES = new WeakMap<Passage, { ids: ArrayLike<number>; texts: readonly string[] }>();

/**
 * Records the pieces `passage.text` was written from: `texts[ids[0]] + texts[ids[1]] + ...` is
 * its text. `texts` is shared by the passages of one table (its distinct pieces, as
 * `summarizeTable` numbers them), so each of them is read once for all of them.
 */
export function setTextPieces(passage: Passage, ids: ArrayLike<number>, texts: readonly string[]): void {
  if (ids.length > 1) PIECES.set(passage, { ids, texts });
}

/** Most runs a {@link PieceTerms} keeps before it starts again (HiTab's 3,371 tables have 139k distinct runs). */
const MAX_RUNS = 300_000;

/**
 * The terms of passages written as pieces, for the indexes (`PieceReader` in `term-index.ts`),
 * kept across the batches of one ingest. A passage's text is read as runs, tokenised one by
 * one, their terms together the terms of the text (`separableAt`): its pieces, a run of pieces
 * that cannot be cut apart joined into one. A value ("0, ", "1.5, ") or a header path ("in
 * total apps ") is written in many tables, and each distinct run is tokenised once (HiTab: 1.9M
 * runs, 448k distinct within their tables, 139k across them). Terms are numbered here and a run
 * is its numbers in one pool, so that the cache holds strings and typed arrays, not an object
 * per run. Within a table, a piece is known by its number: its run and where it may be cut are
 * array reads, not string lookups.
 */
export class PieceTerms {
  readonly terms: string[] = [];
  out = new Int32Array(1024);
  private readonly numbers = new Map<string, number>();
  private runs = new Map<string | undefined, Map<string, number>>();
  private size = 0;
  private starts = new Int32Array(1024);
  private lens = new Int32Array(1024);
  private pool = new Int32Array(8192);
  private used = 0;
  private generation = -1;
  // The table at hand (its pieces) and, per piece: its entry (-1: not yet), how it ends and how
  // it opens for `separableAt` (-1: not read yet; see `endOf` and `openOf`).
  private texts: readonly string[] | undefined;
  private language: string | undefined;
  private entryOf = new Int32Array(256);
  private ends = new Int8Array(256);
  private opens = new Int8Array(256);

  refresh(generation: number): void {
    if (this.generation === generation && this.size < MAX_RUNS && this.terms.length < 4 * MAX_RUNS) return;
    this.generation = generation;
    this.numbers.clear();
    this.terms.length = 0;
    this.runs = new Map();
    this.texts = undefined;
    this.size = 0;
    this.used = 0;
  }

  read(passage: Passage, language: string | undefined, tokenizer: { tokenize(text: string): unknown }): number {
    const p = PIECES.get(passage);
    if (!p) return -1;
    PIECES.delete(passage);
    const { ids, texts } = p;
    if (texts !== this.texts || language !== this.language) this.begin(texts, language);
    let n = 0;
    const count = ids.length;
    for (let i = 0; i < count;) {
      const id = ids[i++]!;
      // An empty piece adds no term and cuts nothing: the pieces around it meet.
      if (!texts[id]) continue;
      while (i < count && !texts[ids[i]!]) i++;
      let e: number;
      if (i < count && !this.separable(id, ids[i]!)) {
        // Pieces that cannot be cut apart (rare): joined, and the next cut read on the joined text.
        let run = texts[id]! + texts[ids[i++]!]!;
        for (let next = ids[i]; i < count; next = ids[++i]) {
          const piece = texts[next!]!;
          if (piece && separableAt(run, piece)) break;
          run += piece;
        }
        e = this.entry(run, language, tokenizer);
      } else {
        e = this.entryOf[id]!;
        if (e < 0) this.entryOf[id] = e = this.entry(texts[id]!, language, tokenizer);
      }
      const from = this.starts[e]!;
      const length = this.lens[e]!;
      if (n + length > this.out.length) this.out = grow(this.out, n + length);
      for (let k = 0; k < length; k++) this.out[n + k] = this.pool[from + k]!;
      n += length;
    }
    return n;
  }

  /** Starts reading the passages of another table (or the same in another language). */
  private begin(texts: readonly string[], language: string | undefined): void {
    this.texts = texts;
    this.language = language;
    if (this.entryOf.length < texts.length) {
      const size = Math.max(texts.length, this.entryOf.length * 2);
      this.entryOf = new Int32Array(size);
      this.ends = new Int8Array(size);
      this.opens = new Int8Array(size);
    }
    this.entryOf.fill(-1, 0, texts.length);
    this.ends.fill(-1, 0, texts.length);
    this.opens.fill(-1, 0, texts.length);
  }

  /** `separableAt(texts[a], texts[b])` of the table at hand (two pieces not empty), from what each piece was found to be once. */
  private separable(a: number, b: number): boolean {
    let open = this.opens[b]!;
    if (open < 0) this.opens[b] = open = openOf(this.texts![b]!);
    let end = this.ends[a]!;
    if (end < 0) this.ends[a] = end = endOf(this.texts![a]!);
    return ((end >> open) & 1) === 1;
  }

  /** The entry of `run` in `language` (its terms' numbers: `pool[starts[e], starts[e] + lens[e])`), tokenised on first sight. */
  private entry(run: string, language: string | undefined, tokenizer: { tokenize(text: string): unknown }): number {
    let byRun = this.runs.get(language);
    if (!byRun) this.runs.set(language, (byRun = new Map()));
    let e = byRun.get(run);
    if (e !== undefined) return e;
    const words = tokenizer.tokenize(run) as string[];
    e = this.size++;
    if (e >= this.starts.length) {
      this.starts = grow(this.starts, e + 1);
      this.lens = grow(this.lens, e + 1);
    }
    if (this.used + words.length > this.pool.length) this.pool = grow(this.pool, this.used + words.length);
    this.starts[e] = this.used;
    this.lens[e] = words.length;
    for (const w of words) {
      let g = this.numbers.get(w);
      if (g === undefined) {
        g = this.terms.length;
        this.numbers.set(w, g);
        this.terms.push(w);
      }
      this.pool[this.used++] = g;
    }
    byRun.set(run, e);
    return e;
  }
}


/**
 * What `separableAt(left, right)` reads of a `right` not empty: only its first character, as
 * one of four kinds (a digit or what opens a Roman numeral or a version; "s"; white space;
 * anything else), whose probes {@link endOf} tries.
 */
function openOf(right: string): number {
  const first = right.charCodeAt(0);
  if (isSpace(first)) return 3;
  if ((first >= 48 && first <= 57) || ROMAN_OR_V.has(first)) return 0;
  return first === 115 || first === 83 /* s S */ ? 1 : 2;
}

/**
 * Bit `k`: whether `left` (not empty) is separable from a right side of kind `k` ({@link openOf}),
 * as {@link separableAt} decides, its last word read once for the four kinds.
 */
function endOf(left: string): number {
  let end = left.length - 1;
  // Nothing is separable from a left side that does not end in white space, nor is white space
  // from anything; a right side of any other kind is separable from one that does.
  if (!isSpace(left.charCodeAt(end))) return 0;
  while (end >= 0 && isSpace(left.charCodeAt(end))) end--;
  let start = end;
  while (start >= 0 && !isSpace(left.charCodeAt(start))) start--;
  const word = left.slice(start + 1, end + 1);
  if (!ENDS_WITH_LETTER.test(word)) return 0b0111;
  return 0b0100 | (HAS_CAPITAL.test(word) || VERSION_WORD.test(word) ? 0 : 0b0001) | (UNITED.test(word) ? 0 : 0b0010);
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

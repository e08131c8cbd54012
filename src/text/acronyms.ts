import { STOP_WORDS } from './stopwords.ts';
import { tokenize } from './tokenizer.ts';
import { grow } from '../grow.ts';

const STOP: ReadonlySet<string> = new Set(STOP_WORDS);

/** Fewest and most words a spelled-out phrase has (so acronyms of three to six letters). */
const MIN_WORDS = 3;
const MAX_WORDS = 6;

/**
 * The runs of words of `text` that phrases are taken from: within a clause, stop words
 * skipped, a number or any other token that is not a word ending a run (see {@link acronymPhrases}).
 */
function wordRuns(text: string): string[][] {
  const lower = text.toLowerCase();
  if (ASCII.test(lower)) return asciiWordRuns(lower);
  const out: string[][] = [];
  for (const clause of lower.split(CLAUSE)) {
    let run: string[] = [];
    for (const token of clause.split(WORD_GAP)) {
      if (!token) continue;
      if (!WORD.test(token)) {
        if (run.length) out.push(run);
        run = [];
      } else if (!STOP.has(token)) run.push(token);
    }
    if (run.length) out.push(run);
  }
  return out;
}

const CLAUSE = /[.;:()[\]{}"!?|/]+/;
const WORD_GAP = /[\s,-]+/;
const WORD = /^\p{L}[\p{L}']*$/u;
const ASCII = /^[\x00-\x7f]*$/;

// What each ASCII code is to a word run: part of a token, a gap between tokens (`WORD_GAP`), a clause mark (`CLAUSE`).
const TOKEN = 0, GAP = 1, MARK = 2;
const RUN_CLASS = ((classes: Uint8Array) => {
  for (const ch of ' \t\n\v\f\r,-') classes[ch.charCodeAt(0)] = GAP;
  for (const ch of '.;:()[]{}"!?|/') classes[ch.charCodeAt(0)] = MARK;
  return classes;
})(new Uint8Array(128));

/** {@link wordRuns} of lower-case ASCII text, in one scan of its codes (most tables' text). */
function asciiWordRuns(lower: string): string[][] {
  const out: string[][] = [];
  let run: string[] = [];
  let start = -1; // where the token being read starts (-1: none)
  let word = false; // whether it is a word so far (a letter, then letters and "'")
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 46; // the end closes a clause
    const kind = RUN_CLASS[c]!;
    const letter = c >= 97 && c <= 122;
    if (kind === TOKEN) {
      if (start < 0) {
        start = i;
        word = letter;
      } else if (!letter && c !== 39 /* ' */) word = false;
      continue;
    }
    if (start >= 0) {
      if (!word) {
        if (run.length) out.push(run);
        run = [];
      } else {
        const token = lower.slice(start, i);
        if (!STOP.has(token)) run.push(token);
      }
      start = -1;
    }
    if (kind === MARK && run.length) {
      out.push(run);
      run = [];
    }
  }
  return out;
}

/**
 * The phrases of `text` that an acronym could stand for, as `[acronym, phrase]`: every run of
 * three to six words within a clause, stop words skipped ("Youth Criminal Justice Act" ->
 * `ycja`, "crime severity index" -> `csi`, "moderate-to-vigorous physical activity" -> `mvpa`).
 * A number or a clause mark (`.`, `;`, `:`, brackets, quotes) ends a run; commas do not, as
 * a header lists its parts with them ("fellowships, traineeships, and training grants" -> `fttg`).
 */
export function acronymPhrases(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const run of wordRuns(text)) {
    for (let i = 0; i < run.length; i++) {
      for (let n = MIN_WORDS; n <= MAX_WORDS && i + n <= run.length; n++) {
        const words = run.slice(i, i + n);
        out.push([words.map((w) => w[0]).join(''), words.join(' ')]);
      }
    }
  }
  return out;
}

/**
 * An acronym of letters a-z as a number (base 27, at most six letters: below 2^31), or -1 when
 * a letter is not a-z: such an acronym is never asked for ({@link AcronymIndex.expand} reads
 * question words of a-z only), so its phrases are not kept.
 */
function acronymKey(words: readonly string[], from: number, n: number): number {
  let key = 0;
  for (let k = from; k < from + n; k++) {
    const c = words[k]!.charCodeAt(0);
    if (c < 97 || c > 122) return -1;
    key = key * 27 + (c - 96);
  }
  return key;
}

function wordKey(word: string): number {
  let key = 0;
  for (let k = 0; k < word.length; k++) key = key * 27 + (word.charCodeAt(k) - 96);
  return key;
}

/**
 * What the acronyms of a corpus stand for, learnt from the corpus itself: a question may say
 * "VCSI" or "CMAs" where a table spells out "violent crime severity index" and "census
 * metropolitan area" (and the other way round: "GDP" against "gross domestic product").
 * Counts every candidate phrase (see {@link acronymPhrases}) and every short word of the texts
 * it is given; {@link AcronymIndex.expand} names the phrase a question word stands for.
 *
 * Kept in numbers, not an object per phrase (HiTab's 3,371 table summaries write 60k distinct
 * phrases of 41k acronyms: 20.5 MB as maps of maps and a set of terms per text): each phrase
 * is a slot of typed arrays, linked to the next of its acronym; texts and their terms are
 * numbered, a text's terms one sorted array. In the worker's start chunk: a corpus opened from
 * storage answers with the start's chunks alone.
 */
export class AcronymIndex {
  // acronym key -> its first phrase slot; slot -> the next of the same acronym (-1: none). A
  // Map of numbers: an open-addressing table of them measured no smaller (9.8 against 9.6 MB
  // for HiTab's acronyms) and cost 0.2 kB of the embed's start.
  private readonly heads = new Map<number, number>();
  private phrase: string[] = [];
  private next = new Int32Array(256);
  // slot -> how many texts write it, the first of them, the others (a list of nodes, -1: none)
  private count = new Uint32Array(256);
  private first = new Int32Array(256);
  private others = new Int32Array(256);
  private nodeText = new Int32Array(256);
  private nodeNext = new Int32Array(256);
  private nodes = 0;
  private readonly freeNodes: number[] = [];
  // text -> how many phrases' lists hold it; slot -> the last `add` that counted it (`adds`), so
  // that a text new to every list is not looked for in the lists of the phrases it repeats
  private memberships = new Uint32Array(256);
  private countedBy = new Int32Array(256);
  private adds = 0;
  private held = false;
  private readonly freeSlots: number[] = [];
  // text id -> number; number -> its id and its terms' numbers (sorted)
  private readonly textNo = new Map<string, number>();
  private readonly textTerms: Array<Uint32Array | undefined> = [];
  private readonly freeTexts: number[] = [];
  // term -> number, and how many texts hold each number
  private readonly termNo = new Map<string, number>();
  private termTexts = new Uint32Array(256);
  private readonly termName: string[] = [];
  private readonly freeTerms: number[] = [];
  // a word of a-z (three to seven letters, as a number) -> how often the texts use it
  private readonly words = new Map<number, number>();

  /**
   * Counts the phrases and words of one text, known by `id` (give {@link remove} the same text);
   * `terms`, when given, are its distinct terms as `tokenize` writes them (read off an index).
   */
  add(id: string, text: string, terms?: readonly string[]): void {
    let t = this.textNo.get(id);
    if (t === undefined) {
      t = this.freeTexts.pop() ?? this.textTerms.length;
      this.textNo.set(id, t);
    } else this.releaseTerms(t);
    const words = terms ?? tokenize(text);
    const numbers = new Uint32Array(words.length);
    for (let k = 0; k < words.length; k++) numbers[k] = this.termNumber(words[k]!);
    this.textTerms[t] = numbers.sort();
    if (t >= this.memberships.length) this.memberships = grow(this.memberships, t + 1);
    this.adds++;
    this.held = this.memberships[t]! > 0;
    this.countPhrases(t, text, 1);
    this.countWords(text, 1);
  }

  /** Forgets a text given to {@link add} before. */
  remove(id: string, text: string): void {
    const t = this.textNo.get(id);
    if (t !== undefined) {
      this.countPhrases(t, text, -1);
      this.releaseTerms(t);
      this.textTerms[t] = undefined;
      this.textNo.delete(id);
      this.freeTexts.push(t);
    }
    this.countWords(text, -1);
  }

  /**
   * The phrase `word` stands for in this corpus, or undefined: the commonest phrase with its
   * letters as initials (a plural "cmas" is tried as "cma"), when the corpus writes that phrase
   * more often than it uses `word` as a word — so an ordinary word ("age", "men") that happens
   * to match the initials of some phrase is left alone. With `context` (terms, as `tokenize`
   * writes them), only a phrase written in a text that also holds one of those terms counts:
   * the engine passes the question's other words, so a name ("Sosa") is not read as "selected
   * offences, sex of accused" in a question about football.
   */
  expand(word: string, context?: readonly string[]): string | undefined {
    const w = word.toLowerCase();
    if (!/^[a-z]{3,7}$/.test(w) || STOP.has(w)) return undefined;
    let wanted: number[] | undefined;
    for (const form of w.length > 3 && w.endsWith('s') ? [w, w.slice(0, -1)] : [w]) {
      if (form.length > MAX_WORDS) continue;
      const head = this.heads.get(wordKey(form));
      if (head === undefined) continue;
      const asWord = (this.words.get(wordKey(form)) ?? 0) + (this.words.get(wordKey(w)) ?? 0);
      const ranked: number[] = [];
      for (let s = head; s >= 0; s = this.next[s]!) if (this.count[s]! > asWord) ranked.push(s);
      ranked.sort((a, b) => this.count[b]! - this.count[a]! || (this.phrase[a]! < this.phrase[b]! ? -1 : 1));
      if (!context) {
        if (ranked.length) return this.phrase[ranked[0]!];
        continue;
      }
      wanted ??= context.map((term) => this.termNo.get(term)).filter((n): n is number => n !== undefined);
      if (!wanted.length) continue;
      const fits = (t: number) => wanted!.some((n) => holds(this.textTerms[t], n));
      for (const s of ranked) {
        if (fits(this.first[s]!)) return this.phrase[s];
        for (let k = this.others[s]!; k >= 0; k = this.nodeNext[k]!) if (fits(this.nodeText[k]!)) return this.phrase[s];
      }
    }
    return undefined;
  }

  private termNumber(term: string): number {
    let n = this.termNo.get(term);
    if (n === undefined) {
      n = this.freeTerms.pop() ?? this.termName.length;
      this.termNo.set(term, n);
      this.termName[n] = term;
      if (n >= this.termTexts.length) this.termTexts = grow(this.termTexts, n + 1);
    }
    this.termTexts[n]!++;
    return n;
  }

  private releaseTerms(t: number): void {
    for (const n of this.textTerms[t] ?? []) {
      if (--this.termTexts[n]! > 0) continue;
      this.termNo.delete(this.termName[n]!);
      this.termName[n] = '';
      this.freeTerms.push(n);
    }
  }

  private countPhrases(t: number, text: string, by: 1 | -1): void {
    for (const run of wordRuns(text)) {
      for (let i = 0; i < run.length; i++) {
        for (let n = MIN_WORDS; n <= MAX_WORDS && i + n <= run.length; n++) {
          const key = acronymKey(run, i, n);
          if (key < 0) continue;
          const phrase = run.slice(i, i + n).join(' ');
          if (by > 0) this.addPhrase(key, phrase, t);
          else this.removePhrase(key, phrase, t);
        }
      }
    }
  }

  private addPhrase(key: number, phrase: string, t: number): void {
    const head = this.heads.get(key);
    let s = head ?? -1;
    while (s >= 0 && this.phrase[s] !== phrase) s = this.next[s]!;
    if (s < 0) {
      s = this.freeSlots.pop() ?? this.phrase.length;
      if (s >= this.next.length) {
        this.next = grow(this.next, s + 1);
        this.count = grow(this.count, s + 1);
        this.first = grow(this.first, s + 1);
        this.others = grow(this.others, s + 1);
        this.countedBy = grow(this.countedBy, s + 1);
      }
      this.phrase[s] = phrase;
      this.next[s] = head ?? -1;
      this.count[s] = 1;
      this.first[s] = t;
      this.others[s] = -1;
      this.countedBy[s] = this.adds;
      this.memberships[t]!++;
      this.heads.set(key, s);
      return;
    }
    // A text writes a phrase once however often it repeats it: one this `add` counted already,
    // or, for a text some list held before it (added again under its id), one whose list holds it.
    if (this.countedBy[s] === this.adds) return;
    this.countedBy[s] = this.adds;
    if (this.held) {
      if (this.first[s] === t) return;
      for (let k = this.others[s]!; k >= 0; k = this.nodeNext[k]!) if (this.nodeText[k] === t) return;
    }
    this.memberships[t]!++;
    const k = this.freeNodes.pop() ?? this.nodes++;
    if (k >= this.nodeText.length) {
      this.nodeText = grow(this.nodeText, k + 1);
      this.nodeNext = grow(this.nodeNext, k + 1);
    }
    this.nodeText[k] = t;
    this.nodeNext[k] = this.others[s]!;
    this.others[s] = k;
    this.count[s]!++;
  }

  private removePhrase(key: number, phrase: string, t: number): void {
    let before = -1;
    let s = this.heads.get(key) ?? -1;
    while (s >= 0 && this.phrase[s] !== phrase) {
      before = s;
      s = this.next[s]!;
    }
    if (s < 0) return;
    const head = this.others[s]!;
    if (this.first[s] === t) {
      if (head < 0) {
        // Its last text: the slot is unlinked and freed.
        if (before < 0) {
          if (this.next[s]! >= 0) this.heads.set(key, this.next[s]!);
          else this.heads.delete(key);
        } else this.next[before] = this.next[s]!;
        this.phrase[s] = '';
        this.count[s] = 0;
        this.freeSlots.push(s);
        this.memberships[t]!--;
        return;
      }
      // Another text takes its place.
      this.first[s] = this.nodeText[head]!;
      this.others[s] = this.nodeNext[head]!;
      this.freeNodes.push(head);
    } else {
      let k = head;
      let prev = -1;
      while (k >= 0 && this.nodeText[k] !== t) {
        prev = k;
        k = this.nodeNext[k]!;
      }
      if (k < 0) return;
      if (prev < 0) this.others[s] = this.nodeNext[k]!;
      else this.nodeNext[prev] = this.nodeNext[k]!;
      this.freeNodes.push(k);
    }
    this.memberships[t]!--;
    this.count[s]!--;
  }

  private countWords(text: string, by: 1 | -1): void {
    const lower = text.toLowerCase();
    if (!ASCII.test(lower)) {
      for (const w of lower.match(/\p{L}+/gu) ?? []) if (w.length >= MIN_WORDS && w.length <= MAX_WORDS + 1 && /^[a-z]+$/.test(w)) this.countWord(wordKey(w), by);
      return;
    }
    // ASCII: a word is a run of a-z, its key read as it goes (`wordKey`).
    let length = 0;
    let key = 0;
    for (let i = 0; i <= lower.length; i++) {
      const c = i < lower.length ? lower.charCodeAt(i) : 0;
      if (c >= 97 && c <= 122) {
        if (++length <= MAX_WORDS + 1) key = key * 27 + (c - 96);
        continue;
      }
      if (length >= MIN_WORDS && length <= MAX_WORDS + 1) this.countWord(key, by);
      length = 0;
      key = 0;
    }
  }

  private countWord(key: number, by: 1 | -1): void {
    const n = (this.words.get(key) ?? 0) + by;
    if (n > 0) this.words.set(key, n);
    else this.words.delete(key);
  }
}

/** Whether the sorted `numbers` hold `n`. */
function holds(numbers: Uint32Array | undefined, n: number): boolean {
  if (!numbers) return false;
  let lo = 0;
  let hi = numbers.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = numbers[mid]!;
    if (v === n) return true;
    if (v < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}


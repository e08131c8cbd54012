import { STOP_WORDS } from './stopwords.ts';
import { tokenize } from './tokenizer.ts';

const STOP = new Set(STOP_WORDS);

/** Fewest and most words a spelled-out phrase has (so acronyms of three to six letters). */
const MIN_WORDS = 3;
const MAX_WORDS = 6;

/**
 * The phrases of `text` that an acronym could stand for, as `[acronym, phrase]`: every run of
 * three to six words within a clause, stop words skipped ("Youth Criminal Justice Act" ->
 * `ycja`, "crime severity index" -> `csi`, "moderate-to-vigorous physical activity" -> `mvpa`).
 * A number or a clause mark (`.`, `;`, `:`, brackets, quotes) ends a run; commas do not, as
 * a header lists its parts with them ("fellowships, traineeships, and training grants" -> `fttg`).
 */
export function acronymPhrases(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const clause of text.toLowerCase().split(/[.;:()[\]{}"!?|/]+/)) {
    let run: string[] = [];
    const flush = () => {
      for (let i = 0; i < run.length; i++) {
        for (let n = MIN_WORDS; n <= MAX_WORDS && i + n <= run.length; n++) {
          const words = run.slice(i, i + n);
          out.push([words.map((w) => w[0]).join(''), words.join(' ')]);
        }
      }
      run = [];
    };
    for (const token of clause.split(/[\s,-]+/)) {
      if (!token) continue;
      if (!/^\p{L}[\p{L}']*$/u.test(token)) flush();
      else if (!STOP.has(token)) run.push(token);
    }
    flush();
  }
  return out;
}

/**
 * What the acronyms of a corpus stand for, learnt from the corpus itself: a question may say
 * "VCSI" or "CMAs" where a table spells out "violent crime severity index" and "census
 * metropolitan area" (and the other way round: "GDP" against "gross domestic product").
 * Counts every candidate phrase (see {@link acronymPhrases}) and every short word of the texts
 * it is given; {@link AcronymIndex.expand} names the phrase a question word stands for.
 */
export class AcronymIndex {
  // acronym -> phrase -> the texts (by id) that write it: one id as itself, more as a list (most
  // phrases are written in one table; a Set for each was a third of this index's memory)
  private readonly phrases = new Map<string, Map<string, Ids>>();
  private readonly words = new Map<string, number>();
  // id -> the terms of its text (`tokenize`), read by `expand`'s context check
  private readonly terms = new Map<string, Set<string>>();

  /** Counts the phrases and words of one text, known by `id`. */
  add(id: string, text: string): void {
    this.terms.set(id, new Set(tokenize(text)));
    this.count(id, text, 1);
  }

  /** Forgets a text given to {@link add} before. */
  remove(id: string, text: string): void {
    this.terms.delete(id);
    this.count(id, text, -1);
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
    for (const form of w.length > 3 && w.endsWith('s') ? [w, w.slice(0, -1)] : [w]) {
      if (form.length > MAX_WORDS) continue;
      const phrases = this.phrases.get(form);
      if (!phrases) continue;
      const asWord = (this.words.get(form) ?? 0) + (this.words.get(w) ?? 0);
      const ranked = [...phrases].filter(([, ids]) => sizeOf(ids) > asWord).sort((a, b) => sizeOf(b[1]) - sizeOf(a[1]) || (a[0] < b[0] ? -1 : 1));
      const fits = (id: string) => context!.some((t) => this.terms.get(id)?.has(t));
      for (const [phrase, ids] of ranked) if (!context || (typeof ids === 'string' ? fits(ids) : ids.some(fits))) return phrase;
    }
    return undefined;
  }

  private count(id: string, text: string, by: 1 | -1): void {
    for (const [acronym, phrase] of acronymPhrases(text)) {
      let m = this.phrases.get(acronym);
      if (!m) this.phrases.set(acronym, (m = new Map()));
      const ids = m.get(phrase);
      if (by > 0) {
        if (ids === undefined) m.set(phrase, id);
        else if (typeof ids === 'string') {
          if (ids !== id) m.set(phrase, [ids, id]);
        } else if (!ids.includes(id)) ids.push(id);
      } else {
        const left = ids === undefined ? [] : typeof ids === 'string' ? (ids === id ? [] : [ids]) : ids.filter((x) => x !== id);
        if (!left.length) m.delete(phrase);
        else m.set(phrase, left.length === 1 ? left[0]! : left);
        if (!m.size) this.phrases.delete(acronym);
      }
    }
    for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
      if (w.length < MIN_WORDS || w.length > MAX_WORDS + 1) continue;
      const n = (this.words.get(w) ?? 0) + by;
      if (n > 0) this.words.set(w, n);
      else this.words.delete(w);
    }
  }
}

/** The ids of the texts that write a phrase: one id, or a list of two or more. */
type Ids = string | string[];

function sizeOf(ids: Ids): number {
  return typeof ids === 'string' ? 1 : ids.length;
}

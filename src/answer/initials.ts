/**
 * Labels written as initials ("eol", "LTS", "GDP") and the words a question spells them out with
 * ("end of life", "long-term support", "gross domestic product"). Read off the question and the
 * label alone, with no list of abbreviations: a run of the question's words whose first letters
 * spell a label word names that label. Pure.
 */
import { STOP_WORDS } from '../text/stopwords.ts';

const STOP: ReadonlySet<string> = new Set(STOP_WORDS);

/** Fewest and most words (and letters) initials stand for. */
const MIN_LETTERS = 2;
const MAX_LETTERS = 6;

/**
 * For each run of two to six consecutive words of `question`, its initials, to the run as
 * written: with every word ("end of life": "eol") and without its stop words ("gross domestic
 * product of": "gdp"). The first run of given initials wins.
 */
export function spelledInitials(question: string): Map<string, string> {
  const words = question.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  const out = new Map<string, string>();
  for (let i = 0; i < words.length; i++) {
    for (let n = MIN_LETTERS; n <= MAX_LETTERS && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      if (!run.every((w) => /^\p{L}/u.test(w))) break;
      const phrase = run.join(' ');
      const all = run.map((w) => w[0]!.toLowerCase()).join('');
      if (!out.has(all)) out.set(all, phrase);
      const content = run.filter((w) => !STOP.has(w.toLowerCase()));
      // Stop words inside the run only: a run that opens or closes on one is read whole.
      if (content.length >= MIN_LETTERS && content.length < run.length && !STOP.has(run[0]!.toLowerCase()) && !STOP.has(run.at(-1)!.toLowerCase())) {
        const initials = content.map((w) => w[0]!.toLowerCase()).join('');
        if (!out.has(initials)) out.set(initials, phrase);
      }
    }
  }
  return out;
}

/**
 * The words of a label that may be initials, lower-cased: two to six letters written in capitals
 * ("LTS", "GDP"), or a whole label of three to six lower-case letters ("eol", "eoas": a column
 * named by its initials alone).
 */
export function initialsIn(label: string): string[] {
  const trimmed = label.trim();
  if (/^\p{Ll}{3,6}$/u.test(trimmed)) return [trimmed];
  return (trimmed.match(/(?<![\p{L}\p{N}])\p{Lu}{2,6}(?![\p{L}\p{N}])/gu) ?? []).map((w) => w.toLowerCase());
}

/**
 * The question's words that a label written as initials stands for ("end of life" for "eol"),
 * or undefined when the question spells none of its initials (of `least` letters or more).
 */
export function spelledLabel(label: string, spelled: ReadonlyMap<string, string>, least = MIN_LETTERS): string | undefined {
  if (!spelled.size) return undefined;
  const phrases = initialsIn(label).filter((w) => w.length >= least).map((w) => spelled.get(w)).filter((p): p is string => !!p);
  return phrases.length ? phrases.join(' ') : undefined;
}

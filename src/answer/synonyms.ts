/**
 * Words a question and a table's headers use for the same thing. Statistical tables label
 * their columns "males" / "females" or "men" / "women"; people ask about "boys", "girls", "men",
 * "women". A table of months heads its columns "Jan", "Feb"; people ask about "March 1990". The
 * tokenizer stems plurals but cannot know these are one, so the answerer reads each as its
 * group's name. A closed, general table (sex, the months and "led"): other synonyms ("youth",
 * "young people") differ in what they cover and stay distinct.
 */
import { tokenize } from '../text/tokenizer.ts';

const GROUPS: string[][] = [
  ['male', 'males', 'men', 'man', 'boys', 'boy'],
  ['female', 'females', 'women', 'woman', 'girls', 'girl'],
  ...'january february march april june july august september october november december'.split(' ').map((m) => [m, m.slice(0, 3), ...(m === 'september' ? ['sept'] : [])]),
  // An irregular past the stemmer cannot read back: "who led the release?" asks for its "Lead".
  ['lead', 'leads', 'led', 'leading'],
];

const CANON = new Map<string, string>();
for (const group of GROUPS) {
  const terms = group.flatMap((w) => tokenize(w));
  const name = terms[0]!;
  for (const t of terms) CANON.set(t, name);
}

/** A term as the answerer compares it: its group's name when it has one, else itself. */
export function canonicalTerm(term: string): string {
  return CANON.get(term) ?? term;
}

/** The distinct terms of `text`, each as {@link canonicalTerm}. */
export function answerTerms(text: string): string[] {
  return [...new Set(tokenize(text).map(canonicalTerm))];
}

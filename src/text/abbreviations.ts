/**
 * Abbreviations that tables write in their headers for a word that questions and prose spell
 * out ("yds" for yards, "apps" for appearances, "pct" for percent). The tokenizer reads each as
 * its word, on both sides, so "how many rushing yards" matches a "rushing yds" column.
 *
 * Only abbreviations with one dominant reading are here. The tokenizer reads prose too, so
 * words that are also names or ordinary words stay out: "max" (Max), "pop" (pop music), "est"
 * (established); so do "min" (minutes or minimum), "no" (number or the word), "comp"
 * (completions or compensation) and "gs", as a wrong reading joins unrelated documents.
 *
 * Measured through the engine (HiT@1 / HiT@10): HiTab dev 59.8 / 86.2 -> 60.0 / 86.7 (Wikipedia
 * sports tables 33.8 / 58.4 -> 35.2 / 61.1); 1,000 HiTab train questions 55.2 / 84.9 -> 55.2 /
 * 85.3; TAT-QA and TimeQA unchanged. Month abbreviations (added after): TimeQA AR@1 / ER@1
 * 55.4 / 43.7 -> 55.8 / 44.1 (its text writes "Jan. 1995"), HiTab and TAT-QA unchanged; ordinals
 * ("1st" as first) were tried too and changed nothing (Wikipedia tables -0.4 at rank 1). Learning abbreviations from the corpus instead (a short
 * header term as a prefix or subsequence of a question word) was measured and rejected: it
 * matched almost any long word (HiTab dev HiT@1 59.2 -> 54.9, `docs/RESULTS.md`).
 */
export const ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({
  // General statistical tables
  pct: 'percent',
  avg: 'average',
  approx: 'approximately',
  tot: 'total',
  qty: 'quantity',
  amt: 'amount',
  yr: 'year',
  yrs: 'years',
  govt: 'government',
  dept: 'department',
  intl: 'international',
  natl: 'national',
  mgmt: 'management',
  // Months as tables and dates abbreviate them ("Jan 2019", "Sept."); not "mar" or "may", words too
  jan: 'january',
  feb: 'february',
  apr: 'april',
  jun: 'june',
  jul: 'july',
  aug: 'august',
  sep: 'september',
  sept: 'september',
  oct: 'october',
  nov: 'november',
  dec: 'december',
  // Sports statistics
  apps: 'appearances',
  gls: 'goals',
  yds: 'yards',
  yd: 'yards',
  att: 'attempts',
  cmp: 'completions',
  td: 'touchdowns',
  tds: 'touchdowns',
  int: 'interceptions',
  ints: 'interceptions',
  rec: 'receptions',
  lng: 'long',
  fum: 'fumbles',
  gp: 'games',
  pts: 'points',
  reb: 'rebounds',
  ast: 'assists',
  stl: 'steals',
  blk: 'blocks',
});

/** The word an abbreviation stands for, or the word itself (lower case in, lower case out). */
export function expandAbbreviation(word: string): string {
  return Object.hasOwn(ABBREVIATIONS, word) ? ABBREVIATIONS[word]! : word;
}

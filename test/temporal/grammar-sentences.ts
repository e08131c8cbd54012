/**
 * Sentences for the grammar's equivalence test (`date-grammar-fast-paths.test.ts`): table
 * summaries as `summarizeTable` writes them ("heading. row: in column value, ..."), and token
 * soups rich in what the grammar's rules look at (months, ordinals, ranges, dashes, slashes,
 * paths, identifiers, units, "page", "to 830"). Deterministic (a fixed linear congruential
 * generator), so the golden file written from the grammar before its fast paths stays valid.
 */

const HEADINGS = ['federal r&d spending by agency: fys 2017-19', 'women', 'population aged 15 to 64, 2006 to 2016', 'Results of the 1990s', 'census of 1911', 'deaths in May 2016', 'from 1811 to 1827'];
const LABELS = ['department of defense', 'total', '2013', 'march', 'n/a', 'ontario', 'in 830', 'RSA-2048 keys', 'pull/2016', 'Main Street', 'page 2001', '5th', 'spring 2019', 'AD 79', '44 BC'];
const COLUMNS = ['2013', '2014 actual', '2018-19', 'dollar change 2018-19', 'percent', 'final result', 'May', 'since 2015', 'until', '2007/2008', 'to', 'people', '1990s', '21st century', 'Dec.'];
const VALUES = ['45.2', '49197', '-9030', '1,234', '1999', '2013', '830', '12', '5', 'n/a', 'x', '8:35.85', '3/5/2016', '2016-05-04', '1990-93', '2004 - present', 'troops', '15 %', '2048 MB', '6 q', '..', '0.5', '2011/06/29', 'https://x.org/pull/2016', 'rfcs/text/1513-less.md', '[1044]', 'CVE-2024-1086', 'mid-2019'];
const TOKENS = ['in', 'from', 'to', 'until', 'since', 'between', 'and', 'of', 'the', 'March', 'mar', 'May', 'Dec.', 'dec', 'Sept', 'spring', 'fall', 'winter', '5', '05', '31', '21st', '5th', 'th', 'st', 'century', 's', "'s", '1990', '1990s', '2013', '2013-14', '2007-03', '1999/2000', '2011/06/29', '2016-05-04', '830', '127', '45', '45.2', '-9030', '49197', '1,234', '$2000', '#1234', 'page', 'p', '.', ',', ':', ';', '-', '–', '/', '(', ')', 'troops', 'MB', 'km', '%', 'percent', 'per', 'cent', 'more', 'N', 'Main', 'Street', 'AD', 'BC', 'B.C.', 'A.D.', 'c.', 'circa', 'present', 'now', 'onwards', 'RSA-2048', 'CVE-2024-1086', 'mid-2019', 'pull', 'request', 'https://x.org/pull/2016', 'rfcs/text/1513-less.md', '/usr/share/2019', '(/usr/bin/2020', '[1044]', 'size:', 'Days:', 'pp.', 'No.', 'x', 'total', 'q', 'n/a', '3/5/2016', '12.5.2013', 'today', 'www.example.org/2019'];

/** The sentences, in a fixed order. */
export function generatedSentences(): string[] {
  let seed = 20261201;
  const rnd = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const out: string[] = [];
  for (let i = 0; i < 150; i++) {
    const cells: string[] = [];
    for (let k = 0, n = 1 + Math.floor(rnd() * 6); k < n; k++) cells.push(rnd() < 0.5 ? `in ${pick(COLUMNS)} ${pick(VALUES)}` : `${pick(LABELS)} ${pick(VALUES)}`);
    out.push(`${pick(HEADINGS)}. ${pick(LABELS)}: ${cells.join(', ')}.`);
  }
  for (let i = 0; i < 250; i++) {
    const words: string[] = [];
    for (let k = 0, n = 2 + Math.floor(rnd() * 14); k < n; k++) words.push(pick(TOKENS), rnd() < 0.15 ? ', ' : rnd() < 0.05 ? '  ' : rnd() < 0.05 ? '' : ' ');
    out.push(words.join('').trim());
  }
  return out;
}

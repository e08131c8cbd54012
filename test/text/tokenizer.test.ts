import { beforeAll, describe, expect, it } from 'vitest';
import { createTextTokenizer, loadStemmers, normalizeWords, tokenize } from '../../src/text/tokenizer.ts';

describe('normalizeWords', () => {
  it('writes one number as one token, whatever its separators, trailing zeros or sign', () => {
    expect(tokenize('1,234,567 and 3.70 and 48.0 and -5.2')).toEqual(['1234567', '3_70', '3_7', '48', '5_2']);
    expect(tokenize('fell from 67.4% to 36%')).toEqual(tokenize('fell 67.4 36'));
  });

  it('splits compounds into their words, but keeps digit spans and inner apostrophes', () => {
    expect(tokenize('police-reported non-aboriginal 24-year-olds')).toEqual(tokenize('police reported non aboriginal 24 year olds'));
    expect(normalizeWords('covid-19 in 2015-16, don\'t')).toBe('covid-19 in 2015-16, don\'t');
    // Words joined by "_" are words; a word and a version joined by "-" are the name and its number.
    expect(tokenize('kubernetes/release-1.11/release_team')).toEqual(tokenize('kubernetes release 1.11 release team'));
    expect(tokenize('the dead_code lint')).toEqual(tokenize('the dead code lint'));
    expect(tokenize('python-3.8.1')).toEqual(tokenize('python 3.8.1'));
    // A date or a span after a name is no number of the name ("Apollo 11" is).
    expect(tokenize('GISTEMP 2023-07')).toEqual(['gistemp', ...tokenize('2023-07')]);
  });

  it('drops possessives and quotes, so "Canada\'s" is the word "Canada"', () => {
    expect(tokenize("Canada's women’s 'quoted'")).toEqual(tokenize('Canada women quoted'));
  });

  it('folds the accents of the letters it keeps and counts repeats only when asked', () => {
    expect(tokenize('Café élan')).toEqual(tokenize('cafe elan'));
    expect(createTextTokenizer(true).tokenize('river river bank', 'english', 'text', false)).toEqual(['river', 'river', 'bank']);
    expect(createTextTokenizer(false).tokenize('river river bank', 'english', 'text', false)).toEqual(['river', 'bank']);
  });

  it('reads "U.S." and "United States" as one term, not the pronoun "us" or a state', () => {
    const us = tokenize('United States')[0];
    expect(tokenize('United States')).toHaveLength(1);
    expect(tokenize('U.S. r&d, the u.s and U.S.-based firms')).toEqual(tokenize('UNITED STATES r&d, the united\nstates based firms'));
    expect(tokenize('let us go, Aus.S')).not.toContain(us);
    expect(tokenize('state agency in 50 states')).not.toContain(us);
  });

  it('keeps version numbers distinct: "3.10" is not "3.1", a release is of its line', () => {
    expect(tokenize('3.10')).not.toEqual(tokenize('3.1'));
    expect(tokenize('3.0')).toEqual(tokenize('3'));
    expect(tokenize('18.20.4')).toEqual(['18_20_4', '18_20']);
    expect(tokenize('v18.x')).toEqual(tokenize('18'));
    expect(tokenize('v1.29.0')).toEqual(tokenize('1.29.0'));
    expect(tokenize('3.10.4')).toContain(tokenize('3.10')[0]);
  });

  it('reads a name and its number as one more term: "Apollo 11" is not "Apollo 17"', () => {
    expect(tokenize('Apollo 11')).toEqual(['apollo', '11', 'apollo_11']);
    expect(tokenize('Apollo 17')).not.toContain('apollo_11');
    expect(tokenize('Node.js 18')).toEqual(expect.arrayContaining(['18', 'nodejs_18']));
    expect(tokenize('Python 3.10')).toEqual(expect.arrayContaining(['python', '3_10', 'python_3_10']));
    expect(tokenize('Cycle 20')).toContain('cycle_20');
    // A Roman numeral after a name adds its value.
    expect(tokenize('Super Bowl XXVIII')).toEqual(expect.arrayContaining(tokenize('Super Bowl 28')));
    // Not a time word, a stop word, a count after a lower-case word, nor a pronoun.
    expect(tokenize('In 2019, May 2020 and Q3 2021 he scored 3 goals')).toEqual(tokenize('in 2019 may 2020 and q3 2021 he scored 3 goals'));
    expect(tokenize('I think MIX is')).toEqual(['think', 'mix']);
  });

  it('leaves sentence ends and plain text alone', () => {
    expect(normalizeWords('Built in 1794. Sold in 1811.')).toBe('Built in 1794. Sold in 1811.');
  });

  it('rewrites ASCII text as it rewrites the same text with a character beyond ASCII after it', () => {
    // ASCII text takes a shorter path (which rewrites may apply, from one scan); a word of "é"
    // after it sends it down the path every text took before, which must agree.
    const parts = ['release_team', 'release-1.11', 'GISTEMP 2023-07', 'a_1', '1_b', '1,234', '1,2', '3.70', '48.0', '18.x', '3.10.4', '-5.2', 'v18', 'V1.29.0', 'version 3.10', 'Apollo 11', 'in 2015',
      'Super Bowl XXVIII', 'Total 2015-16', 'U.S.', 'u.s', 'Aus.S', 'United  States', 'UNITED STATES', 'Node.js 18', 'police-reported',
      "Canada's", "'quoted'", "don't", 'x-', '--5', 'fy 2019', 'Q3 2021', 'A.B 12', 'Table 3.', 'IV', 'ab CD 4', '\tXL 5', '2010–2015', 'Total …', '“Apollo” 13'];
    const texts = parts.flatMap((a) => parts.map((b) => `${a} ${b}`)).concat(parts.flatMap((a) => parts.map((b) => `${a}${b}, `)));
    for (const text of texts) expect(normalizeWords(text), text).toBe(normalizeWords(`${text} é`).slice(0, -2));
    expect(normalizeWords('Apollo 11 in 2015')).toBe('Apollo 11 apollo_11 in 2015');
    expect(normalizeWords('in total apps ')).toBe('in total apps ');
  });
});

describe('tokenize: table abbreviations', () => {
  it('reads a header abbreviation as the word a question writes', () => {
    expect(tokenize('rushing yds')).toEqual(tokenize('rushing yards'));
    expect(tokenize('league apps')).toEqual(tokenize('league appearances'));
    expect(tokenize('pct change')).toEqual(tokenize('percent change'));
    expect(tokenize('Sept. 2019, Jan 2020')).toEqual(tokenize('September 2019, January 2020'));
  });

  it('leaves words that are also names or ordinary words as they are', () => {
    expect(tokenize('Max pop est')).not.toContain(tokenize('maximum')[0]);
    expect(tokenize('pop')).not.toEqual(tokenize('population'));
    expect(tokenize('min')).not.toEqual(tokenize('minutes'));
  });

  it('reads an ISO date\'s year and month name, but not a season\'s', () => {
    expect(tokenize('2023-03')).toEqual(expect.arrayContaining(tokenize('March 2023')));
    expect(tokenize('2023-03-15')).toEqual(expect.arrayContaining(tokenize('March 2023')));
    expect(tokenize('2011-12 season')).not.toContain(tokenize('December')[0]);
  });

  it('reads the years of a span, but not of a century', () => {
    expect(tokenize('FYs 2017-19')).toEqual(expect.arrayContaining(['2017', '2018', '2019']));
    expect(tokenize('the 2011-12 season')).toEqual(expect.arrayContaining(['2011', '2012']));
    expect(tokenize('1999-00')).toEqual(expect.arrayContaining(['1999', '2000']));
    expect(tokenize('1900-2000')).toEqual(['1900-2000']);
  });
});

describe('tokenize: every script', () => {
  // The stemmers of other scripts load on demand; the engine loads them before it tokenises.
  beforeAll(() => loadStemmers(['Отчёт Ελληνικά الكتاب']));

  it('keeps the words of every script, stemming those with a stemmer', () => {
    expect(tokenize('Отчёт о книгах')).toEqual(tokenize('отчет о книги'));
    expect(tokenize('Ελληνικά')).toHaveLength(1);
    expect(tokenize('الكتاب')).toEqual(tokenize('كتاب'));
    expect(tokenize('שלום עולם')).toEqual(['שלום', 'עולם']);
    expect(tokenize('안녕하세요 세계')).toEqual(['안녕하세요', '세계']);
  });

  it('cuts scripts written without spaces into words', () => {
    expect(tokenize('年度报告很长')).toContain('报告');
    expect(tokenize('東京都に住んでいます')).toContain('東京');
    expect(tokenize('ภาษาไทยง่าย')).toContain('ไทย');
    expect(tokenize('iPhone手机')).toEqual([tokenize('iPhone')[0], '手机']);
  });

  it('reads Latin letters the English splitter cut words at, folded as a question types them', () => {
    expect(tokenize('Müller')).toEqual(tokenize('Muller'));
    expect(tokenize('Tromsø Weiß Łukasz')).toEqual(tokenize('Tromso Weiss Lukasz'));
    expect(tokenize('Cafe\u0301')).toEqual(tokenize('Café'));
    expect(tokenize('２０２０年')).toEqual(['2020', '年']);
  });

  it('makes each emoji a word, and leaves text symbols out', () => {
    expect(tokenize('I love 🍕 and 🙂')).toEqual([tokenize('love')[0], '🍕', '🙂']);
    // The symbols go; they also part the name from the number, so no 'microsoft_2020' name term.
    expect(tokenize('Microsoft® ©2020 ™')).toEqual(['microsoft', '2020']);
  });

  it('reads ASCII text, and text whose only other characters are punctuation, as before', () => {
    // Curly quotes, dashes and the accents the English splitter keeps take the English path.
    // A figure keeps its digits as written and carries its value (the number rules).
    expect(tokenize('“Don’t” — the café’s 1,234.50')).toEqual(['don\'t', 'cafe', '1234_50', '1234_5']);
  });
});

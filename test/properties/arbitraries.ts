/**
 * Inputs for the property tests: text mixing every script, markup and the characters parsers
 * treat specially, so that fast-check reaches the odd corners (unbalanced markup, lone
 * surrogates, zero-width characters, huge runs of punctuation) in few runs.
 */
import fc from 'fast-check';

/** Pieces a hostile or unlucky document is made of. */
const PIECES = [
  '#', '# ', '## ', '|', '| --- |', '-', '*', '[', ']', '(', ')', '<', '>', '</', '<div>', '</div>', '<table>', '<tr>', '<td>', '<th rowspan="2">',
  '&amp;', '&#0;', '"', "'", ',', ';', '\t', '\n', '\r\n', '\n\n', ' ', '   ', '.', '?', '!', '...', '\u0000', '\u200b', '\ufeff', '\ud800', '\u00ad',
  '2021', '3 March 1921', 'from 1990 to 1980', 'between 2020 and 1990', '1000000 years ago', '31 February 2021', 'since 2015', '1,234.50', '-5.2',
  'U.S.', 'Mr.', 'Müller', 'Отчёт', '报告', 'שלום', 'مرحبا', 'ภาษาไทย', '東京', '🍕', '👨‍👩‍👧', 'ﬁ', '２０２０',
];

/** Arbitrary text: structural pieces, words and any Unicode, concatenated. */
export const hostileText = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PIECES) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    { weight: 2, arbitrary: fc.constantFrom('harbour', 'lighthouse', 'keeper', 'tide', 'table', 'year') },
  ),
  { maxLength: 40 },
).map((parts) => parts.join(''));

/** A word a document can be found by: letters of one script, long enough to be no stop word. */
export const findableWord = fc.oneof(
  fc.stringMatching(/^[a-z]{6,10}$/),
  fc.constantFrom('библиотека', 'рукописи', 'βιβλιοθήκη', 'ספרייה', 'مكتبة', '图书馆', 'ห้องสมุด', '🍕'),
);

import { describe, expect, it } from 'vitest';
import { dateGates, DECADE, DIGIT, MONTH, PIECE_WANT, piecewiseGates, SHORT_3, SLASH } from '../../src/temporal/date-gates.ts';
import { extractTimestamps } from '../../src/temporal/index.ts';

const ref = { referenceDate: new Date(Date.UTC(2026, 0, 1)) };

/** A text written as pieces, numbered as a table's summaries number theirs (equal pieces, one number). */
function pieced(pieces: string[]): { text: string; texts: string[]; ids: number[] } {
  const texts: string[] = [];
  const ids = pieces.map((p) => (texts.includes(p) ? texts.indexOf(p) : texts.push(p) - 1));
  return { text: pieces.join(''), texts, ids };
}

// Summaries as `summaries.ts` writes them: a heading, then a label, then each value after its
// column's path; every piece but the last ends in a space.
const SUMMARIES: string[][] = [
  ['federal r&d spending, by agency: fys 2017-19. ', 'department of defense: ', 'in 2017 actual ', '49197, ', 'in 2018 ', '43616, ', 'in dollar change 2018-19 ', '-9030.'],
  ['monthly sales. ', 'stores: ', 'in may ', '1523, ', 'in june ', '2016, ', 'in sep. ', '2019, ', 'in winter ', '2012.'],
  ['results. ', 'club: ', 'parnu/kalev ', '8, ', 'www.example.org/2016 ', '3, ', 'see [12] ', 'RSA-2048 ', '1990 ', "'s, ", 'in ', '830 ', 'and ', '12 ', 'AD ', '5 BC.'],
  ['scores. ', 'in the 1990 ', 's boom ', '5.8, ', 'on 3/5/2016 ', '1.2.84, ', 'the 20th century ', '19 centuries, ', 'in ', '1,234 (12%), ', '(n/a) ', '—.'],
  ['no digits here. ', 'a label: ', 'in total ', 'none.'],
  ['quarterly sales. ', 'region: ', 'in the first quarter of ', '2008 ', '12, ', 'in Q2 ', '2019 ', '5, ', 'in the second half of 2020 ', '7.'],
];

describe('date gates read by pieces', () => {
  it('are the gates of the whole text, and date it as the whole text is dated', () => {
    for (const pieces of SUMMARIES) {
      const { text, texts, ids } = pieced(pieces);
      const memo: number[] = [];
      const g = piecewiseGates(texts, ids, memo, text.length);
      const whole = dateGates(text, PIECE_WANT, true);
      expect(g, text).toBe(whole & DIGIT ? whole : 0);
      expect(extractTimestamps(text, { ...ref, gates: g })).toEqual(extractTimestamps(text, ref));
      // Read again with the pieces remembered: the same.
      expect(piecewiseGates(texts, ids, memo, text.length)).toBe(g);
    }
  });

  it('read what a pattern finds across the space between two pieces: a decade, a short year', () => {
    const decade = pieced(['boom of the 1990 ', "'s, ", 'in 2001.']);
    const g = piecewiseGates(decade.texts, decade.ids, [], decade.text.length)!;
    expect(g & DECADE).toBeTruthy();
    expect(extractTimestamps(decade.text, { ...ref, gates: g }).map((t) => t.granularity)).toEqual(['decade', 'year']);
    const short = pieced(['built ', 'in ', '830 ', 'by the king.']);
    const s = piecewiseGates(short.texts, short.ids, [], short.text.length)!;
    expect(s & SHORT_3).toBeTruthy();
    expect(extractTimestamps(short.text, { ...ref, gates: s }).map((t) => short.text.slice(t.from, t.to))).toEqual(['830']);
    // A month's name and a year in two pieces ("in may " + "1523, "): a month, as in the whole text.
    const month = pieced(['in may ', '1523, ', 'in june ', '7.']);
    const m = piecewiseGates(month.texts, month.ids, [], month.text.length)!;
    expect(m & MONTH).toBeTruthy();
    expect(extractTimestamps(month.text, { ...ref, gates: m })).toEqual(extractTimestamps(month.text, ref));
    expect(extractTimestamps(month.text, ref).map((t) => t.granularity)).toEqual(['month']);
  });

  it('lend a piece without a digit its slash, and give up where a piece but the last does not end in a space', () => {
    const slash = pieced(['club: ', 'parnu/kalev ', '2019/05/04.']);
    expect(piecewiseGates(slash.texts, slash.ids, [], slash.text.length)! & SLASH).toBeTruthy();
    const glued = pieced(['in 19', '90, ', 'x.']);
    expect(piecewiseGates(glued.texts, glued.ids, [], glued.text.length)).toBeUndefined();
    // Pieces that are not the text's (their length differs): given up too.
    const { texts, ids, text } = pieced(['in 2019 ', '5.']);
    expect(piecewiseGates(texts, ids, [], text.length + 1)).toBeUndefined();
  });
});

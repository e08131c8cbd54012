import { describe, expect, it } from 'vitest';
import { extractTimestamps } from '../../src/temporal/index.ts';

const ref = new Date(Date.UTC(2026, 0, 1));
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
/** `[start, end) granularity open "text"` for each span, to compare in one line. */
function spans(s: string): string[] {
  return extractTimestamps(s, { referenceDate: ref }).map((t) => `${iso(t.start)} ${iso(t.end)} ${t.granularity}${t.open ? ` open-${t.open}` : ''} "${s.slice(t.from, t.to)}"`);
}

describe('extractTimestamps', () => {
  it('returns nothing for a sentence without digits', () => {
    expect(extractTimestamps('No dates at all in May or June.')).toEqual([]);
  });

  it('reads years, months and days, with their granularity and offsets', () => {
    expect(spans('Built in 1794 , it was sold in May 2016 and on 3 May 2016 .')).toEqual([
      '1794-01-01 1795-01-01 year "1794"',
      '2016-05-01 2016-06-01 month "May 2016"',
      '2016-05-03 2016-05-04 day "3 May 2016"',
    ]);
    expect(spans('It opened on June 3, 2016 and closed on 2017-02-28.')).toEqual([
      '2016-06-03 2016-06-04 day "June 3, 2016"',
      '2017-02-28 2017-03-01 day "2017-02-28"',
    ]);
  });

  it('reads a day written "16-Dec-2018" (PEP headers, logs, spreadsheets), alone and in a range', () => {
    expect(spans('Created: 16-Dec-2018')).toEqual(['2018-12-16 2018-12-17 day "16-Dec-2018"']);
    expect(spans('Post-History: 23-Jan-2019, 05-Feb-2019')).toEqual(['2019-01-23 2019-01-24 day "23-Jan-2019"', '2019-02-05 2019-02-06 day "05-Feb-2019"']);
    expect(spans('It ran from 1-Jan-2020 to 5-Mar-2021.')[0]).toMatch(/^2020-01-01 2021-03-06 day/);
  });

  it('reads pre-tokenised text ("Dec . 5 , 2016", "1916-1920 ,")', () => {
    expect(spans('He left on Dec . 5 , 2016 .')).toEqual(['2016-12-05 2016-12-06 day "Dec . 5 , 2016"']);
    expect(spans('who was Secretary of War , during 1916-1920 , while')).toEqual(['1916-01-01 1921-01-01 year "1916-1920"']);
  });

  it('joins ranges: short ("1990-93", "2004-05"), full, "from ... to", months', () => {
    expect(spans('in 1990-93 and the 2004-05 season')).toEqual([
      '1990-01-01 1994-01-01 year "1990-93"',
      '2004-01-01 2006-01-01 year "2004-05"',
    ]);
    expect(spans('George Peter lived there from 1811 to 1827 .')).toEqual(['1811-01-01 1828-01-01 year "1811 to 1827"']);
    expect(spans('from Jun 1981 to Oct 1983')).toEqual(['1981-06-01 1983-11-01 month "Jun 1981 to Oct 1983"']);
    expect(spans('between May and June 2016')).toEqual(['2016-05-01 2016-07-01 month "May and June 2016"']);
    expect(spans('- 24 May 1943 – 26 July 1943 Oblt')).toEqual(['1943-05-24 1943-07-27 day "24 May 1943 – 26 July 1943"']);
  });

  it('reads decades, centuries, seasons and eras', () => {
    expect(spans('in the 1990s and 2000s')).toEqual([
      '1990-01-01 2000-01-01 decade "1990s"',
      '2000-01-01 2010-01-01 decade "2000s"',
    ]);
    expect(spans('the 18 th century')).toEqual(['1700-01-01 1800-01-01 century "18 th century"']);
    expect(spans('in the summer of 1969')).toEqual(['1969-06-01 1969-09-01 season "summer of 1969"']);
    // Quarters and halves of a year; the codes in capitals.
    expect(spans('in the first quarter of 2008')).toEqual(['2008-01-01 2008-04-01 season "the first quarter of 2008"']);
    expect(spans('in the second half of 2019')).toEqual(['2019-07-01 2020-01-01 season "the second half of 2019"']);
    expect(spans('sales in Q4 2019 and H1 2020')).toEqual(['2019-10-01 2020-01-01 season "Q4 2019"', '2020-01-01 2020-07-01 season "H1 2020"']);
    expect(spans('the last quarter of 2019')).toEqual(['2019-10-01 2020-01-01 season "the last quarter of 2019"']);
    expect(spans('a third half of 2019')).toEqual(['2019-01-01 2020-01-01 year "2019"']);
    expect(spans('Ban Chao ( d . AD 102 )')).toEqual(['0102-01-01 0103-01-01 year "AD 102"']);
    expect(spans('In 830 , the king married')).toEqual(['0830-01-01 0831-01-01 year "830"']);
  });

  it('reads open intervals: since, to present, until', () => {
    expect(spans('Since 2015 he has been mayor .')).toEqual(['2015-01-01 2026-01-01 year open-end "2015"']);
    expect(spans('He served 2004 – present .')).toEqual(['2004-01-01 2026-01-01 year open-end "2004 – present"']);
    expect(spans('Johnson has been prime minister since 24 July 2019 .')).toEqual(['2019-07-24 2026-01-01 day open-end "24 July 2019"']);
    expect(spans('He played until 1990 .')).toEqual(['1990-01-01 1991-01-01 year open-start "1990"']);
  });

  it('skips numbers that are not years', () => {
    expect(spans('1500 troops landed')).toEqual([]);
    expect(spans('see page 2001 of the report')).toEqual([]);
    expect(spans('it cost $2000 then')).toEqual([]);
    expect(spans('a historic house at 3017 N Street NW')).toEqual([]);
    expect(spans('at 1600 Pennsylvania Avenue')).toEqual([]);
    expect(spans('In 830 , the king had 500 ships')).toEqual(['0830-01-01 0831-01-01 year "830"']);
    expect(spans('a population of 1,500 and 2.2001 percent')).toEqual([]);
  });

  it('skips issue and PR numbers, URL and path digits, references, identifiers, amounts and counts', () => {
    expect(spans('Fixed in #1234 and PR 1830; see RFC 2047 and issue 1999.')).toEqual([]);
    expect(spans('See https://github.com/rust-lang/rfcs/pull/1204 and www.example.com/2019/notes for it.')).toEqual([]);
    expect(spans('The file rfcs/text/1513-less-unwinding.md and /usr/share/doc/2016 moved.')).toEqual([]);
    expect(spans('as in [RFC 1492] and [1044], also [stdarch/1285]')).toEqual([]);
    expect(spans('see page 2001, pp. 1990 and p. 1875 of the report')).toEqual([]);
    expect(spans('It needs 2048 MB, a 2048-bit RSA-2048 key, and CVE-2024-1086 is fixed.')).toEqual([]);
    expect(spans('1276 patches were landed, 1500 troops landed, and 1300 more.')).toEqual([]);
    expect(spans('latest: "15.2.2562.46" and the default 127.0.0.1, status code to 200')).toEqual([]);
    expect(spans('staleReleaseThresholdDays: 1825')).toEqual([]);
    expect(spans('The price first exceeded 1000 and later surpassed 2000.')).toEqual([]);
    // The same numbers in their own right stay dates.
    expect(spans('In mid-2019 the team, from 1999 (see #12), moved; Real Madrid : 1952 .')).toEqual([
      '2019-01-01 2020-01-01 year "2019"',
      '1999-01-01 2026-01-01 year open-end "1999"',
      '1952-01-01 1953-01-01 year "1952"',
    ]);
    expect(spans('the 2010 Rose Bowl and 2010 BCS National Championship')).toEqual([
      '2010-01-01 2011-01-01 year "2010"',
      '2010-01-01 2011-01-01 year "2010"',
    ]);
  });

  it('reads a date written as a path ("2011/06/29", a permalink\'s "2023/06/01/"), and no other path digit', () => {
    expect(spans('r58 (released 2011/06/29)')).toEqual(['2011-06-29 2011-06-30 day "2011/06/29"']);
    expect(spans('path = "2023/06/01/Rust-1.70.0" and pull/1204')).toEqual(['2023-06-01 2023-06-02 day "2023/06/01"']);
    expect(spans('see https://blog.rust-lang.org/2016/05/26/Rust-1.9.html')).toEqual(['2016-05-26 2016-05-27 day "2016/05/26"']);
  });

  it('reads "2007-03" as a month, "2011-12" as a season', () => {
    expect(spans('2007-03: in Price 654.895.')).toEqual(['2007-03-01 2007-04-01 month "2007-03"']);
    expect(spans('the 2011-12 season')).toEqual(['2011-01-01 2013-01-01 year "2011-12"']);
  });

  it('reads no day that does not exist, and ranges written backwards', () => {
    expect(spans('On 31 February 2021 and on 2021-02-30 it rained.')).toEqual([
      '2021-02-01 2021-03-01 month "February 2021"',
      '2021-01-01 2022-01-01 year "2021"',
    ]);
    expect(spans('between 2020 and 1990')).toEqual(['1990-01-01 2021-01-01 year "2020 and 1990"']);
    expect(spans('From 1998 until 1993 , she was engaged')).toEqual(['1993-01-01 1999-01-01 year "1998 until 1993"']);
    expect(spans('scores of 2004 - 1998')).toHaveLength(2);
  });

  it('hands numeric day/month dates to chrono', () => {
    const out = extractTimestamps('The treaty was signed on 12/25/2016 in Paris.', { referenceDate: ref });
    expect(out).toHaveLength(1);
    expect(out[0]!.granularity).toBe('day');
    expect(iso(out[0]!.start)).toBe('2016-12-25');
  });

  it('is fast enough for ingest (dated sentences well under 0.25 ms even on a loaded test runner)', () => {
    const sentences = [
      'Built in 1794 , it was home of Newton D . Baker , who was Secretary of War , during 1916-1920 , while he presided .',
      'The house was built by Thomas Beall and was said to have had a servants wing attached to the east side .',
      'On 5 December 2016 the club sacked Norbert Meier after a run of defeats .',
      'It has 1500 seats and a capacity of 12,343 .',
    ];
    for (let i = 0; i < 200; i++) for (const s of sentences) extractTimestamps(s);
    const t0 = performance.now();
    const n = 5000;
    for (let i = 0; i < n; i++) extractTimestamps(sentences[i % sentences.length]!);
    expect((performance.now() - t0) / n).toBeLessThan(0.25);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractTimestamps } from '../../src/temporal/index.ts';
import { utc } from '../../src/temporal/date-grammar.ts';
import { generatedSentences } from './grammar-sentences.ts';

// The grammar skips a pattern where a scan of the text shows it cannot match (no "dddd-dd-" for
// an ISO date, no digit around a dash for a range, no letter before a slash for "pull/1204",
// nothing but a number after a year, ...). These tests hold it to what it read before those
// fast paths: a golden file written by the grammar of main f60122e over generated sentences.

const ref = new Date(Date.UTC(2026, 0, 1));
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
function spans(s: string): string[] {
  return extractTimestamps(s, { referenceDate: ref }).map((t) => `${iso(t.start)} ${iso(t.end)} ${t.granularity}${t.open ? ` open-${t.open}` : ''} "${s.slice(t.from, t.to)}"`);
}

describe('date grammar fast paths', () => {
  it('give exactly the timestamps the grammar gave before them, on 400 generated sentences', () => {
    const golden = JSON.parse(readFileSync(new URL('./fixtures/grammar-golden.json', import.meta.url), 'utf8')) as unknown[][];
    const sentences = generatedSentences();
    expect(sentences).toHaveLength(golden.length);
    const got = sentences.map((s) => extractTimestamps(s, { referenceDate: ref }).map((t) => [t.from, t.to, t.start, t.end, t.granularity, t.open ?? '']));
    expect(got).toEqual(golden);
    // The set is not trivial: it holds days, months, ranges, open intervals and plenty of non-dates.
    const flat = got.flat() as unknown[][];
    expect(flat.length).toBeGreaterThan(500);
    for (const g of ['day', 'month', 'year', 'decade', 'century', 'season']) expect(flat.some((t) => t[4] === g)).toBe(true);
    expect(flat.some((t) => t[5] === 'end')).toBe(true);
  });

  it('read a table summary: years of the header paths, not the figures', () => {
    expect(spans('federal r&d spending: fys 2017-19. defense: in 2017 actual 49197, in 2018 43616, in dollar change 2018-19 -9030.')).toEqual([
      '2017-01-01 2020-01-01 year "2017-19"',
      '2017-01-01 2018-01-01 year "2017"',
      '2018-01-01 2019-01-01 year "2018"',
      '2018-01-01 2020-01-01 year "2018-19"',
    ]);
    // A year followed by a figure stays a year; followed by a unit or a counted noun it is none.
    expect(spans('in 2013 45.2, in 2014 1500 troops, in 2015 %')).toEqual(['2013-01-01 2014-01-01 year "2013"', '2014-01-01 2015-01-01 year "2014"']);
  });

  it('still read ISO days, ranges with spaces or dashes, and short years', () => {
    // "2016-13-04" is no day; its year stays.
    expect(spans('released 2016-05-04, dropped 2016-13-04')).toEqual(['2016-05-04 2016-05-05 day "2016-05-04"', '2016-01-01 2017-01-01 year "2016"']);
    expect(spans('seasons 2004 / 05 and 1990–93')).toEqual(['2004-01-01 2006-01-01 year "2004 / 05"', '1990-01-01 1994-01-01 year "1990–93"']);
    expect(spans('founded in 830 by monks, 830 ships')).toEqual(['0830-01-01 0831-01-01 year "830"']);
    expect(spans('from 830 to 870')).toEqual(['0830-01-01 0871-01-01 year "830 to 870"']);
  });

  it('still block addresses, paths and identifiers, but not "n/a" or "2007/2008"', () => {
    expect(spans('see https://x.org/pull/2016 and pull/2017 and /usr/share/2018 and (/usr/bin/2019')).toEqual([]);
    expect(spans('RSA-2048 and CVE-2024-1086, but mid-2019')).toEqual(['2019-01-01 2020-01-01 year "2019"']);
    // "2007/2008": a number after "digit/" is read as the tail of the first one, as before.
    expect(spans('n/a in 2007/2008, 2010')).toEqual(['2007-01-01 2008-01-01 year "2007"', '2010-01-01 2011-01-01 year "2010"']);
    expect(spans('staleReleaseThresholdDays: 1825, page 2001, size = 2048')).toEqual([]);
    // A path has two slashes, a file name after its slash, or starts at "./" or "~/"; a lone
    // slash between words and "n/a." are none, and the years beside them stay.
    expect(spans('see ./2019-notes, docs/2018.md and ~/a/2017')).toEqual([]);
    expect(spans('wage / salary 2019, n/a. 2018')).toEqual(['2019-01-01 2020-01-01 year "2019"', '2018-01-01 2019-01-01 year "2018"']);
  });

  it('read months only where a month name stands as one, however the date is written', () => {
    // "market" and "mayor" start as months do; the month patterns skip them, and read the rest.
    expect(spans('labour market 2015, mayor 2014, 5 May2016, May-June 2016, Sept. 5, 2016')).toEqual([
      '2015-01-01 2016-01-01 year "2015"',
      '2014-01-01 2015-01-01 year "2014"',
      '2016-05-05 2016-05-06 day "5 May2016"',
      '2016-05-01 2016-07-01 month "May-June 2016"',
      '2016-09-05 2016-09-06 day "Sept. 5, 2016"',
    ]);
  });

  it('join a range and open an interval from the words around its dates', () => {
    expect(spans('between 2020 and 1990; from 1990 to 1980; 2004 - 1998')).toEqual([
      '1990-01-01 2021-01-01 year "2020 and 1990"',
      '1980-01-01 1991-01-01 year "1990 to 1980"',
      '2004-01-01 2005-01-01 year "2004"',
      '1998-01-01 1999-01-01 year "1998"',
    ]);
    expect(spans('from May 1999 until his death in October 2000, since 2015, until 1990')).toEqual([
      '1999-05-01 2000-11-01 month "May 1999 until his death in October 2000"',
      '2015-01-01 2026-01-01 year open-end "2015"',
      '1990-01-01 1991-01-01 year open-start "1990"',
    ]);
  });

  it('compute calendar dates with Date.UTC past year 99 and by hand before it', () => {
    expect(utc(2024, 1, 30)).toBe(Date.UTC(2024, 2, 1));
    expect(utc(1999, 12, 1)).toBe(Date.UTC(2000, 0, 1));
    expect(new Date(utc(44)).getUTCFullYear()).toBe(44);
    expect(new Date(utc(-43)).getUTCFullYear()).toBe(-43);
    expect(new Date(utc(99, 12)).getUTCFullYear()).toBe(100);
    // A year's first instant is kept once computed: the same value the second time.
    for (const y of [999, 1000, 1970, 2024, 2199, 2200]) expect([utc(y), utc(y)]).toEqual([Date.UTC(y, 0, 1), Date.UTC(y, 0, 1)]);
  });
});

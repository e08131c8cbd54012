import { describe, expect, it } from 'vitest';
import { documentIntervals, fieldRole, namedDate, recordFields, recordInterval } from '../../src/temporal/intervals.ts';
import { contentTerms, extractTimestamps } from '../../src/temporal/index.ts';
import type { EventInterval } from '../../src/types.ts';

const ref = new Date(Date.UTC(2026, 0, 1));
const iso = (t?: number) => (t === undefined ? '…' : new Date(t).toISOString().slice(0, 10));
const show = (iv: EventInterval) => `${iso(iv.start)} ${iso(iv.end)} ${iv.endKind}${iv.stated ? ` ${iv.stated}` : ''}`;
/** The intervals of a run of sentences, as one line per sentence. */
function intervals(sentences: string[]): string[] {
  const read = sentences.map((text) => ({ text, times: extractTimestamps(text, { referenceDate: ref }) }));
  return documentIntervals(read, { referenceDate: ref }).map((ivs) => ivs.map(show).join(' + '));
}

describe('documentIntervals: intervals across sentences', () => {
  it('pairs "took office on A ... resigned on B" across a passage, both sentences holding it', () => {
    expect(intervals([
      'Boris Johnson became Prime Minister of the United Kingdom on 24 July 2019.',
      'The United Kingdom left the European Union on 31 January 2020 while he was in office.',
      'Johnson announced on 7 July 2022 that he would step down as party leader.',
      'He remained Prime Minister until 6 September 2022, when Liz Truss succeeded him.',
    ])).toEqual(['2019-07-24 2022-09-07 explicit start', '', '', '2019-07-24 2022-09-07 explicit end']);
  });

  it('closes a term at the next holder of the same role, and by the holder\'s own end event', () => {
    expect(intervals([
      'Tony Blair became Prime Minister on 2 May 1997.',
      'Gordon Brown became Prime Minister on 27 June 2007.',
      'After the general election of 6 May 2010, he resigned on 11 May 2010.',
      'David Cameron became Prime Minister on 11 May 2010.',
    ])).toEqual([
      '1997-05-02 2007-06-27 next start',
      '2007-06-27 2010-05-11 explicit start',
      '2007-06-27 2010-05-11 explicit end',
      '2010-05-11 … open start',
    ]);
  });

  it('keeps holders with other numbers apart ("Node.js 16" is not "Node.js 18")', () => {
    const out = intervals(['Node.js 16 was released on 20 April 2021.', 'Node.js 18 was released on 19 April 2022.']);
    expect(out).toEqual(['2021-04-20 … open start', '2022-04-19 … open start']);
  });

  it('reads ranges and open ends of one sentence: "from 2007 to 2010", "2016–present", "since 2019", "until 1990"', () => {
    expect(intervals([
      'He coached the club from 2007 to 2010.',
      'She has chaired it 2016–present.',
      'It has been mayor since 2019.',
      'He played until 1990.',
      'She led the lab from May 1999.',
    ])).toEqual([
      '2007-01-01 2011-01-01 explicit',
      '2016-01-01 … present',
      '2019-01-01 … present',
      '… 1991-01-01 explicit',
      '1999-05-01 … open',
    ]);
  });

  it('reads a line of `key: value` fields as a record', () => {
    expect(intervals(['releaseCycle: "17" releaseDate: 2021-10-19 eoas: 2022-04-01 eol: 2022-06-01 latest: "17.9.1"'])).toEqual(['2021-10-19 2022-06-01 explicit']);
  });
});

describe('records: fields that begin and end a term', () => {
  it('tells start and end fields by their names', () => {
    expect(['Took office', 'releaseDate', 'Term start', 'Initial Release', 'Released'].map(fieldRole)).toEqual(['start', 'start', 'start', 'start', 'start']);
    expect(['Left office', 'eol', 'End-of-life', 'Term end'].map(fieldRole)).toEqual(['end', 'end', 'end', 'end']);
    expect(['latestReleaseDate', 'Party', 'Version'].map(fieldRole)).toEqual([undefined, undefined, undefined]);
  });

  it('reads an empty or "in office" end as open to the present, not missing', () => {
    expect(show(recordInterval([['Took office', '6 May 2025'], ['Left office', 'in office']], { referenceDate: ref })!)).toBe('2025-05-06 … present');
    expect(show(recordInterval([['Took office', '22 November 2005'], ['Left office', '8 December 2021']])!)).toBe('2005-11-22 2021-12-08 explicit');
    expect(recordInterval([['Party', 'SPD'], ['Seats', '206']])).toBeUndefined();
  });

  it('reads fields from YAML-like text and knows the field a question names', () => {
    const fields = recordFields('releaseCycle: "17" releaseDate: 2021-10-19 eol: 2022-06-01')!;
    expect(fields.map(([k]) => k)).toEqual(['releaseCycle', 'releaseDate', 'eol']);
    const iv = recordInterval([['Release', '17.x'], ['Initial Release', '2021-10-19'], ['End-of-life', '2022-06-01']])!;
    const terms = (q: string) => new Set(contentTerms(q));
    expect(namedDate(iv, terms('Which Node.js version reached end of life'), contentTerms)?.name).toBe('End-of-life');
    expect(namedDate(iv, terms('Which Node.js version was released'), contentTerms)?.name).toBe('Initial Release');
    expect(namedDate(iv, terms('Which Node.js versions were supported'), contentTerms)).toBeUndefined();
  });
});

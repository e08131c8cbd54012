import { describe, expect, it } from 'vitest';
import { CURVES, temporalScore } from '../../src/temporal/index.ts';
import { utc } from '../../src/temporal/date-grammar.ts';
import type { EventInterval, TemporalConstraint, TimeSpan } from '../../src/types.ts';

const year = (y: number, extra: Partial<TimeSpan> = {}): TimeSpan => ({ start: utc(y), end: utc(y + 1), granularity: 'year', from: 0, to: 4, ...extra });
const years = (a: number, b: number): TimeSpan => ({ start: utc(a), end: utc(b + 1), granularity: 'year', from: 0, to: 9 });
function tc(relation: string, condition: TemporalConstraint['condition'], kind: TemporalConstraint['kind'], a: number, b = a): TemporalConstraint {
  return { relation, condition, kind, start: utc(a), end: utc(b + 1), granularity: 'year', text: '' };
}
const scores = (c: TemporalConstraint, ys: number[]) => ys.map((y) => temporalScore(c, [year(y)]));
const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);
const decreasing = (xs: number[]) => xs.every((x, i) => i === 0 || x < xs[i - 1]!);

describe('temporalScore', () => {
  it('gives 0.5 to a sentence without a timestamp (MRAG baseline), whatever the constraint', () => {
    expect(temporalScore(tc('before', 'last', 'last-before', 2000), [])).toBe(0.5);
    expect(temporalScore(tc('in', 'none', 'point', 2000), [])).toBe(0.5);
    expect(temporalScore(tc('between', 'none', 'overlap', 1990, 2000), [])).toBe(0.5);
  });

  it('last-before rises toward T inside [T-50, T] from 0.6 to 1.0 and drops outside', () => {
    const c = tc('before', 'last', 'last-before', 2000);
    const inside = scores(c, [1951, 1970, 1990, 1999]);
    expect(increasing(inside)).toBe(true);
    expect(inside[0]).toBeGreaterThanOrEqual(CURVES.low);
    expect(inside[3]).toBeCloseTo(1, 1);
    expect(temporalScore(c, [year(2001)])).toBe(CURVES.outside);
    expect(temporalScore(c, [year(1900)])).toBe(CURVES.outside);
  });

  it('first-before prefers the earliest year of the window', () => {
    expect(decreasing(scores(tc('before', 'first', 'first-before', 2000), [1955, 1970, 1990, 1999]))).toBe(true);
  });

  it('first-after prefers the year right after T; last-after the latest', () => {
    expect(decreasing(scores(tc('after', 'first', 'first-after', 2000), [2001, 2010, 2030, 2049]))).toBe(true);
    expect(increasing(scores(tc('after', 'last', 'last-after', 2000), [2001, 2010, 2030, 2049]))).toBe(true);
    expect(temporalScore(tc('after', 'first', 'first-after', 2000), [year(1999)])).toBe(CURVES.outside);
  });

  it('last-between and first-between ramp across [T1, T2]', () => {
    expect(increasing(scores(tc('between', 'last', 'last-between', 1990, 2000), [1990, 1994, 1998]))).toBe(true);
    expect(decreasing(scores(tc('between', 'first', 'first-between', 1990, 2000), [1990, 1994, 1998]))).toBe(true);
  });

  it('overlap (from T1 to T2) rewards matching ends and decays with distance outside', () => {
    const c = tc('between', 'none', 'overlap', 1811, 1827);
    const start = temporalScore(c, [year(1811)]);
    const middle = temporalScore(c, [year(1819)]);
    expect(start).toBeGreaterThan(middle);
    expect(temporalScore(c, [years(1811, 1827)])).toBeCloseTo(CURVES.high, 5);
    expect(decreasing(scores(c, [1828, 1830, 1840, 1900]))).toBe(true);
    expect(temporalScore(c, [year(1900)])).toBeLessThan(0.5);
  });

  it('overlap: meeting the start of the interval counts more than meeting its end', () => {
    // "from 1796 to 1917": "In 1796 X became ..." names what held; "In 1917 ..." usually its successor.
    const c = tc('between', 'none', 'overlap', 1796, 1917);
    const start = temporalScore(c, [year(1796)]);
    const end = temporalScore(c, [year(1917)]);
    const middle = temporalScore(c, [year(1850)]);
    expect(start).toBeGreaterThan(end);
    expect(end).toBeGreaterThan(middle);
    // Just outside: a year before the start beats a year after the end.
    expect(temporalScore(c, [year(1795)])).toBeGreaterThan(temporalScore(c, [year(1918)]));
  });

  it('in: inside scores high, decays with distance, and a coarse span counts less', () => {
    const c = tc('in', 'none', 'point', 1997);
    expect(temporalScore(c, [year(1997)])).toBe(CURVES.high);
    expect(decreasing(scores(c, [1997, 1998, 2000, 2010]))).toBe(true);
    const decade: TimeSpan = { start: utc(1990), end: utc(2000), granularity: 'decade', from: 0, to: 5 };
    expect(temporalScore(c, [decade])).toBeLessThan(CURVES.high);
    expect(temporalScore(c, [decade])).toBeGreaterThan(temporalScore(c, [year(1999)]));
  });

  it('on: day granularity counts (same day > same month > same year > far)', () => {
    const c: TemporalConstraint = { relation: 'on', condition: 'none', kind: 'point', start: utc(2016, 4, 3), end: utc(2016, 4, 4), granularity: 'day', text: '' };
    const day = temporalScore(c, [{ start: utc(2016, 4, 3), end: utc(2016, 4, 4), granularity: 'day', from: 0, to: 1 }]);
    const month = temporalScore(c, [{ start: utc(2016, 4, 1), end: utc(2016, 5, 1), granularity: 'month', from: 0, to: 1 }]);
    const year2016 = temporalScore(c, [year(2016)]);
    const otherDay = temporalScore(c, [{ start: utc(2016, 8, 3), end: utc(2016, 8, 4), granularity: 'day', from: 0, to: 1 }]);
    expect(day).toBeGreaterThan(month);
    expect(month).toBeGreaterThan(year2016);
    expect(year2016).toBeGreaterThan(otherDay);
  });

  it('around: symmetric bell around T', () => {
    const c = tc('around', 'none', 'point', 1990);
    expect(temporalScore(c, [year(1990)])).toBeCloseTo(CURVES.high, 5);
    expect(temporalScore(c, [year(1987)])).toBeCloseTo(temporalScore(c, [year(1993)]), 1);
    expect(decreasing(scores(c, [1990, 1992, 1995, 2005]))).toBe(true);
  });

  it('takes the best span of a sentence and reads open intervals', () => {
    const c = tc('before-or-at', 'none', 'last-before', 2021);
    expect(temporalScore(c, [year(2030), year(2020)])).toBe(temporalScore(c, [year(2020)]));
    // "since July 2019" reaches the question's date: as good as a date right at T.
    const since: TimeSpan = { start: utc(2019, 6, 24), end: utc(2026), granularity: 'day', open: 'end', from: 0, to: 1 };
    expect(temporalScore(c, [since])).toBeCloseTo(CURVES.high, 5);
  });

  it('derives the curve from relation and condition when kind is missing', () => {
    const withKind = tc('before', 'last', 'last-before', 2000);
    const { kind: _k, ...noKind } = withKind;
    expect(temporalScore(noKind, [year(1980)])).toBe(temporalScore(withKind, [year(1980)]));
  });

  it('stays within [0, 1]', () => {
    const cs = [tc('before', 'last', 'last-before', 2000), tc('after', 'first', 'first-after', 2000), tc('between', 'none', 'overlap', 1990, 2000), tc('in', 'none', 'point', 1995), tc('around', 'none', 'point', 1995)];
    for (const c of cs) for (let y = 1900; y < 2100; y += 7) {
      const s = temporalScore(c, [year(y)]);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });
});

describe('temporalScore with event intervals', () => {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
  const term = (start: number, end?: number): EventInterval => ({ start, ...(end !== undefined ? { end } : {}), endKind: end === undefined ? 'present' : 'explicit', granularity: 'day', source: 'record' });
  const on = (y: number, m: number, d: number, relation = 'on', condition: TemporalConstraint['condition'] = 'none', kind: TemporalConstraint['kind'] = 'point'): TemporalConstraint =>
    ({ relation, condition, kind, start: day(y, m, d), end: day(y, m, d + 1), granularity: 'day', text: '' });

  it('meets a point question fully with an interval that covers it, however long', () => {
    const c = on(2021, 5, 6);
    expect(temporalScore(c, [], [term(day(2019, 7, 24), day(2022, 9, 7))])).toBe(CURVES.high);
    expect(temporalScore(c, [], [term(day(2016, 7, 13), day(2019, 7, 24))])).toBeLessThan(CURVES.low);
  });

  it('orders "first after T" by the start, and leaves out a term begun before T', () => {
    const c = tc('after', 'first', 'first-after', 1990);
    const schroeder = temporalScore(c, [], [term(day(1998, 10, 27), day(2005, 11, 22))]);
    const merkel = temporalScore(c, [], [term(day(2005, 11, 22), day(2021, 12, 8))]);
    expect(schroeder).toBeGreaterThan(merkel);
    expect(temporalScore(c, [], [term(day(1982, 10, 1), day(1998, 10, 27))])).toBe(CURVES.outside);
  });

  it('as of T: a term in force beats one that ended before T', () => {
    const c = on(2021, 5, 6, 'before-or-at', 'none', 'last-before');
    expect(temporalScore(c, [], [term(day(2019, 7, 24), day(2022, 9, 7))])).toBeGreaterThan(temporalScore(c, [], [term(day(2016, 7, 13), day(2019, 7, 24))]));
  });

  it('"current" prefers the latest term among those that cover the date; "oldest" the earliest', () => {
    const c = { ...on(2022, 6, 15), condition: 'last' as const };
    expect(temporalScore(c, [], [term(day(2022, 4, 19))])).toBeGreaterThan(temporalScore(c, [], [term(day(2021, 4, 20))]));
    const oldest = { ...on(2021, 1, 1), condition: 'first' as const };
    expect(temporalScore(oldest, [], [term(day(2016, 1, 7), day(2021, 2, 11))])).toBeGreaterThan(temporalScore(oldest, [], [term(day(2020, 9, 24), day(2025, 11, 13))]));
    // The condition only orders what meets the question: the least preferred covering term
    // keeps all but `conditionPreference` of its score, far above an undated sentence.
    for (const [q, iv] of [[c, term(day(1990, 1, 1))], [oldest, term(day(2020, 12, 31), day(2025, 1, 1))]] as const) {
      expect(temporalScore(q, [], [iv])).toBeGreaterThanOrEqual(CURVES.high * (1 - CURVES.conditionPreference) - 1e-9);
      expect(temporalScore(q, [], [iv])).toBeGreaterThan(CURVES.noTimestamp);
    }
  });
});

describe('temporalScore: first / last inside a point interval', () => {
  it('prefers the earliest date of the year for "the first ... in 2024", the latest for "last"', () => {
    const day = (m: number): TimeSpan => ({ start: Date.UTC(2024, m - 1, 8), end: Date.UTC(2024, m - 1, 9), granularity: 'day', from: 0, to: 10 });
    const first = tc('in', 'first', 'point', 2024), last = tc('in', 'last', 'point', 2024);
    expect(temporalScore(first, [day(2)])).toBeGreaterThan(temporalScore(first, [day(8)]));
    expect(temporalScore(last, [day(8)])).toBeGreaterThan(temporalScore(last, [day(2)]));
    expect(temporalScore(tc('in', 'none', 'point', 2024), [day(2)])).toBe(temporalScore(tc('in', 'none', 'point', 2024), [day(8)]));
  });
});

import { describe, expect, it } from 'vitest';
import { between, isoDate } from '../../src/answer/durations.ts';

describe('durations', () => {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

  it('counts whole calendar units from one date to another, in the unit that suits "how long"', () => {
    expect(between(day(2020, 4, 23), day(2025, 5, 31), 'auto', 'day')).toEqual({ value: 5, unit: 'years' });
    expect(between(day(2025, 1, 9), day(2025, 1, 30), 'auto', 'day')).toEqual({ value: 21, unit: 'days' });
    expect(between(day(2023, 4, 3), day(2024, 12, 2), 'auto', 'day')).toEqual({ value: 19, unit: 'months' });
    // A month not yet complete is not counted.
    expect(between(day(2023, 4, 3), day(2023, 9, 2), 'month', 'day')).toEqual({ value: 4, unit: 'months' });
    expect(between(day(2022, 4, 27), day(2024, 7, 29), 'day', 'day')).toEqual({ value: 824, unit: 'days' });
  });

  it('writes a date to its granularity', () => {
    expect([isoDate(day(2020, 4, 23), 'day'), isoDate(day(2020, 4, 23), 'month'), isoDate(day(2020, 4, 23), 'year')]).toEqual(['2020-04-23', '2020-04', '2020']);
  });
});

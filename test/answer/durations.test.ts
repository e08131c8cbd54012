import { describe, expect, it } from 'vitest';
import { between, isoDate } from '../../src/answer/durations.ts';

describe('durations', () => {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

  it('says "how long" in the unit that suits it, to the nearest; a unit asked counts whole ones', () => {
    expect(between(day(2020, 4, 23), day(2025, 5, 31), 'auto', 'day')).toEqual({ value: 5, unit: 'years' });
    expect(between(day(2025, 1, 9), day(2025, 1, 30), 'auto', 'day')).toEqual({ value: 21, unit: 'days' });
    // 19 months 29 days; 2 years 11 months 26 days; 23 months 29 days.
    expect(between(day(2023, 4, 3), day(2024, 12, 2), 'auto', 'day')).toEqual({ value: 20, unit: 'months' });
    expect(between(day(2021, 4, 6), day(2024, 4, 1), 'auto', 'day')).toEqual({ value: 3, unit: 'years' });
    expect(between(day(2022, 2, 8), day(2024, 2, 6), 'auto', 'day')).toEqual({ value: 2, unit: 'years' });
    expect(between(day(2021, 4, 6), day(2024, 4, 1), 'year', 'day')).toEqual({ value: 2, unit: 'years' });
    // A month not yet complete is not counted.
    expect(between(day(2023, 4, 3), day(2023, 9, 2), 'month', 'day')).toEqual({ value: 4, unit: 'months' });
    expect(between(day(2022, 4, 27), day(2024, 7, 29), 'day', 'day')).toEqual({ value: 824, unit: 'days' });
  });

  it('writes a date to its granularity', () => {
    expect([isoDate(day(2020, 4, 23), 'day'), isoDate(day(2020, 4, 23), 'month'), isoDate(day(2020, 4, 23), 'year')]).toEqual(['2020-04-23', '2020-04', '2020']);
  });
});

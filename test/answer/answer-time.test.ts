import { describe, expect, it } from 'vitest';
import { yearOfDay } from '../../src/answer/answer-time.ts';

describe('yearOfDay', () => {
  const april2015 = Date.UTC(2015, 3, 3);

  it('reads the year that puts a day written without one nearest its document\'s date', () => {
    expect(yearOfDay('May 15th', april2015)).toBe(2015);
    expect(yearOfDay('Thursday, March 24', april2015)).toBe(2015);
    // Across the turn of the year: a post of late December speaks of "January 8" to come.
    expect(yearOfDay('8 January', Date.UTC(2020, 11, 20))).toBe(2021);
    expect(yearOfDay('December 30th', Date.UTC(2021, 0, 5))).toBe(2020);
  });

  it('reads nothing of a day more than four months away, of a text that is more than a day, or without a date', () => {
    expect(yearOfDay('October 20', april2015)).toBeUndefined();
    expect(yearOfDay('May 15th, 2016', april2015)).toBeUndefined();
    expect(yearOfDay('scheduled for May 15th', april2015)).toBeUndefined();
    expect(yearOfDay('May 15th', Number.NaN)).toBeUndefined();
  });
});

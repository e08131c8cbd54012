import { describe, expect, it } from 'vitest';
import { measureWords } from '../../src/answer/measure-words.ts';

describe('measure words', () => {
  it('writes a superlative out as the extreme and the measure it names', () => {
    expect(measureWords('Which year was the warmest on record?')).toBe('Which year was the highest temperature on record?');
    expect(measureWords('When was gold cheapest?')).toBe('When was gold lowest price?');
    // A time the superlative picks stays what is asked: the year, not the figure.
    expect(measureWords('What was the coldest year?')).toBe('What was the year with the lowest temperature?');
    expect(measureWords('Which was the Hottest month in 2023?')).toBe('Which was the month with the highest temperature in 2023?');
  });

  it('leaves any other question as typed', () => {
    expect(measureWords('What was the highest temperature in 2016?')).toBeUndefined();
    expect(measureWords('Who were the earliest members?')).toBeUndefined();
  });
});

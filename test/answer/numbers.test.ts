import { describe, expect, it } from 'vitest';
import { formatNumber, isEmptyValue, readNumber, readUnit } from '../../src/answer/numbers.ts';

describe('reading numbers as tables write them', () => {
  it('reads plain, separated, signed, financial-negative and currency figures', () => {
    expect(readNumber('1,234.5')?.value).toBe(1234.5);
    expect(readNumber('(1,234)')?.value).toBe(-1234);
    expect(readNumber('$ (3.2)')?.value).toBe(-3.2);
    expect(readNumber('−5')?.value).toBe(-5);
    expect(readNumber('-27')?.value).toBe(-27);
    expect(readNumber('$ 5,686')).toMatchObject({ value: 5686, currency: '$' });
    expect(readNumber('12%')).toMatchObject({ value: 12, percent: true });
    expect(readNumber('3.2 million')).toMatchObject({ value: 3.2, scale: 'million' });
    expect(readNumber('45.6e')?.value).toBe(45.6);
    expect(readNumber('0.605')).toMatchObject({ value: 0.605, decimals: 3 });
  });

  it('takes dashes and placeholders as empty, not zero, and refuses text', () => {
    for (const empty of ['—', '–', '-', '..', '...', 'x', 'n/a', 'N/A', '', '  ']) {
      expect(isEmptyValue(empty), empty).toBe(true);
      expect(readNumber(empty), empty).toBeUndefined();
    }
    expect(readNumber('(12')).toBeUndefined();
    expect(readNumber('Mexican peso')).toBeUndefined();
    expect(readNumber('12 to 15 years')).toBeUndefined();
  });

  it('reads the scale and currency of unit labels', () => {
    expect(readUnit('$ millions')).toMatchObject({ scale: 'million', currency: '$' });
    expect(readUnit('(in thousands)')).toMatchObject({ scale: 'thousand', label: 'thousands' });
    expect(readUnit('%')).toMatchObject({ scale: 'percent' });
    expect(readUnit('percent')).toMatchObject({ scale: 'percent' });
    expect(readUnit('thousands of dollars')).toMatchObject({ scale: 'thousand', currency: '$' });
    expect(readUnit('billions of euros')).toMatchObject({ scale: 'billion', currency: '€' });
    expect(readUnit('number')).toBeUndefined();
    expect(readUnit('rate per 100,000 population')).toBeUndefined();
  });

  it('formats results without trailing zeros', () => {
    expect(formatNumber(26.60194, 1)).toBe('26.6');
    expect(formatNumber(0.3000000000000007, 1)).toBe('0.3');
    expect(formatNumber(137, 2)).toBe('137');
    expect(formatNumber(-0.0001, 2)).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import { formatBytes, headingBeyond } from '../../demo/format.ts';

describe('formatBytes', () => {
  it('picks the unit a reader expects, up to gigabytes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(27.5 * 1024 * 1024)).toBe('27.5 MB');
    expect(formatBytes(10 * 1024 ** 3)).toBe('10.0 GB');
  });
});

describe('headingBeyond', () => {
  it('drops the document title a heading repeats, keeping what it adds', () => {
    expect(headingBeyond('Harbour City transit 2022-2023: Average daily boardings', 'Harbour City transit 2022-2023')).toBe('Average daily boardings');
    expect(headingBeyond('Releases › 3.12', 'Releases')).toBe('3.12');
    expect(headingBeyond('Boris Johnson', 'Boris Johnson')).toBe('');
  });

  it('keeps a heading that does not start with the whole title', () => {
    expect(headingBeyond('Pythonic ways', 'Python')).toBe('Pythonic ways');
    expect(headingBeyond('Early life', 'Boris Johnson')).toBe('Early life');
    expect(headingBeyond('Early life', '')).toBe('Early life');
  });
});

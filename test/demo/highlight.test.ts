import { describe, expect, it } from 'vitest';
import { segments } from '../../demo/highlight.ts';

describe('segments', () => {
  it('splits text into plain and marked runs that rebuild the text', () => {
    const text = 'Boris Johnson became Prime Minister';
    const out = segments(text, [[21, 26], [0, 5]]);
    expect(out).toEqual([
      { text: 'Boris', marked: true },
      { text: ' Johnson became ', marked: false },
      { text: 'Prime', marked: true },
      { text: ' Minister', marked: false },
    ]);
    expect(out.map((s) => s.text).join('')).toBe(text);
  });

  it('merges overlapping ranges and clamps ranges outside the text', () => {
    const out = segments('abcdef', [[1, 3], [2, 4], [5, 99], [-4, 0], [3, 3]]);
    expect(out).toEqual([
      { text: 'a', marked: false },
      { text: 'bcd', marked: true },
      { text: 'e', marked: false },
      { text: 'f', marked: true },
    ]);
  });

  it('keeps markup as text', () => {
    const out = segments('<img src=x onerror=alert(1)>', [[1, 4]]);
    expect(out.map((s) => s.text).join('')).toBe('<img src=x onerror=alert(1)>');
  });
});

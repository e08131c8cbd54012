import { describe, expect, it } from 'vitest';
import { isCollapsed, isSpace } from '../../src/text/white-space.ts';

describe('white space without regexes', () => {
  it('isSpace is exactly \\s, on every UTF-16 code unit', () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });

  it('isCollapsed says whether collapsing would change a text (U+200B too when asked)', () => {
    const samples = ['', 'a', 'a b', ' a', 'a ', 'a  b', 'a\tb', 'a\u00a0b', 'a\u200bb', '\u200b', 'a | b', '\n', ' ', 'x\u3000y', '\ufeffz'];
    for (const s of samples) {
      expect(isCollapsed(s), JSON.stringify(s)).toBe(s === s.replace(/\s+/g, ' ').trim());
      expect(isCollapsed(s, true), JSON.stringify(s)).toBe(s === s.replace(/[\s\u200b]+/g, ' ').trim());
    }
  });
});

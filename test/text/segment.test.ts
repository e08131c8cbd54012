import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitSentences } from '../../src/text/segment.ts';

const sentences = (t: string) => splitSentences(t).map((s) => t.slice(s.start, s.end));

describe('splitSentences', () => {
  it('splits on sentence-ending punctuation followed by a capital', () => {
    expect(sentences('It rained. Then it snowed! Did it? Yes.')).toEqual(['It rained.', 'Then it snowed!', 'Did it?', 'Yes.']);
  });

  it('keeps initials and abbreviations inside a sentence', () => {
    expect(sentences('Newton D. Baker met Mr. Smith in St. Louis. They talked.')).toEqual([
      'Newton D. Baker met Mr. Smith in St. Louis.', 'They talked.',
    ]);
  });

  it('handles pre-tokenised text with spaces before periods', () => {
    expect(sentences('It was home of Newton D . Baker , who was Secretary of War . Built in 1794 , it stands .')).toEqual([
      'It was home of Newton D . Baker , who was Secretary of War .', 'Built in 1794 , it stands .',
    ]);
  });

  it('does not split before a lower-case continuation', () => {
    expect(sentences('It cost approx. three dollars. Fine.')).toEqual(['It cost approx. three dollars.', 'Fine.']);
  });

  it('returns offsets that cut the original text exactly, without surrounding space', () => {
    const text = '  First one.   Second one.  ';
    const spans = splitSentences(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['First one.', 'Second one.']);
  });

  it('returns nothing for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   ')).toEqual([]);
  });

  it('keeps a final sentence without punctuation', () => {
    expect(sentences('One. Two without end')).toEqual(['One.', 'Two without end']);
  });
});

describe('splitSentences, linear', () => {
  /**
   * The splitter as it was (a regular expression finding candidate boundaries; quadratic on
   * runs of `?`), kept as the oracle the one-pass scan must agree with on short texts.
   */
  function previous(text: string): Array<{ start: number; end: number }> {
    const abbreviations = new Set(['mr', 'st', 'e.g', 'u.s']);
    const boundary = /([.!?]+)(["'”’)\]]*)(\s+)/g;
    const isBoundary = (punctAt: number, punct: string, next: number): boolean => {
      const c = text.charCodeAt(next);
      const starts = (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 34 || c === 39 || c === 40 || c === 91 || c === 0x201c || c === 0x2018 || c > 127;
      if (!starts) return false;
      if (punct !== '.') return true;
      let i = punctAt;
      while (i > 0 && text[i - 1] === ' ') i--;
      let j = i;
      while (j > 0 && /[A-Za-z.]/.test(text[j - 1]!)) j--;
      const word = text.slice(j, i);
      if (word.length === 0) return true;
      if (word.length === 1 && word >= 'A' && word <= 'Z') return false;
      return !abbreviations.has(word.toLowerCase());
    };
    const spans: Array<{ start: number; end: number }> = [];
    let start = text.search(/\S|$/);
    let m: RegExpExecArray | null;
    while ((m = boundary.exec(text)) !== null) {
      const punctEnd = m.index + m[1]!.length + m[2]!.length;
      const next = m.index + m[0].length;
      if (next >= text.length) break;
      if (!isBoundary(m.index, m[1]!, next)) continue;
      if (punctEnd > start) spans.push({ start, end: punctEnd });
      start = next;
    }
    const end = text.length - (text.match(/\s*$/)?.[0].length ?? 0);
    if (end > start) spans.push({ start, end });
    return spans;
  }

  it('finds the sentences the regular expression found, on arbitrary text', () => {
    // Words from the oracle's abbreviations only, so that its shorter list agrees with the real one.
    const alphabet = fc.constantFrom('.', '!', '?', '"', "'", '”', ')', ']', ' ', '  ', '\n', '\u00a0', '\u3000', 'A', 'b', 'D', 'Mr', 'St', 'e.g', '1', 'é', '“', '(');
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 60 }).map((a) => a.join('')), (text) => {
      expect(splitSentences(text)).toEqual(previous(text));
    }), { numRuns: 500 });
  });

  it('ends a long run of punctuation without a space in one sentence', () => {
    const text = `Start. X${'?'.repeat(5000)}x next? Yes.`;
    expect(sentences(text)).toEqual(['Start.', `X${'?'.repeat(5000)}x next?`, 'Yes.']);
  });
});

import { describe, expect, it } from 'vitest';
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

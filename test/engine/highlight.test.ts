import { describe, expect, it } from 'vitest';
import { findHighlights } from '../../src/engine/highlight.ts';

const marked = (query: string, text: string) => findHighlights(query, text).map(([s, e]) => text.slice(s, e));

describe('findHighlights', () => {
  it('marks the words that matched the query, by the index\'s own terms', () => {
    expect(marked('Who wins the election?', 'He won the elections in 1990, winning again.')).toEqual(['elections', 'winning']);
    expect(marked('rushing yards in 2010', '2010: in rushing att 162, in rushing yds 965')).toEqual(['2010', 'rushing', 'rushing', 'yds']);
  });

  it('marks a figure written with other separators, and never stop words', () => {
    expect(marked('exports of 1234.5 million', 'Ontario exported 1,234.50 million, the most of all.')).toEqual(['exported', '1,234.50', 'million']);
    expect(findHighlights('the of and', 'the house of the rising sun')).toEqual([]);
  });

  it('marks "United States" as one word, and "U.S." for it', () => {
    expect(marked('R&D in the United States', 'U.S. R&D; United\nStates agencies; state funds')).toEqual(['U.S.', 'R', 'D', 'United\nStates']);
  });

  it('gives offsets into the text, in order', () => {
    const text = 'Canada\'s exports; Canada imports.';
    expect(findHighlights('canada', text)).toEqual([[0, 8], [18, 24]]);
  });

  it('marks the date that matches the whole question, not every date of its year', () => {
    expect(marked('croissants in March 2023', 'Croissants: 2023-01 2890, 2023-02 2760, 2023-03 3010.')).toEqual(['Croissants', '2023-03']);
    expect(marked('budget in FY 2018', 'Budget authority: FYs 2017-19')).toEqual(['Budget', 'FYs', '2017-19']);
  });
});

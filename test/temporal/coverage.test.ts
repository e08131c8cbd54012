import { describe, expect, it } from 'vitest';
import { timeCoverage } from '../../src/temporal/index.ts';
import { datedPassage } from './passages.ts';

const passage = (id: string, sentences: string[]) => datedPassage(id, sentences);

describe('timeCoverage', () => {
  const corpus = [
    passage('a', ['Built in 1794 by Thomas Beall.', 'Sold in 1796 and again in 1796.', 'No date here.']),
    passage('b', ['He served from 1798 to 1799.', 'In May 1794 the roof burned.']),
  ];

  it('counts sentences per year, keeping empty years as holes', () => {
    const out = timeCoverage(corpus);
    expect(out.map((b) => `${b.label}:${b.sentences}`)).toEqual(['1794:2', '1795:0', '1796:1', '1797:0', '1798:1', '1799:1']);
    expect(out[0]!.start).toBe(Date.UTC(1794, 0, 1));
    expect(out[0]!.end).toBe(Date.UTC(1795, 0, 1));
  });

  it('counts sentences per decade', () => {
    const out = timeCoverage([passage('c', ['In 1990 and 1995.', 'In the 2010s.', 'Back in 1999.'])], { buckets: 'decade' });
    expect(out.map((b) => `${b.label}:${b.sentences}`)).toEqual(['1990s:2', '2000s:0', '2010s:1']);
  });

  it('is empty for a corpus without dates', () => {
    expect(timeCoverage([passage('d', ['Nothing dated.'])])).toEqual([]);
    expect(timeCoverage([])).toEqual([]);
  });
});

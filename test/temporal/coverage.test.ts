import { describe, expect, it } from 'vitest';
import { sentencesIn, timeCoverage } from '../../src/temporal/index.ts';
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

  it('leaves sparse edges off the axis and notes them', () => {
    const busy = Array.from({ length: 1000 }, (_, i) => `In ${2000 + (i % 20)} it grew.`);
    const out = timeCoverage([passage('e', busy), passage('f', ['Measured from 720 BC to AD 2015.', 'Built in 1492.'])], { buckets: 'decade' });
    expect(out[0]).toMatchObject({ label: 'before 2000s', sentences: 2, outlier: 'before' });
    expect(out.slice(1).map((b) => b.label)).toEqual(['2000s', '2010s']);
    expect(out.some((b) => b.outlier === 'after')).toBe(false);
    // A small corpus keeps every date on the axis.
    expect(timeCoverage([passage('g', ['In 1492.', 'In 2001.'])], { buckets: 'decade' }).some((b) => b.outlier)).toBe(false);
  });

  it('is empty for a corpus without dates', () => {
    expect(timeCoverage([passage('d', ['Nothing dated.'])])).toEqual([]);
    expect(timeCoverage([])).toEqual([]);
  });
});

describe('sentencesIn', () => {
  const corpus = [
    passage('a', ['Built in 1794 by Thomas Beall.', 'Sold in 1796 and again in 1796.', 'No date here.']),
    passage('b', ['He served from 1798 to 1799.', 'In May 1794 the roof burned.']),
  ];

  it('lists what each coverage bucket counts, earliest first', () => {
    for (const options of [undefined, { buckets: 'decade' as const }]) {
      for (const bucket of timeCoverage(corpus, options)) expect(sentencesIn(corpus, bucket.start, bucket.end).total, bucket.label).toBe(bucket.sentences);
    }
    const texts = (from: number, to: number) => sentencesIn(corpus, Date.UTC(from, 0, 1), Date.UTC(to, 0, 1)).sentences.map(({ passage, sentence }) => passage.text.slice(sentence.start, sentence.end));
    expect(texts(1794, 1795)).toEqual(['Built in 1794 by Thomas Beall.', 'In May 1794 the roof burned.']);
    // A range counts in every year it spans.
    expect(texts(1799, 1800)).toEqual(['He served from 1798 to 1799.']);
    expect(texts(1795, 1796)).toEqual([]);
  });

  it('lists the sentences dated inside the interval before those begun earlier, and a repeated one once', () => {
    const repeated = [
      passage('t#0', ['In office since 1998.', 'Elected in 2021.']),
      passage('t#1', ['In office since 1998.']),
    ].map((p) => ({ ...p, docId: 't' }));
    const out = sentencesIn(repeated, Date.UTC(2020, 0, 1), Date.UTC(2030, 0, 1));
    expect(out.total).toBe(3);
    expect(out.sentences.map(({ passage, sentence }) => passage.text.slice(sentence.start, sentence.end))).toEqual(['Elected in 2021.', 'In office since 1998.']);
  });

  it('keeps the first `limit` and counts the rest', () => {
    const out = sentencesIn(corpus, Date.UTC(1790, 0, 1), Date.UTC(1800, 0, 1), 2);
    expect(out.total).toBe(4);
    expect(out.sentences).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { fuseCandidates, type Hit } from '../../src/retrieval/fusion.ts';
import type { Passage, PassageKind } from '../../src/types.ts';

let n = 0;
function passage(docId: string, text: string, kind: PassageKind = 'table-row'): Passage {
  const ordinal = n++;
  return { id: `${docId}#${ordinal}`, docId, ordinal, kind, text, start: 0, end: 0, sentences: [] };
}
const hits = (ps: Passage[]): Hit[] => ps.map((passage, rank) => ({ passage, score: 10 - rank, rank }));

describe('fuseCandidates', () => {
  it('returns nothing without candidates', () => {
    expect(fuseCandidates({ query: 'anything', lexical: [], structured: [] })).toEqual([]);
  });

  it('ranks the document whose snippets together cover the question above one that matches a single list', () => {
    const a1 = passage('A', 'Inuit household food security 2012', 'table');
    const a2 = passage('A', 'sometimes true: percentage 42.6');
    const b1 = passage('B', 'household food spending in 2012', 'table');
    const b2 = passage('B', 'food spending: percentage 3.1');
    const out = fuseCandidates({
      query: 'percentage of inuit households where food was sometimes true in 2012',
      lexical: hits([b1, a1]),
      structured: hits([b2, a2]),
    });
    expect(out[0]!.passage.docId).toBe('A');
    // Every candidate comes back once, and a document's passages stay together.
    expect(out).toHaveLength(4);
    expect(out.map((x) => x.passage.docId)).toEqual(['A', 'A', 'B', 'B']);
    expect(out[0]!.score).toBeGreaterThanOrEqual(out[1]!.score);
  });

  it('with coverage and scores off, is reciprocal rank fusion over both lists', () => {
    const p = [passage('X', 'alpha'), passage('Y', 'beta'), passage('Z', 'gamma')];
    const out = fuseCandidates({
      query: 'delta',
      lexical: hits([p[0]!, p[1]!]),
      structured: hits([p[1]!, p[2]!]),
      settings: { coverageWeight: 0, supportWeight: 0, scoreWeight: 0, rrfK: 10 },
    });
    // Y is in both lists: 1/12 + 1/11 beats X's 1/11 alone.
    expect(out.map((x) => x.passage.docId)).toEqual(['Y', 'X', 'Z']);
  });

  it('takes only the configured number of candidates from each list', () => {
    const lex = hits(Array.from({ length: 50 }, (_, i) => passage(`L${i}`, 'text')));
    const str = hits(Array.from({ length: 80 }, (_, i) => passage(`S${i}`, 'row')));
    const out = fuseCandidates({ query: 'q', lexical: lex, structured: str, settings: { lexicalTopK: 5, structuredTopK: 7 } });
    expect(out).toHaveLength(12);
  });
});

import { describe, expect, it } from 'vitest';
import { analysePassages, FIELDS, setPiecewiseTerms, type TermIndex } from '../../src/retrieval/term-index.ts';
import { PieceTerms, setTextPieces } from '../../src/retrieval/text-pieces.ts';
import type { Passage, PassageKind } from '../../src/types.ts';

setPiecewiseTerms(() => new PieceTerms());

function passage(id: string, docId: string, text: string, kind: PassageKind = 'table-row', heading?: string): Passage {
  return { id, docId, ordinal: 0, kind, text, start: 0, end: 0, sentences: [], ...(heading ? { heading, tableIndex: 0 } : {}) };
}

/** Row summaries of two tables, written as pieces the way `summaries.ts` writes them. */
function summaries(): Array<{ passage: Passage; pieces: string[] }> {
  const out: Array<{ passage: Passage; pieces: string[] }> = [];
  const rows = [['Euro', '3.2', '1,100'], ['Mexican peso', '11.2', 'none'], ['Total', '14.4', '1,100']];
  for (const doc of ['d1', 'd2']) {
    rows.forEach(([label, a, b], r) => {
      const pieces = ['Currency forwards. ', `${label}: `, 'in 2013 Buy ', `${a}, `, 'in Total Sell ', `${b}.`];
      out.push({ passage: passage(`${doc}#${r}`, doc, pieces.join(''), 'table-row', 'Currency forwards'), pieces });
    });
  }
  return out;
}

function withPieces(list: Array<{ passage: Passage; pieces: string[] }>): Passage[] {
  return list.map(({ passage: p, pieces }) => {
    const copy = { ...p };
    setTextPieces(copy, pieces);
    return copy;
  });
}

function plain(index: TermIndex) {
  return index.fields.map((f) => ({ terms: f.terms, offsets: [...f.offsets], ids: [...f.ids], counts: [...f.counts], lengths: [...f.lengths] }));
}

describe('analysePassages', () => {
  it('gives the same postings from a summary\'s pieces as from its whole text', () => {
    const list = summaries();
    const whole = analysePassages(list.map((x) => x.passage));
    expect(plain(analysePassages(withPieces(list)))).toEqual(plain(whole));
    expect(whole.passages).toBe(6);
    const text = whole.fields[FIELDS.indexOf('text')]!;
    // "total" is in every summary's header ("in Total Sell") and once more in the Total row.
    const t = text.terms.indexOf('total');
    expect([...text.ids.subarray(text.offsets[t]!, text.offsets[t + 1]!)]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...text.counts.subarray(text.offsets[t]!, text.offsets[t + 1]!)]).toEqual([1, 1, 2, 1, 1, 2]);
    // The title is its own field, tokenised once for all passages that carry it.
    const title = whole.fields[FIELDS.indexOf('title')]!;
    expect(title.terms).toEqual(['currenc', 'forward']);
    expect([...title.lengths]).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('keeps the terms of runs from one call to the next without changing what a call gives', () => {
    const list = summaries();
    const shared = new PieceTerms();
    const first = analysePassages(withPieces(list.slice(0, 3)), shared);
    const second = analysePassages(withPieces(list.slice(3)), shared);
    expect(plain(first)).toEqual(plain(analysePassages(list.slice(0, 3).map((x) => x.passage))));
    expect(plain(second)).toEqual(plain(analysePassages(list.slice(3).map((x) => x.passage))));
  });

  it('sorts terms by code unit and lists each passage once per term, ascending', () => {
    const index = analysePassages([passage('a', 'd', 'zebra apple zebra', 'text'), passage('b', 'd', 'apple Äpfel', 'text')]);
    const text = index.fields[0]!;
    expect(text.terms).toEqual([...text.terms].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const zebra = text.terms.indexOf('zebra');
    expect([...text.ids.subarray(text.offsets[zebra]!, text.offsets[zebra + 1]!)]).toEqual([0]);
    expect([...text.counts.subarray(text.offsets[zebra]!, text.offsets[zebra + 1]!)]).toEqual([2]);
    expect([...text.lengths]).toEqual([3, 2]);
  });
});

import { describe, expect, it } from 'vitest';
import { fuseCandidates, type Hit } from '../../src/retrieval/fusion.ts';
import type { Passage, PassageKind } from '../../src/types.ts';
import type { TableLabels } from '../../src/tables/labels.ts';

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

  it('reads a paragraph with its document\'s title (`titleOf`) against the rows that write it, within the document', () => {
    const title = 'Osprey council election 2025';
    const rows = ['Mariatta', 'Barry Warsaw', 'Donghee Na'].map((name) => passage('E', `${title}. ${name}: in Votes Received 23.`));
    const paragraph = passage('E', 'The council appointed Ee Durbin to administer the election.', 'text');
    const fuse = (titleOf?: (p: Passage) => string | undefined) => fuseCandidates({
      query: 'who administered the osprey council election 2025', lexical: hits([paragraph]), structured: hits(rows),
      tableLabels: (p) => (p.kind === 'table-row' ? { title, stub: ['Candidate'], rows: ['Mariatta', 'Barry Warsaw', 'Donghee Na'], columns: ['Votes Received'] } : undefined),
      ...(titleOf ? { titleOf } : {}),
    });
    expect(fuse()[0]!.passage).not.toBe(paragraph);
    expect(fuse((p) => (p.kind === 'text' ? title : undefined))[0]!.passage).toBe(paragraph);
  });

  it('takes only the configured number of candidates from each list', () => {
    const lex = hits(Array.from({ length: 50 }, (_, i) => passage(`L${i}`, 'text')));
    const str = hits(Array.from({ length: 80 }, (_, i) => passage(`S${i}`, 'row')));
    const out = fuseCandidates({ query: 'q', lexical: lex, structured: str, settings: { lexicalTopK: 5, structuredTopK: 7 } });
    expect(out).toHaveLength(12);
  });

  describe('with table labels', () => {
    // Two tables with the same words: A has them in one row and one column, B spreads them
    // over rows that never meet in one cell.
    const labels: Record<string, TableLabels> = {
      A: { title: 'Exchange rates', stub: ['currency'], rows: ['Mexican peso', 'Euro'], columns: ['2013 Buy', '2013 Sell'] },
      B: { title: 'Exchange rates', stub: ['currency'], rows: ['Mexican peso 2012', 'Euro Buy'], columns: ['2013', 'Sell'] },
    };
    const a = passage('A', 'Exchange rates. Mexican peso: in 2013 Buy 11.2, in 2013 Sell 11.9.');
    const b = passage('B', 'Exchange rates. Mexican peso 2012: in 2013 10.9, in Sell 11.0. Euro Buy: in 2013 1.3.');
    a.tableIndex = 0;
    b.tableIndex = 0;
    const tableLabels = (p: Passage) => labels[p.docId];
    const only = { coverageWeight: 0, scoreWeight: 0, rrfK: 1000, phraseWeight: 0 };

    it('credits the table where one cell fits the whole question', () => {
      const query = 'Mexican peso 2013 Buy exchange rate';
      // B leads both lists, and its snippets cover every word as well as A's do.
      const without = fuseCandidates({ query, lexical: [], structured: hits([b, a]), settings: { ...only, cellWeight: 0 } });
      expect(without[0]!.passage.docId).toBe('B');
      const withCells = fuseCandidates({ query, lexical: [], structured: hits([b, a]), tableLabels, settings: only });
      expect(withCells[0]!.passage.docId).toBe('A');
    });

    it('credits the one-cell fit for a long question too (more than 30 terms outside the title)', () => {
      const filler = Array.from({ length: 32 }, (_, i) => `zq${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`).join(' ');
      const query = `Mexican peso 2013 Buy exchange rate ${filler}`;
      const without = fuseCandidates({ query, lexical: [], structured: hits([b, a]), settings: { ...only, cellWeight: 0 } });
      expect(without[0]!.passage.docId).toBe('B');
      const withCells = fuseCandidates({ query, lexical: [], structured: hits([b, a]), tableLabels, settings: only });
      expect(withCells[0]!.passage.docId).toBe('A');
    });

    it('credits a label that keeps the question\'s wording', () => {
      const c: TableLabels = { title: 'owners of businesses', stub: [], rows: ['construction'], columns: ['immigrant-owned self-employed'] };
      const d: TableLabels = { title: 'owners of businesses', stub: [], rows: ['construction'], columns: ['self-employed immigrant-owned'] };
      const pc = passage('C', 'owners of businesses. construction: in immigrant-owned self-employed 3.');
      const pd = passage('D', 'owners of businesses. construction: in self-employed immigrant-owned 4.');
      pc.tableIndex = 0;
      pd.tableIndex = 0;
      const byDoc: Record<string, TableLabels> = { C: c, D: d };
      const query = 'construction share of self-employed immigrant-owned businesses';
      const settings = { coverageWeight: 0, scoreWeight: 0, rrfK: 1000, cellWeight: 0, phraseWeight: 1 };
      const out = fuseCandidates({ query, lexical: [], structured: hits([pc, pd]), tableLabels: (p) => byDoc[p.docId], settings });
      expect(out[0]!.passage.docId).toBe('D');
    });

    it('credits a table whose row label the question names in full', () => {
      const byDoc: Record<string, TableLabels> = {
        E: { title: 'population', stub: ['province'], rows: ['Manitoba rural areas', 'Ontario rural areas'], columns: ['2016'] },
        F: { title: 'population', stub: ['province'], rows: ['Manitoba', 'Ontario'], columns: ['2016'] },
      };
      const pe = passage('E', 'population. Manitoba rural areas: in 2016 120.');
      const pf = passage('F', 'population. Manitoba: in 2016 1278.');
      pe.tableIndex = 0;
      pf.tableIndex = 0;
      const query = 'population of Manitoba in 2016';
      const settings = { coverageWeight: 0, scoreWeight: 0, rrfK: 1000, cellWeight: 0, phraseWeight: 0, columnLabelWeight: 0 };
      const run = (rowLabelWeight: number) =>
        fuseCandidates({ query, lexical: [], structured: hits([pe, pf]), tableLabels: (p) => byDoc[p.docId], settings: { ...settings, rowLabelWeight } })[0]!.passage.docId;
      expect(run(0)).toBe('E');
      expect(run(1)).toBe('F');
    });

    it('treats a paragraph as one unit: the question must fit in it as in one cell', () => {
      const query = 'Mexican peso exchange rate';
      const whole = passage('P', 'The Mexican peso exchange rate fell.', 'text');
      const half1 = passage('Q', 'The Mexican peso is a currency.', 'text');
      const half2 = passage('Q', 'An exchange rate is a price.', 'text');
      const lists = { query, lexical: hits([half1, half2, whole]), structured: [] };
      const settings = { coverageWeight: 1, scoreWeight: 0, rrfK: 1, phraseWeight: 0 };
      // Together Q's paragraphs cover every word, as P's one does; by rank Q leads.
      expect(fuseCandidates({ ...lists, settings: { ...settings, cellWeight: 0 }, tableLabels: () => undefined })[0]!.passage.docId).toBe('Q');
      expect(fuseCandidates({ ...lists, settings, tableLabels: () => undefined })[0]!.passage.docId).toBe('P');
    });
  });

  it('keeps the terms of a derived passage by passage: the same fusion, without reading its text or cells again', () => {
    const labels: TableLabels = { title: 'Exchange rates', stub: ['currency'], rows: ['Mexican peso', 'Euro'], columns: ['2013 Buy', '2013 Sell'] };
    let reads = 0;
    // A passage whose text and cells are derived when read, as a table passage of the engine's.
    const derivedPassage = (id: number, text: string, cells: Array<[number, number]>): Passage => {
      const p = passage('T', text);
      p.tableIndex = 0;
      Object.defineProperty(p, 'text', { get: () => (reads++, text), enumerable: true });
      Object.defineProperty(p, 'cells', { get: () => (reads++, cells), enumerable: true });
      return Object.assign(p, { id: `T#d${id}` });
    };
    const rows = [
      derivedPassage(1, 'Exchange rates. Mexican peso: in 2013 Buy 11.2, in 2013 Sell 11.9.', [[1, 1], [1, 2]]),
      derivedPassage(2, 'Exchange rates. Euro: in 2013 Buy 1.3, in 2013 Sell 1.4.', [[2, 1], [2, 2]]),
      derivedPassage(3, 'Exchange rates. Columns: 2013 Buy, 2013 Sell.', []),
    ];
    const other = passage('U', 'Peso buying rates in 2013 at the border', 'text');
    const query = 'Mexican peso 2013 Buy rate';
    const input = { query, lexical: hits([rows[2]!, other]), structured: hits([rows[1]!, rows[0]!]), tableLabels: (p: Passage) => (p.docId === 'T' ? labels : undefined) };
    const plain = fuseCandidates(input);
    const readsPlain = reads;
    const first = fuseCandidates({ ...input, derived: (p) => p.docId === 'T' });
    const readsFirst = reads - readsPlain;
    const again = fuseCandidates({ ...input, derived: (p) => p.docId === 'T' });
    expect(first).toEqual(plain);
    expect(again).toEqual(plain);
    // Read once each (text and cells) the first time, never again after.
    expect(readsFirst).toBe(6);
    expect(reads - readsPlain - readsFirst).toBe(0);
    // The table passage that cites cells leads its document.
    expect(plain[0]!.passage.id).toBe('T#d1');
  });
});

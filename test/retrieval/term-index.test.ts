import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analysePassages, FIELDS, passageTextTerms, setPiecewiseTerms, type TermIndex } from '../../src/retrieval/term-index.ts';
import { PieceTerms, separableAt, setTextPieces } from '../../src/retrieval/text-pieces.ts';
import { createTextTokenizer, tokenize } from '../../src/text/tokenizer.ts';
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

/** Copies of the passages with their pieces numbered as `summarizeTable` numbers them: one list of distinct pieces per document (table). */
function withPieces(list: Array<{ passage: Passage; pieces: string[] }>): Passage[] {
  const tables = new Map<string, string[]>();
  return list.map(({ passage: p, pieces }) => {
    const copy = { ...p };
    let texts = tables.get(p.docId);
    if (!texts) tables.set(p.docId, (texts = []));
    const ids = pieces.map((piece) => {
      const n = texts!.indexOf(piece);
      return n >= 0 ? n : texts!.push(piece) - 1;
    });
    setTextPieces(copy, ids, texts);
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

  it('reads pieces as runs cut where `separableAt` allows (names before numbers, "United States", white space, empty pieces)', () => {
    const PIECES = ['Apollo ', '11', '11.2, ', 'in Total Sell ', 'in 2013 buy ', 'United ', 'States', 'states, ', 'Super Bowl ', 'XXVIII ',
      'Python ', '3.10 ', 'version ', 'v18 ', ' leading, ', 'Buy', '', '1,234.50 (percent).', 'Σ ', 'ΟΔΟΣ ', 'release ', 'Node.js ', 's ', '\u00a0x '];
    const piece = fc.oneof(fc.constantFrom(...PIECES), fc.stringMatching(/^[A-Za-z0-9.,' ]{0,8}$/));
    const tokenizer = createTextTokenizer(true);
    fc.assert(fc.property(fc.array(fc.array(piece, { minLength: 2, maxLength: 12 }), { minLength: 1, maxLength: 6 }), (lists) => {
      const list = lists.map((pieces, i) => ({ passage: passage(`d#${i}`, 'd', pieces.join('')), pieces }));
      const text = analysePassages(withPieces(list), new PieceTerms()).fields[0]!;
      list.forEach(({ pieces }, i) => {
        // The runs as `separableAt` cuts the text: a piece joins the run before it unless the two are separable.
        const runs: string[] = [];
        for (const p of pieces.filter(Boolean)) {
          if (runs.length && !separableAt(runs.at(-1)!, p)) runs[runs.length - 1] += p;
          else runs.push(p);
        }
        const expected = new Map<string, number>();
        for (const term of runs.flatMap((run) => tokenizer.tokenize(run) as string[])) expected.set(term, (expected.get(term) ?? 0) + 1);
        const got = new Map<string, number>();
        text.terms.forEach((term, t) => {
          for (let k = text.offsets[t]!; k < text.offsets[t + 1]!; k++) if (text.ids[k] === i) got.set(term, text.counts[k]!);
        });
        expect(got).toEqual(expected);
        expect(text.lengths[i]).toBe([...expected.values()].reduce((a, b) => a + b, 0));
      });
    }), { numRuns: 300 });
  });

  it('keeps the terms of runs from one call to the next without changing what a call gives', () => {
    const list = summaries();
    const shared = new PieceTerms();
    const first = analysePassages(withPieces(list.slice(0, 3)), shared);
    const second = analysePassages(withPieces(list.slice(3)), shared);
    expect(plain(first)).toEqual(plain(analysePassages(list.slice(0, 3).map((x) => x.passage))));
    expect(plain(second)).toEqual(plain(analysePassages(list.slice(3).map((x) => x.passage))));
  });

  it('reads the distinct terms of chosen passages off the postings, as tokenize writes them', () => {
    const texts = ['Crime severity index, by census metropolitan area, 2017. Columns: violent crime severity index.', 'zebra apple zebra 3.70', 'Gross domestic product 1,234.50'];
    const index = analysePassages(texts.map((t, i) => passage(`p${i}`, 'd', t, 'table', 'Title')));
    const terms = passageTextTerms(index, (i) => i !== 1);
    expect([...terms.keys()]).toEqual([0, 2]);
    for (const [i, got] of terms) expect([...got].sort()).toEqual([...tokenize(texts[i]!)].sort());
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

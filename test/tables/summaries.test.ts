import { describe, expect, it } from 'vitest';
import { flattenTable, readGrid, readHtmlTable, summarizeTable } from '../../src/tables/index.ts';
import { summaryWriter } from '../../src/tables/summaries.ts';
import { CURRENCY_HTML, tableElement } from './helpers.ts';
import { PieceTerms, setTextPieces } from '../../src/retrieval/text-pieces.ts';
import { analysePassages } from '../../src/retrieval/term-index.ts';
import type { Passage } from '../../src/types.ts';

describe('summarizeTable', () => {
  const table = readHtmlTable(tableElement(CURRENCY_HTML)).table;

  it('writes one table-level, one per data row and one per data column summary', () => {
    const s = summarizeTable(table);
    expect(s.map((x) => x.kind)).toEqual(['table', 'table-row', 'table-row', 'table-row', 'table-column', 'table-column', 'table-column', 'table-column']);
    expect(s[0]!.text).toBe(
      'Foreign currency forward contracts. Columns: 2013 Buy; 2013 Sell; 2012 Buy; 2012 Sell. Rows by Currency: Euro; Mexican peso; Total.',
    );
  });

  it('writes each value with its full top header path (H-RCL)', () => {
    const row = summarizeTable(table, { title: 'Hedging' }).find((x) => x.kind === 'table-row' && x.text.includes('Mexican'))!;
    expect(row.text).toBe(
      'Hedging: Foreign currency forward contracts. Mexican peso: in 2013 Buy 11.2, in 2013 Sell none, in 2012 Buy 10.9, in 2012 Sell 0.4.',
    );
    expect(row.cells).toEqual([[3, 0], [3, 1], [3, 2], [3, 3], [3, 4]]);
    const col = summarizeTable(table).find((x) => x.kind === 'table-column')!;
    expect(col.text).toBe('Foreign currency forward contracts. 2013 Buy: Euro 3.2, Mexican peso 11.2, Total 14.4.');
  });

  it('keeps only the last header level in the RCL style', () => {
    const row = summarizeTable(table, { style: 'rcl' }).find((x) => x.kind === 'table-row' && x.text.includes('Mexican'))!;
    expect(row.text).toBe('Foreign currency forward contracts. Mexican peso: in Buy 11.2, in Sell none, in Buy 10.9, in Sell 0.4.');
  });

  it('carries units and group labels', () => {
    const t = readGrid([
      ['', 'men', 'women'],
      ['', 'percent', ''],
      ['employed', '', ''],
      ['full time', '61.2', '48.0'],
    ]).table;
    const rows = summarizeTable(t).filter((x) => x.kind === 'table-row');
    expect(rows.map((x) => x.text)).toEqual(['employed, full time: in men 61.2, in women 48.0 (percent).']);
  });

  it('caps the size of a summary of a very wide table', () => {
    const wide = readGrid([
      ['item', ...Array.from({ length: 400 }, (_, i) => `column number ${i}`)],
      ['value', ...Array.from({ length: 400 }, (_, i) => String(i * 1.5))],
    ]).table;
    const s = summarizeTable(wide);
    for (const x of s) expect(x.text.length).toBeLessThanOrEqual(1202);
    expect(s.find((x) => x.kind === 'table-row')!.text.endsWith('…')).toBe(true);
  });

  it('writes any one summary on its own as the whole table\'s (a passage derives its own when read)', () => {
    for (const style of ['h-rcl', 'rcl'] as const) {
      // The same summaries; only the whole table's carry their pieces, numbered for the indexes.
      const all = summarizeTable(table, { title: 'Hedging', style }).map(({ pieces: _, ...s }) => s);
      // A fresh writer per summary, rows and columns in reverse: nothing depends on what was written before.
      const one = all.map((x) => {
        const w = summaryWriter(table, { title: 'Hedging', style });
        return x.kind === 'table' ? w.table() : x.kind === 'table-row' ? w.row(x.at) : w.column(x.at);
      });
      expect(one).toEqual(all);
      const w = summaryWriter(table, { title: 'Hedging', style });
      expect([...w.columns].reverse().map((c) => w.column(c))).toEqual(all.filter((x) => x.kind === 'table-column').reverse());
    }
  });

  it('returns nothing for an empty table', () => {
    expect(summarizeTable({ rows: 0, cols: 0, cells: [], start: 0, end: 0 })).toEqual([]);
  });
});

describe('flattenTable', () => {
  it('writes the grid row by row with the caption first', () => {
    expect(flattenTable(table())).toBe(
      'Foreign currency forward contracts\nCurrency | 2013 | 2012\nBuy | Sell | Buy | Sell\nEuro | 3.2 | 1.1 | 2.9 | 0.8\nMexican peso | 11.2 | none | 10.9 | 0.4\nTotal | 14.4 | 1.1 | 13.8 | 1.2',
    );
  });

  it('writes each summary as numbered pieces of its table that make its text and give its terms', () => {
    const lower = readHtmlTable(tableElement(CURRENCY_HTML.toLowerCase())).table;
    for (const t of [table(), lower]) {
      const summaries = summarizeTable(t, { title: 'Hedging' }).filter((s) => s.kind !== 'table');
      const texts = summaries[0]!.pieces!.texts;
      // One list of distinct pieces for the table, a header path numbered once for all its summaries.
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts.filter((x) => x.startsWith('in 2013 ')).length).toBe(2);
      const passages: Passage[] = [];
      const withPieces: Passage[] = [];
      summaries.forEach((s, i) => {
        expect(s.pieces!.texts).toBe(texts);
        expect(s.pieces!.ids.map((n) => texts[n]).join('')).toBe(s.text);
        const passage: Passage = { id: `x${i}`, docId: 'd', ordinal: i, kind: s.kind, text: s.text, start: 0, end: 0, sentences: [] };
        passages.push(passage);
        const copy = { ...passage };
        setTextPieces(copy, s.pieces!.ids, s.pieces!.texts);
        withPieces.push(copy);
      });
      expect(analysePassages(withPieces, new PieceTerms())).toEqual(analysePassages(passages));
    }
  });

  it('cuts the pieces of a long summary where its text is cut', () => {
    const rows = Array.from({ length: 300 }, (_, i) => [`region ${i}`, String(1000 + i)]);
    const long = readGrid([['region', 'count'], ...rows]).table;
    const column = summarizeTable(long).find((s) => s.kind === 'table-column')!;
    expect(column.text.endsWith(' …')).toBe(true);
    expect(column.pieces!.ids.map((n) => column.pieces!.texts[n]).join('')).toBe(column.text);
    expect(column.pieces!.texts[column.pieces!.ids.at(-1)!]!.endsWith(' …')).toBe(true);
  });
});

function table() {
  return readHtmlTable(tableElement(CURRENCY_HTML)).table;
}

describe('summarizeTable pieces', () => {
  it('numbers each distinct piece once, in the order first written, whether its value is written by a row or a column', () => {
    // Mixed units (each value carries its own), a shared unit, values repeated across cells, an empty cell.
    const t = readGrid([
      ['', 'sales ($)', 'share (%)', 'count'],
      ['north', '12', '12', '3'],
      ['south', '12', '', '3'],
      ['total', '24', '100', '6'],
    ]).table;
    for (const style of ['h-rcl', 'rcl'] as const) {
      const summaries = summarizeTable(t, { title: 'Regions', style }).filter((s) => s.kind !== 'table');
      const texts = summaries[0]!.pieces!.texts;
      expect(new Set(texts).size).toBe(texts.length);
      let next = 0;
      for (const s of summaries) {
        expect(s.pieces!.ids.map((n) => texts[n]).join('')).toBe(s.text);
        for (const n of s.pieces!.ids) {
          expect(n).toBeLessThanOrEqual(next);
          if (n === next) next++;
        }
      }
      expect(next).toBe(texts.length);
      // The texts are those of a writer that numbers nothing.
      const w = summaryWriter(t, { title: 'Regions', style });
      expect(summaries.map((s) => (s.kind === 'table-row' ? w.row(s.at) : w.column(s.at))!.text)).toEqual(summaries.map((s) => s.text));
      expect(summaries.find((s) => s.kind === 'table-row' && s.at === 1)!.text).toBe('Regions. north: in sales ($) 12 ($), in share (%) 12 (%), in count 3.');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { citeCell, matchedCells, readHtmlTable, summarizeTable } from '../../src/tables/index.ts';
import { CURRENCY_HTML, tableElement } from './helpers.ts';

const table = readHtmlTable(tableElement(CURRENCY_HTML)).table;
const summaries = summarizeTable(table);
const row = summaries.find((s) => s.kind === 'table-row' && s.text.includes('Mexican peso'))!;
const column = summaries.find((s) => s.kind === 'table-column' && s.text.includes('2013 Buy'))!;

describe('matchedCells', () => {
  it('singles out the cell of a row whose column path the question names, with its paths', () => {
    const [cell, ...rest] = matchedCells(table, row.cells, 'Mexican peso 2013 buy');
    expect(rest).toEqual([]);
    expect(cell).toMatchObject({ text: '11.2', columnPath: ['2013', 'Buy'] });
    expect(cell!.rowPath).toEqual(['Mexican peso']);
    expect(row.cells).toContainEqual(cell!.cell);
  });

  it('singles out the row of a column summary that the question names', () => {
    const cells = matchedCells(table, column.cells, 'How much Mexican peso was bought in 2013?');
    expect(cells.map((c) => c.text)).toEqual(['11.2']);
  });

  it('singles out a cell by the value the question quotes', () => {
    const cells = matchedCells(table, column.cells, 'Which currency was bought for 11.20 in 2013?');
    expect(cells.map((c) => c.text)).toEqual(['11.2']);
  });

  it('gives nothing when no cell stands out or the question names no header', () => {
    expect(matchedCells(table, row.cells, 'Mexican peso')).toEqual([]);
    expect(matchedCells(table, row.cells, 'photosynthesis')).toEqual([]);
    expect(matchedCells(table, [], 'Mexican peso 2013 buy')).toEqual([]);
  });

  it('cites a cell with its paths, and says when it is empty', () => {
    expect(citeCell({ cell: [3, 1], text: '11.2', rowPath: ['Americas', 'Mexican peso'], columnPath: ['2013', 'Buy'] })).toBe('Americas › Mexican peso · 2013 › Buy: 11.2');
    expect(citeCell({ cell: [1, 1], text: '', rowPath: [], columnPath: ['Total'] })).toBe('Total: (empty)');
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_ROWS, shownRows, tableMarks } from '../../demo/table-view.ts';
import type { Table, TableCell } from '../../src/types.ts';

const cell = (row: number, col: number, text: string, header = false, rowSpan = 1, colSpan = 1): TableCell => ({ row, col, rowSpan, colSpan, text, header });

// Currency | 2013 (Buy, Sell) over two header rows; row headers in column 0.
const table: Table = {
  rows: 4,
  cols: 3,
  headerRows: 2,
  headerCols: 1,
  start: 0,
  end: 0,
  cells: [
    cell(0, 0, 'Currency', true, 2, 1), cell(0, 1, '2013', true, 1, 2),
    cell(1, 1, 'Buy', true), cell(1, 2, 'Sell', true),
    cell(2, 0, 'Mexican peso', true), cell(2, 1, '11.2'), cell(2, 2, '9.8'),
    cell(3, 0, 'Euro', true), cell(3, 1, '42.0'), cell(3, 2, '40.1'),
  ],
};
const texts = (cells: Set<TableCell>): string[] => [...cells].map((c) => c.text).sort();

describe('tableMarks', () => {
  it('marks a cell and the header path that gives it its meaning', () => {
    const marks = tableMarks(table, [[2, 1]]);
    expect(texts(marks.hit)).toEqual(['11.2']);
    expect(texts(marks.headers)).toEqual(['2013', 'Buy', 'Mexican peso']);
  });

  it('finds a merged header from any position it covers', () => {
    const marks = tableMarks(table, [[3, 2]]);
    expect(texts(marks.headers)).toEqual(['2013', 'Euro', 'Sell']);
  });

  it('does not mark a hit cell as its own header, and ignores positions outside the grid', () => {
    const marks = tableMarks(table, [[2, 0], [2, 1], [2, 2], [9, 9]]);
    expect(texts(marks.hit)).toEqual(['11.2', '9.8', 'Mexican peso']);
    expect(texts(marks.headers)).toEqual(['2013', 'Buy', 'Currency', 'Sell']);
  });

  it('marks the cells the question points at, and only their headers', () => {
    const marks = tableMarks(table, [[2, 0], [2, 1], [2, 2]], [[2, 1], [7, 7]]);
    expect(texts(marks.hit)).toEqual(['11.2', '9.8', 'Mexican peso']);
    expect(texts(marks.matched)).toEqual(['11.2']);
    expect(texts(marks.headers)).toEqual(['2013', 'Buy', 'Mexican peso']);
  });
});

describe('shownRows', () => {
  const tall = (rows: number): Table => ({ rows, cols: 2, headerRows: 1, headerCols: 1, start: 0, end: 0, cells: [] });

  it('shows every row of a table that fits', () => {
    expect(shownRows(table, [[3, 1]])).toEqual({ from: 2, to: 4 });
    expect(shownRows(tall(MAX_SHOWN_ROWS + 1))).toEqual({ from: 1, to: MAX_SHOWN_ROWS + 1 });
  });

  it('shows a tall table’s rows around the cell the question points at, else the passage’s first', () => {
    expect(shownRows(tall(3801), [[2000, 1]], [[1044, 1]])).toEqual({ from: 1039, to: 1039 + MAX_SHOWN_ROWS });
    expect(shownRows(tall(3801), [[2000, 1]])).toEqual({ from: 1995, to: 1995 + MAX_SHOWN_ROWS });
    // Near an end, the window stays whole and inside the table.
    expect(shownRows(tall(3801), [[3, 1]])).toEqual({ from: 1, to: 1 + MAX_SHOWN_ROWS });
    expect(shownRows(tall(3801), [[3800, 1]])).toEqual({ from: 3801 - MAX_SHOWN_ROWS, to: 3801 });
    expect(shownRows(tall(3801))).toEqual({ from: 1, to: 1 + MAX_SHOWN_ROWS });
  });
});

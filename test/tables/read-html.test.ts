import { describe, expect, it } from 'vitest';
import { readHtmlTable } from '../../src/tables/index.ts';
import { CURRENCY_HTML, tableElement } from './helpers.ts';

describe('readHtmlTable', () => {
  it('lays out a two-level column header with colspan and a rowspan stub', () => {
    const { table, warnings } = readHtmlTable(tableElement(CURRENCY_HTML));
    expect(warnings).toEqual([]);
    expect(table.caption).toBe('Foreign currency forward contracts');
    expect(table.rows).toBe(5);
    expect(table.cols).toBe(5);
    expect(table.headerRows).toBe(2);
    expect(table.headerCols).toBe(1);
    const at = (r: number, c: number) => table.cells.find((x) => x.row === r && x.col === c);
    expect(at(0, 0)).toMatchObject({ text: 'Currency', rowSpan: 2, colSpan: 1, header: true });
    expect(at(0, 1)).toMatchObject({ text: '2013', colSpan: 2 });
    expect(at(0, 3)).toMatchObject({ text: '2012', colSpan: 2 });
    expect(at(1, 1)).toMatchObject({ text: 'Buy' });
    expect(at(1, 0)).toBeUndefined();
    // Nested markup inside a cell reads as its text.
    expect(at(3, 0)).toMatchObject({ text: 'Mexican peso', header: true });
    expect(at(3, 1)).toMatchObject({ text: '11.2', header: false });
    expect(table.start).toBe(0);
    expect(table.end).toBe(0);
  });

  it('carries a row-header rowspan down its rows', () => {
    const html = `<table><tr><th>Region</th><th>Province</th><th>Population</th></tr>
      <tr><th rowspan="2">West</th><th>Alberta</th><td>4.4</td></tr>
      <tr><th>Manitoba</th><td>1.4</td></tr>
      <tr><th>East</th><th>Quebec</th><td>8.6</td></tr></table>`;
    const { table } = readHtmlTable(tableElement(html));
    expect(table.rows).toBe(4);
    expect(table.cols).toBe(3);
    expect(table.cells.find((c) => c.text === 'West')).toMatchObject({ row: 1, col: 0, rowSpan: 2 });
    expect(table.cells.find((c) => c.text === 'Manitoba')).toMatchObject({ row: 2, col: 1 });
    expect(table.headerCols).toBe(2);
  });

  it('puts thead first and tfoot last, and does not read a nested table as rows', () => {
    const html = `<table><tfoot><tr><td>foot</td><td>9</td></tr></tfoot>
      <tbody><tr><td>body</td><td><table><tr><td>inner</td><td>cell</td></tr></table></td></tr></tbody>
      <thead><tr><th>name</th><th>value</th></tr></thead></table>`;
    const { table } = readHtmlTable(tableElement(html));
    expect(table.rows).toBe(3);
    expect(table.cells.map((c) => c.text)).toEqual(['name', 'value', 'body', 'inner cell', 'foot', '9']);
  });

  it('clamps hostile spans with a warning instead of allocating them', () => {
    const html = `<table><tr><td rowspan="100000" colspan="100000">x</td><td>y</td></tr><tr><td>z</td></tr></table>`;
    const { table, warnings } = readHtmlTable(tableElement(html), { maxSpan: 50 });
    expect(warnings.some((w) => /span/.test(w))).toBe(true);
    expect(table.rows).toBe(2);
    expect(table.cols).toBeLessThanOrEqual(51);
    expect(table.cells.length).toBeLessThan(200);
    expect(table.cells[0]).toMatchObject({ text: 'x', rowSpan: 2, colSpan: 50 });
  });

  it('cuts a table to the row and column limits with a warning', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `<tr>${Array.from({ length: 30 }, (_, j) => `<td>${i * j}</td>`).join('')}</tr>`).join('');
    const { table, warnings } = readHtmlTable(tableElement(`<table>${rows}</table>`), { maxRows: 10, maxCols: 5 });
    expect(table.rows).toBe(10);
    expect(table.cols).toBe(5);
    expect(warnings.join(' ')).toMatch(/10 rows/);
    expect(warnings.join(' ')).toMatch(/5 columns/);
  });

  it('pads ragged rows and reports an empty table', () => {
    const ragged = readHtmlTable(tableElement('<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>d</td></tr></table>')).table;
    expect(ragged.cols).toBe(3);
    expect(ragged.cells.filter((c) => c.row === 1)).toHaveLength(3);
    const empty = readHtmlTable(tableElement('<table></table>'));
    expect(empty.table).toMatchObject({ rows: 0, cols: 0, cells: [] });
    expect(empty.warnings).toContain('empty table skipped');
  });
});

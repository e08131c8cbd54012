import { describe, expect, it } from 'vitest';
import { detectHeaders, readGrid, readHtmlTable, readMarkdownTable } from '../../src/tables/index.ts';
import { CURRENCY_HTML, tableElement } from './helpers.ts';

describe('detectHeaders', () => {
  it('gives full top header paths through a merged parent cell', () => {
    const s = detectHeaders(readHtmlTable(tableElement(CURRENCY_HTML)).table);
    expect(s.headerRows).toEqual([0, 1]);
    expect(s.headerCols).toBe(1);
    expect(s.columnPaths).toEqual([['Currency'], ['2013', 'Buy'], ['2013', 'Sell'], ['2012', 'Buy'], ['2012', 'Sell']]);
    expect(s.dataRows).toEqual([2, 3, 4]);
    expect(s.rowPaths[3]).toEqual(['Mexican peso']);
  });

  it('reads a unit row as the columns\' unit, not a header level, and row groups as path prefixes', () => {
    const html = `<table><thead>
      <tr><th rowspan="3"></th><th rowspan="2">total</th><th colspan="2">birth cohort</th></tr>
      <tr><th>1940 to 1959</th><th>1960 to 1979</th></tr>
      <tr><th colspan="3">percent</th></tr></thead><tbody>
      <tr><th scope="row">childhood sexual abuse</th><td colspan="3"></td></tr>
      <tr><th scope="row">no childhood sexual abuse</th><td>15.0</td><td>16.1</td><td>17.7</td></tr>
      <tr><th scope="row">any childhood sexual abuse</th><td>46.4</td><td>43.6</td><td>47.9</td></tr>
      <tr><th scope="row">witnessed parental violence</th><td colspan="3"></td></tr>
      <tr><th scope="row">never</th><td>13.3</td><td>14.3</td><td>15.8</td></tr></tbody></table>`;
    const s = detectHeaders(readHtmlTable(tableElement(html)).table);
    expect(s.headerRows).toEqual([0, 1, 2]);
    expect(s.unitRows).toEqual([2]);
    expect(s.units).toEqual([undefined, 'percent', 'percent', 'percent']);
    expect(s.columnPaths[2]).toEqual(['birth cohort', '1940 to 1959']);
    expect(s.columnPaths[1]).toEqual(['total']);
    expect(s.groupRows).toEqual([3, 6]);
    expect(s.dataRows).toEqual([4, 5, 7]);
    expect(s.rowPaths[5]).toEqual(['childhood sexual abuse', 'any childhood sexual abuse']);
    expect(s.rowPaths[7]).toEqual(['witnessed parental violence', 'never']);
  });

  it('nests consecutive group rows and replaces as many levels as a new run has', () => {
    const grid = [
      ['', 'immigrant', 'all'],
      ['black children', '', ''],
      ['low income before taxes', '', ''],
      ['2000', '46.1', '43.4'],
      ['low income after taxes', '', ''],
      ['2000', '30.1', '28.8'],
      ['other children', '', ''],
      ['low income before taxes', '', ''],
      ['2000', '20.5', '17.0'],
    ];
    const s = detectHeaders(readGrid(grid).table);
    expect(s.rowPaths[3]).toEqual(['black children', 'low income before taxes', '2000']);
    expect(s.rowPaths[5]).toEqual(['black children', 'low income after taxes', '2000']);
    expect(s.rowPaths[8]).toEqual(['other children', 'low income before taxes', '2000']);
  });

  it('finds headers by layout when there is no markup', () => {
    const grid = [
      ['(in millions)', '2019', '2018'],
      ['Revenue', '$ 1,200.5', '$ 1,100.0'],
      ['Cost of sales', '(300.2)', '(280.9)'],
    ];
    const s = detectHeaders(readGrid(grid).table);
    expect(s.headerRows).toEqual([0]);
    expect(s.headerCols).toBe(1);
    expect(s.columnPaths.slice(1)).toEqual([['2019'], ['2018']]);
    expect(s.units.slice(1)).toEqual(['millions', 'millions']);
    expect(s.rowPaths[2]).toEqual(['Cost of sales']);
  });

  it('reads "Year", "Mean" and "Median" as column labels, not units', () => {
    const stats = detectHeaders(readMarkdownTable(['| Year | Mean | Median |', '|---|---|---|', '| 2018 | 3.4 | 3.0 |', '| 2019 | 3.6 | 3.1 |'])!);
    expect(stats.unitRows).toEqual([]);
    expect(stats.columnPaths).toEqual([['Year'], ['Mean'], ['Median']]);
    expect(stats.units).toEqual([undefined, undefined, undefined]);
    // A corner cell "Year" heads the row labels; it is no unit of the columns.
    const sales = detectHeaders(readGrid([['Year', 'Revenue', 'Cost'], ['2018', '3.4', '3.0'], ['2019', '3.6', '3.1']]).table);
    expect(sales.units).toEqual([undefined, undefined, undefined]);
    // A real unit row still gives the columns' unit.
    const rates = detectHeaders(readGrid([['', 'men', 'women'], ['', 'percent', 'percent'], ['employed', '61.2', '55.0']]).table);
    expect(rates.unitRows).toEqual([1]);
    expect(rates.units).toEqual([undefined, 'percent', 'percent']);
  });

  it('reads a year header row whose digits a PDF extraction spaced out ("2 0 1 8")', () => {
    const s = detectHeaders(readGrid([['', 'December 31', ''], ['', '2019', '2 0 1 8'], ['', 'U.S. $ in thousands', ''], ['Revenue', '1,200', '1,100'], ['Cost', '300', '250']]).table);
    expect(s.headerRows).toEqual([0, 1, 2]);
    expect(s.dataRows).toEqual([3, 4]);
    expect(s.columnPaths[2]).toEqual(['December 31', '2018']);
    expect(s.rowPaths[3]).toEqual(['Revenue']);
  });
});

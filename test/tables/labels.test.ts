import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { findOne } from 'domutils';
import { readHtmlTable, tableLabels } from '../../src/tables/index.ts';

function table(html: string) {
  const el = findOne((e) => e.name === 'table', parseDocument(html).children)!;
  return readHtmlTable(el).table;
}

describe('tableLabels', () => {
  it('gives the title, the row-label headers and full header paths of data rows and columns', () => {
    const t = table(`<table><caption>Exchange rates</caption>
      <thead><tr><th rowspan="2">currency</th><th colspan="2">2013</th><th>2012</th></tr>
      <tr><th>Buy</th><th>Sell</th><th>Buy</th></tr></thead>
      <tbody><tr><th colspan="4">Americas</th></tr>
      <tr><th>Mexican peso</th><td>11.2</td><td>11.9</td><td>10.9</td></tr>
      <tr><th>US dollar</th><td>1.0</td><td>1.1</td><td>1.0</td></tr></tbody></table>`);
    expect(tableLabels(t)).toEqual({
      title: 'Exchange rates',
      stub: ['currency'],
      rows: ['Americas Mexican peso', 'Americas US dollar'],
      columns: ['2013 Buy', '2013 Sell', '2012 Buy'],
    });
  });

  it('takes the title it is given over the caption, and is empty for an empty table', () => {
    const t = table('<table><caption>x</caption><tr><th>a</th><th>b</th></tr><tr><td>r</td><td>1</td></tr></table>');
    expect(tableLabels(t, { title: 'Report 2020' }).title).toBe('Report 2020');
    expect(tableLabels({ rows: 0, cols: 0, cells: [], start: 0, end: 0 })).toEqual({ title: '', stub: [], rows: [], columns: [] });
  });
});

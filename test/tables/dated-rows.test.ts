import { describe, expect, it } from 'vitest';
import { datedColumns, rowIntervals } from '../../src/tables/dated-rows.ts';
import { failsNamedFlag, namedDate } from '../../src/temporal/intervals.ts';
import { contentTerms } from '../../src/temporal/lexical-similarity.ts';
import { readHtmlTable } from '../../src/tables/index.ts';
import { CURRENCY_HTML, tableElement } from './helpers.ts';

const ref = new Date(Date.UTC(2026, 0, 1));
const iso = (t?: number) => (t === undefined ? '…' : new Date(t).toISOString().slice(0, 10));
const table = (html: string) => readHtmlTable(tableElement(html)).table;
const CHANCELLORS = `<table><thead><tr><th>Chancellor</th><th>Party</th><th>Took office</th><th>Left office</th></tr></thead><tbody>
<tr><td>Gerhard Schröder</td><td>SPD</td><td>27 October 1998</td><td>22 November 2005</td></tr>
<tr><td>Angela Merkel</td><td>CDU</td><td>22 November 2005</td><td>8 December 2021</td></tr>
<tr><td>Friedrich Merz</td><td>CDU</td><td>6 May 2025</td><td>in office</td></tr></tbody></table>`;

describe('dated table rows', () => {
  it('finds the start and end columns by their header words and values', () => {
    const cols = datedColumns(table(CHANCELLORS))!;
    expect(cols.roles.map((r) => `${r.name}:${r.role}`)).toEqual(['Took office:start', 'Left office:end']);
  });

  it('reports a column of dates without a start or end name only beside a column that dates the rows', () => {
    const ended = `<table><tr><th>Name</th><th>Date</th><th>End of life</th></tr>
<tr><td>a</td><td>2019-01-02</td><td>2021-03-04</td></tr><tr><td>b</td><td>2020-05-06</td><td>2022-07-08</td></tr></table>`;
    const cols = datedColumns(table(ended))!;
    expect(cols.roles.map((r) => `${r.name}:${r.role}`)).toEqual(['End of life:end']);
    expect(cols.points).toEqual([1]);
    // The same dates, but the end column holds none: no column dates the rows, so none is reported.
    const figures = ended.replace('2021-03-04', '12').replace('2022-07-08', '14');
    expect(datedColumns(table(figures))).toBeUndefined();
    expect(rowIntervals(table(figures), { referenceDate: ref }).size).toBe(0);
  });

  it('gives each row its term, an "in office" end open to the present', () => {
    const rows = rowIntervals(table(CHANCELLORS), { referenceDate: ref });
    expect([...rows.values()].map((iv) => `${iso(iv.start)} ${iso(iv.end)} ${iv.endKind}`)).toEqual([
      '1998-10-27 2005-11-22 explicit', '2005-11-22 2021-12-08 explicit', '2025-05-06 … present',
    ]);
  });

  it('keeps the date of every named column, so a question can name a milestone no start or end column holds', () => {
    const releases = `<table><tr><th>releaseCycle</th><th>releaseDate</th><th>lts</th><th>eol</th></tr>
<tr><td>17</td><td>2021-10-19</td><td>false</td><td>2022-06-01</td></tr>
<tr><td>16</td><td>2021-04-20</td><td>2021-10-26</td><td>2023-09-11</td></tr></table>`;
    const rows = [...rowIntervals(table(releases), { referenceDate: ref }).values()];
    expect(rows.map((iv) => iv.dates!.map((d) => d.name).join(' '))).toEqual(['releaseDate eol', 'releaseDate lts eol']);
    const lts = namedDate(rows[1]!, new Set(contentTerms('the newest Node.js LTS line in June 2022')), contentTerms);
    expect(lts && iso(lts.start)).toBe('2021-10-26');
    expect(namedDate(rows[0]!, new Set(contentTerms('the newest Node.js LTS line in June 2022')), contentTerms)).toBeUndefined();
  });

  it('reads a yes / no column as a flag the question can name ("LTS"): empty or "false" fails it, "true" or a date holds it', () => {
    const django = `<table><tr><th>releaseCycle</th><th>lts</th><th>releaseDate</th><th>eol</th></tr>
<tr><td>3.0</td><td></td><td>2019-12-02</td><td>2021-04-06</td></tr>
<tr><td>2.2</td><td>true</td><td>2019-04-01</td><td>2022-04-11</td></tr></table>`;
    const [v30, v22] = [...rowIntervals(table(django), { referenceDate: ref }).values()];
    const lts = new Set(contentTerms('Which Django LTS version was still supported in July 2020?'));
    expect(failsNamedFlag(v30!, lts, contentTerms)).toBe(true);
    expect(failsNamedFlag(v22!, lts, contentTerms)).toBe(false);
    // A question that does not name the flag is not filtered by it.
    expect(failsNamedFlag(v30!, new Set(contentTerms('Which Django version was supported in July 2020?')), contentTerms)).toBe(false);
    const node = `<table><tr><th>releaseCycle</th><th>releaseDate</th><th>lts</th><th>eol</th></tr>
<tr><td>17</td><td>2021-10-19</td><td>false</td><td>2022-06-01</td></tr>
<tr><td>16</td><td>2021-04-20</td><td>2021-10-26</td><td>2023-09-11</td></tr></table>`;
    expect([...rowIntervals(table(node), { referenceDate: ref }).values()].map((iv) => failsNamedFlag(iv, lts, contentTerms))).toEqual([true, false]);
  });

  it('leaves years as column headers, and a column of years alone, to the fusion', () => {
    expect(datedColumns(table(CURRENCY_HTML))).toBeUndefined();
    const series = '<table><tr><th>Year</th><th>Host</th><th>Winner</th></tr><tr><td>1998</td><td>France</td><td>France</td></tr><tr><td>2002</td><td>Japan</td><td>Brazil</td></tr></table>';
    expect(datedColumns(table(series))).toBeUndefined();
  });
});

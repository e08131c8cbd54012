import { describe, expect, it } from 'vitest';
import { changeOfYears, extremeOfSpans, spanOfSeries, type SeriesHelpers } from '../../src/answer/series-year.ts';
import { calculate, formatNumber, readNumber } from '../../src/answer/index.ts';
import { detectHeaders } from '../../src/tables/headers.ts';
import { readGrid as gridOf } from '../../src/tables/read-grid.ts';

/** A grid read as a table, and its structure. */
function readGrid(rows: string[][]) {
  const { table } = gridOf(rows);
  return { table, structure: detectHeaders(table) };
}

const h: SeriesHelpers = { calculate, formatNumber, readNumber };
const year = (y: number) => ({ start: Date.UTC(y, 0, 1), end: Date.UTC(y + 1, 0, 1) });

/** A monthly price index and its month-on-month percent change, as a CPI file writes them. */
function cpi() {
  const rows: string[][] = [['Date', 'Index', 'Inflation']];
  let index = 100;
  for (let y = 2007; y <= 2008; y++) {
    for (let m = 1; m <= 12; m++) {
      const next = Math.round(index * (1 + (y === 2007 ? 0.002 : 0.004)) * 1000) / 1000;
      const change = rows.length > 1 ? (Math.round((next / index - 1) * 10000) / 100).toFixed(2) : '';
      rows.push([`${y}-${String(m).padStart(2, '0')}-01`, String(next), change]);
      index = next;
    }
  }
  const { table, structure } = readGrid(rows);
  return { table, paths: structure.columnPaths, rows };
}

describe('spanOfSeries', () => {
  it('reads a level\'s year as the mean of its months, each month cited', () => {
    const { table, paths, rows } = cpi();
    const found = spanOfSeries(table, paths, 13, 1, year(2008), h)!;
    const months = rows.slice(13, 25).map((r) => Number(r[1]));
    expect(found.kind).toBe('computed');
    expect(found.value).toBeCloseTo(months.reduce((a, b) => a + b) / 12, 2);
    expect(found.cells).toHaveLength(12);
    expect(found.cells[0]).toMatchObject({ rowPath: ['2008-01-01'], columnPath: ['Index'] });
    expect(found.calculation!.expression).toMatch(/^\(.+\) \/ 12$/);
  });

  it('reads a column of changes as the change of its level\'s mean from the year before, not a mean of monthly changes', () => {
    const { table, paths, rows } = cpi();
    const found = spanOfSeries(table, paths, 13, 2, year(2008), h)!;
    const mean = (from: number) => rows.slice(from, from + 12).reduce((a, r) => a + Number(r[1]), 0) / 12;
    expect(found.value).toBeCloseTo((mean(13) / mean(1) - 1) * 100, 2);
    // Both years' levels are its operands.
    expect(found.cells).toHaveLength(24);
    expect(found.cells.every((c) => c.columnPath[0] === 'Index')).toBe(true);
  });

  it('answers nothing where one row stands for the span (an annual file dated at mid-year) or the table is no series', () => {
    const annual = readGrid([['Date', 'Price'], ['2019-06', '1392.6'], ['2020-06', '1770.0']]);
    expect(spanOfSeries(annual.table, annual.structure.columnPaths, 2, 1, year(2020), h)).toBeUndefined();
    const plain = readGrid([['Year', 'Price'], ['2019', '1392.6'], ['2020', '1770.0']]);
    expect(spanOfSeries(plain.table, plain.structure.columnPaths, 2, 1, year(2020), h)).toBeUndefined();
  });

  it('keeps to the answer\'s series where a file lists two by month', () => {
    const two = readGrid([
      ['Source', 'Month', 'Mean'],
      ['gcag', '2020-01', '1.0'], ['GISTEMP', '2020-01', '2.0'],
      ['gcag', '2020-02', '3.0'], ['GISTEMP', '2020-02', '4.0'],
    ]);
    expect(spanOfSeries(two.table, two.structure.columnPaths, 1, 2, year(2020), h)).toMatchObject({ value: 2 });
    expect(spanOfSeries(two.table, two.structure.columnPaths, 2, 2, year(2020), h)).toMatchObject({ value: 3 });
  });
});

describe('the change of a series between two years', () => {
  it('reads the change between the years\' means, each month of both cited, or its percent change', () => {
    const { table, paths, rows } = cpi();
    const mean = (from: number) => rows.slice(from, from + 12).reduce((a, r) => a + Number(r[1]), 0) / 12;
    // The two Januaries a change between rows read: the later year first.
    const change = changeOfYears(table, paths, [[13, 1], [1, 1]], false, h)!;
    expect(change.value).toBeCloseTo(mean(13) - mean(1), 2);
    expect(change.cells).toHaveLength(24);
    const percent = changeOfYears(table, paths, [[13, 1], [1, 1]], true, h)!;
    expect(percent).toMatchObject({ scale: 'percent', unit: '%' });
    expect(percent.value).toBeCloseTo((mean(13) / mean(1) - 1) * 100, 2);
  });

  it('answers nothing for a column of changes, or a series by year', () => {
    const { table, paths } = cpi();
    expect(changeOfYears(table, paths, [[13, 2], [2, 2]], false, h)).toBeUndefined();
    const plain = readGrid([['Year', 'Price'], ['2019', '1392.6'], ['2020', '1770.0']]);
    expect(changeOfYears(plain.table, plain.structure.columnPaths, [[2, 1], [1, 1]], false, h)).toBeUndefined();
  });
});

describe('the extreme of a series by year or by decade', () => {
  it('groups a series by year by its decades, each one\'s mean, and names the highest or lowest', () => {
    const rows = [['Year', 'Price'], ...Array.from({ length: 30 }, (_, i) => [String(1990 + i), String(i < 10 ? 400 - i : i < 20 ? 300 + i * 10 : 350)])];
    const { table, structure } = readGrid(rows);
    const high = extremeOfSpans(table, structure.columnPaths, 5, 1, 'decade', false, h)!;
    expect(high).toMatchObject({ kind: 'label', text: '2000s' });
    expect(high.cells.map((c) => c.rowPath[0])).toEqual(Array.from({ length: 10 }, (_, i) => String(2000 + i)));
    expect(extremeOfSpans(table, structure.columnPaths, 5, 1, 'decade', true, h)).toMatchObject({ text: '2010s' });
    // Rows of years are no finer than a year.
    expect(extremeOfSpans(table, structure.columnPaths, 5, 1, 'year', false, h)).toBeUndefined();
  });

  it('reads a year of a column of changes by its level, as a year is read', () => {
    // A level that grows 0.1% a month in 2006, 0.6% in 2007, falls 0.3% a month in 2008, and its monthly change.
    const rows: string[][] = [['Date', 'Index', 'Inflation']];
    let index = 100;
    for (const [y, rate] of [[2006, 0.001], [2007, 0.006], [2008, -0.003]] as const) {
      for (let m = 1; m <= 12; m++) {
        const next = Math.round(index * (1 + rate) * 1000) / 1000;
        rows.push([`${y}-${String(m).padStart(2, '0')}-01`, String(next), rows.length > 1 ? ((next / index - 1) * 100).toFixed(2) : '']);
        index = next;
      }
    }
    const { table, structure } = readGrid(rows);
    const high = extremeOfSpans(table, structure.columnPaths, 20, 2, 'year', false, h)!;
    expect(high.text).toBe('2007');
    expect(high.cells.map((c) => c.rowPath[0])).toEqual(Array.from({ length: 12 }, (_, i) => `2007-${String(i + 1).padStart(2, '0')}-01`));
    // 2006 has no year before it to be compared with: the lowest change is 2008's.
    expect(extremeOfSpans(table, structure.columnPaths, 20, 2, 'year', true, h)).toMatchObject({ text: '2008' });
  });

  it('reads the month of an extreme of a series whose rows are named by their source, within the time asked', () => {
    // Two sources by month, their names the rows' labels ("GISTEMP", "gcag"), the month a column.
    const rows: string[][] = [['Source', 'Year', 'Mean']];
    const anomaly = (y: number, m: number) => (y === 2016 && m === 2 ? 1.3 : y === 2023 && m === 9 ? 1.48 : 0.2 + (y - 2015) * 0.1 + m / 100);
    for (let y = 2015; y <= 2024; y++) for (let m = 1; m <= 12; m++) rows.push(['GISTEMP', `${y}-${String(m).padStart(2, '0')}`, anomaly(y, m).toFixed(2)], ['gcag', `${y}-${String(m).padStart(2, '0')}`, '2.00']);
    const { table, structure } = readGrid(rows);
    const warmest = extremeOfSpans(table, structure.columnPaths, 1, 2, 'month', false, h)!;
    expect(warmest).toMatchObject({ kind: 'label', text: '2023-09' });
    expect(warmest.cells.map((c) => c.rowPath[0])).toEqual(['2023-09']);
    // "... in 2016": the months of that year alone.
    expect(extremeOfSpans(table, structure.columnPaths, 1, 2, 'month', false, h, year(2016))).toMatchObject({ text: '2016-02' });
    // A series by year has no month to name.
    const { table: yearly, structure: byYear } = readGrid([['Year', 'Mean'], ['2015', '0.9'], ['2016', '1.0'], ['2017', '0.9']]);
    expect(extremeOfSpans(yearly, byYear.columnPaths, 1, 1, 'month', false, h)).toBeUndefined();
  });
});

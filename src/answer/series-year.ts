/**
 * A year asked of a series written by month or by day ("What was the US CPI in 1990?" of a file
 * whose rows are "1990-01-01", "1990-02-01", ...): no one row is that year, the year's rows
 * together are. A level's year is the mean of its rows, as statistical offices write an annual
 * average; a column that is the percent change of another from one row to the next (a CPI's
 * "Inflation" beside its "Index") is no level, and its year is the change of that other column's
 * mean from the year before, not a mean of monthly changes.
 *
 * Pure, and loaded only when a table answered such a question with one row of the year: it
 * imports nothing of the engine's start, the readers it needs are passed in (issue 13's budget).
 */
import type { Table } from '../types.ts';
import type { AnswerCell, TableAnswer } from './table-answer.ts';

/** What the series reader is given: the engine's readers of numbers, and its calculator. */
export interface SeriesHelpers {
  readNumber(text: string): { value: number; decimals: number } | undefined;
  calculate(expression: string): number;
  formatNumber(value: number, decimals?: number): string;
}

/** A month or a day written as ISO 8601 does, its year first: the rows of a monthly or daily series. */
const ISO_MOMENT = /^\s*(\d{4})-(\d{2})(?:-(\d{2}))?\s*$/;

/** Most rows a year's mean reads: a daily series' year, at most. */
const MAX_ROWS = 366;

/**
 * The span `period` (a year, a quarter: UTC ms, its end exclusive) of the series the cell
 * `[row, col]` belongs to, from all its rows dated in it: their mean, or for a column of changes
 * the change of the level's mean from the same span a year before. Undefined where the table is
 * no series by month or day, or holds fewer than two rows of the span (an annual file dated at
 * mid-year: its one row answers).
 */
export function spanOfSeries(table: Table, columnPaths: ReadonlyArray<readonly string[]>, row: number, col: number, period: { start: number; end: number }, h: SeriesHelpers): TableAnswer | undefined {
  const series = seriesAt(table, columnPaths, row, ISO_MOMENT, h);
  if (!series) return undefined;
  const rows = rowsIn(series, period.start, period.end, col, h);
  if (rows.length < 2 || rows.length > MAX_ROWS) return undefined;
  const level = levelOf(series.grid, rows, col, series.dateCol, h);
  if (level !== undefined) {
    const now = rowsIn(series, period.start, period.end, level, h);
    const before = rowsIn(series, yearBefore(period.start), yearBefore(period.end), level, h);
    if (before.length < 2 || now.length < 2) return undefined;
    const expression = `(${meanOf(series, now, level, h)} / (${meanOf(series, before, level, h)}) - 1) * 100`;
    return computed(expression, [...now, ...before].map((r) => series.cite(r, level)), decimalsOf(series, rows, col, h), h);
  }
  return computed(meanOf(series, rows, col, h), rows.map((r) => series.cite(r, col)), Math.max(2, decimalsOf(series, rows, col, h)), h);
}

/**
 * "How much did the CPI rise from 2019 to 2020?" of a series by month or by day, which a change
 * between two of its rows answered (their years' Januaries): the change between the years'
 * means, each year read from all its rows as {@link spanOfSeries} reads one. `operands` are the
 * two cells the change was computed from, the later first; `percent`: a percent change.
 * Undefined for a column of changes (whose year is no mean), or where a year holds fewer than
 * two rows.
 */
export function changeOfYears(table: Table, columnPaths: ReadonlyArray<readonly string[]>, operands: readonly [readonly [number, number], readonly [number, number]], percent: boolean, h: SeriesHelpers): TableAnswer | undefined {
  const [[row, col], [other]] = operands;
  const series = seriesAt(table, columnPaths, row, ISO_MOMENT, h);
  if (!series) return undefined;
  // Each operand's year: the rows dated in it.
  const yearOf = (r: number) => {
    const y = Number(ISO_MOMENT.exec(series.cell(r, series.dateCol))?.[1]);
    return rowsIn(series, Date.UTC(y, 0, 1), Date.UTC(y + 1, 0, 1), col, h);
  };
  const [later, earlier] = [yearOf(row), yearOf(other!)];
  if (later.length < 2 || earlier.length < 2 || later.length > MAX_ROWS || earlier.length > MAX_ROWS || levelOf(series.grid, later, col, series.dateCol, h) !== undefined) return undefined;
  const [a, b] = [meanOf(series, later, col, h), meanOf(series, earlier, col, h)];
  const expression = percent ? `((${a}) / (${b}) - 1) * 100` : `(${a}) - (${b})`;
  const found = computed(expression, [...later, ...earlier].map((r) => series.cite(r, col)), percent ? 2 : decimalsOf(series, [...later, ...earlier], col, h), h);
  return found && percent ? { ...found, scale: 'percent', unit: '%' } : found;
}

/** The times a series' rows are grouped by to answer "which year / decade / month ...?". */
export type SpanUnit = 'year' | 'decade' | 'month';

/** A year alone, or a month or a day written as ISO 8601 does: a series' row, and its year. */
const YEAR_OR_MOMENT = /^\s*(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?\s*$/;

/**
 * "Which decade had the highest average gold price?" of a series by year, "which year had the
 * lowest inflation?" of one by month: the rows of the series of cell `[row, col]` grouped by the
 * time asked, each group's mean (a column of changes: the change of its level's mean from the
 * year before, as {@link spanOfSeries} reads a year), and the group with the highest (`low`:
 * lowest), its rows cited. Undefined where the rows are no finer than the time asked, or fewer
 * than two groups are read.
 */
export function extremeOfSpans(table: Table, columnPaths: ReadonlyArray<readonly string[]>, row: number, col: number, unit: SpanUnit, low: boolean, h: SeriesHelpers, period?: { start: number; end: number }): TableAnswer | undefined {
  const series = seriesAt(table, columnPaths, row, YEAR_OR_MOMENT, h);
  if (!series || (unit !== 'decade' && !ISO_MOMENT.test(series.cell(row, series.dateCol)))) return undefined;
  const { grid, cell, dateCol } = series;
  const yearOf = (r: number) => Number(YEAR_OR_MOMENT.exec(cell(r, dateCol))?.[1] ?? NaN);
  // (A month is the year's twelfth: "2016-02" is 2016 * 12 + 1.)
  const monthOf = (r: number) => yearOf(r) * 12 + Number(YEAR_OR_MOMENT.exec(cell(r, dateCol))?.[2] ?? NaN) - 1;
  // (Within the time the question gives, "in 1980": a row's month or year inside it.)
  const within = (r: number) => {
    if (!period) return true;
    const m = monthOf(r);
    const at = Number.isFinite(m) ? Date.UTC(Math.floor(m / 12), m % 12, 1) : Date.UTC(yearOf(r), 0, 1);
    return at >= period.start && at < period.end;
  };
  const rows = grid.map((_, r) => r).filter((r) => r !== 0 && Number.isFinite(unit === 'month' ? monthOf(r) : yearOf(r)) && series.same(r) && h.readNumber(cell(r, col)) && within(r));
  const level = unit === 'year' ? levelOf(grid, rows, col, dateCol, h) : undefined;
  const key = (r: number) => (unit === 'decade' ? Math.floor(yearOf(r) / 10) * 10 : unit === 'month' ? monthOf(r) : yearOf(r));
  const groups = new Map<number, number[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  const meanOf = (rs: number[] | undefined, c: number) => (rs?.length ? rs.reduce((s, r) => s + h.readNumber(cell(r, c))!.value, 0) / rs.length : NaN);
  let best: { at: number; value: number } | undefined;
  for (const [at, rs] of groups) {
    const value = level === undefined ? meanOf(rs, col) : (meanOf(rs, level) / meanOf(groups.get(at - 1), level) - 1) * 100;
    if (Number.isFinite(value) && (!best || (low ? value < best.value : value > best.value))) best = { at, value };
  }
  if (!best || groups.size < 2) return undefined;
  const cells = groups.get(best.at)!.map((r) => series.cite(r, col));
  const text = unit === 'decade' ? `${best.at}s` : unit === 'month' ? `${Math.floor(best.at / 12)}-${String((best.at % 12) + 1).padStart(2, '0')}` : String(best.at);
  return { kind: 'label', text, scale: '', cells, score: 0, confidence: 1 };
}

/** A table read as the series of one of its rows. */
interface Series {
  /** The table's cells' texts, row by row. */
  grid: string[][];
  cell(r: number, c: number): string;
  /** The column that dates the rows. */
  dateCol: number;
  /** Whether row `r` is of the same series: the same words beside its date and figures (a file of two sources by month). */
  same(r: number): boolean;
  /** Cell `[r, c]` as an answer cites it, its row named by its date. */
  cite(r: number, c: number): AnswerCell;
}

/** The series row `row` belongs to, dated by the first of its cells `dated` reads; undefined where none does. */
function seriesAt(table: Table, columnPaths: ReadonlyArray<readonly string[]>, row: number, dated: RegExp, h: SeriesHelpers): Series | undefined {
  const grid: string[][] = Array.from({ length: table.rows }, () => Array<string>(table.cols).fill(''));
  for (const x of table.cells) if (grid[x.row]) grid[x.row]![x.col] = x.text;
  const cell = (r: number, c: number) => grid[r]?.[c] ?? '';
  const dateCol = grid[row]?.findIndex((t) => dated.test(t)) ?? -1;
  if (dateCol < 0) return undefined;
  const labels = (r: number) => grid[r]!.filter((t, c) => c !== dateCol && !h.readNumber(t)).join('\u0000');
  const own = labels(row);
  return {
    grid, cell, dateCol,
    same: (r) => labels(r) === own,
    cite: (r, c) => {
      const text = cell(r, c);
      const n = h.readNumber(text);
      return { cell: [r, c], text, ...(n ? { value: n.value } : {}), rowPath: [cell(r, dateCol)], columnPath: [...(columnPaths[c] ?? [])] };
    },
  };
}

/** The rows of `series` dated as ISO 8601 writes a month or a day inside `[start, end)`, with a figure in column `c`. */
function rowsIn(series: Series, start: number, end: number, c: number, h: SeriesHelpers): number[] {
  const momentOf = (r: number) => {
    const m = ISO_MOMENT.exec(series.cell(r, series.dateCol));
    return m ? Date.UTC(+m[1]!, +m[2]! - 1, +(m[3] ?? 1)) : NaN;
  };
  return series.grid.map((_, r) => r).filter((r) => momentOf(r) >= start && momentOf(r) < end && series.same(r) && h.readNumber(series.cell(r, c)));
}

/** The mean of column `c` over rows `rows`, as the calculator reads it. */
function meanOf(series: Series, rows: readonly number[], c: number, h: SeriesHelpers): string {
  return `(${rows.map((r) => operand(h.readNumber(series.cell(r, c))!.value)).join(' + ')}) / ${rows.length}`;
}

/** The most decimals column `c` writes in rows `rows`. */
function decimalsOf(series: Series, rows: readonly number[], c: number, h: SeriesHelpers): number {
  return Math.max(...rows.map((r) => h.readNumber(series.cell(r, c))?.decimals ?? 0));
}

function computed(expression: string, operands: AnswerCell[], decimals: number, h: SeriesHelpers): TableAnswer | undefined {
  let result: number;
  try {
    result = h.calculate(expression);
  } catch {
    return undefined;
  }
  const text = h.formatNumber(result, decimals);
  return { kind: 'computed', text, value: Number(text), scale: '', cells: operands, calculation: { expression, result, operands }, score: 0, confidence: 1 };
}

/** The same moment a year earlier. */
function yearBefore(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate());
}

function operand(x: number): string {
  return x < 0 ? `(${x})` : String(x);
}

/**
 * The column whose percent change from the row before each of `rows` is `col`'s figure, as the
 * figures are rounded (within one unit of their last decimal), in four rows of five at least;
 * undefined where `col` is a level of its own. (Rows in time order, as data files keep them; a
 * file written newest first reads as levels, its year a mean.)
 */
function levelOf(grid: string[][], rows: number[], col: number, dateCol: number, h: SeriesHelpers): number | undefined {
  const num = (r: number, c: number) => h.readNumber(grid[r]?.[c] ?? '');
  for (let c = 0; c < (grid[0]?.length ?? 0); c++) {
    if (c === col || c === dateCol) continue;
    let tried = 0;
    let held = 0;
    for (const r of rows) {
      const change = num(r, col), now = num(r, c), before = num(r - 1, c);
      if (!change || !now || !before || before.value === 0) continue;
      tried++;
      const unit = 10 ** -change.decimals;
      if (Math.abs((now.value / before.value - 1) * 100 - change.value) <= unit) held++;
    }
    if (tried >= 2 && held >= 0.8 * tried) return c;
  }
  return undefined;
}

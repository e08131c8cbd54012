import type { Table, TableCell } from '../types.ts';
import { coverMap } from './grid.ts';
import { isNumeric, isPlaceholder, isUnitLabel, isValue, isYear } from './cell-text.ts';

/**
 * The reading of a table's headers: which rows head the columns, which columns head the
 * rows, and for every cell the full header paths that say what its number means.
 */
export interface TableStructure {
  /** Rows that head the columns (unit rows included), top to bottom. */
  headerRows: number[];
  /** Number of leading columns that head the rows. */
  headerCols: number;
  /** Body rows that only name a group of the rows below (only the row-header cells filled). */
  groupRows: number[];
  /** Rows that only give units ("percent", "$ millions"), in the header or the body. */
  unitRows: number[];
  /** Rows holding values: every row that is not a header, group or unit row. */
  dataRows: number[];
  /** Columns holding values: every column right of the row headers. */
  dataCols: number[];
  /** Per column, its top header path from the outermost label to the innermost (`['2013', 'Buy']`). */
  columnPaths: string[][];
  /** Per row, its left header path: enclosing group labels, then its own row-header cells. Empty for header rows. */
  rowPaths: string[][];
  /** Per column, the unit its values are in, when the table says. */
  units: Array<string | undefined>;
  /** Per row, a unit given by a unit row or unit group above it (sections in "number" then "percent"). */
  rowUnits: Array<string | undefined>;
}

/**
 * Words the unit vocabulary shares with column labels: a "Year" column holds years, a "Mean",
 * "Median" or "Average" column a statistic of its row; none says what the numbers are measured
 * in, so a header row of them is a header level, not a unit row ("| Year | Mean | Median |").
 */
const LABEL_NOT_UNIT = /^(?:(?:fiscal\s+)?year|mean|median|average)$/i;
/**
 * A year whose digits a PDF extraction spaced out ("2 0 1 8", as TAT-QA's statements have it
 * beside an unspaced "2019"): a year label, not the number 2018 read as data.
 */
const SPACED_YEAR = /^(?:1\s+[89]|2\s+0)\s+\d\s+\d$/;

/** A unit label that is not also a column's label (see {@link LABEL_NOT_UNIT}). */
function isUnit(text: string): boolean {
  return isUnitLabel(text) && !LABEL_NOT_UNIT.test(text.trim());
}

/** A year heading, spaced out or not. */
function isYearLabel(text: string): boolean {
  return isYear(text) || SPACED_YEAR.test(text.trim());
}

/** A header's text as it reads: a spaced-out year as the year ("2 0 1 8" -> "2018"). */
function headerText(text: string): string {
  const t = text.trim();
  return SPACED_YEAR.test(t) ? t.replace(/\s+/g, '') : t;
}

/** Most rows layout detection takes as column headers: deeper stacks are data in practice. */
const MAX_LAYOUT_HEADER_ROWS = 6;

/**
 * Finds the headers of a table and their hierarchy. Markup wins when the source has it
 * (`thead`, `th`, a Markdown header row, or `headerRows`/`headerCols` set by a reader);
 * otherwise the layout decides: top rows without plain numbers (years are labels) are
 * column headers, a leading column of text labels heads the rows. Merged parent cells
 * label every column they cover; a row with only its label filled opens a group whose
 * label prefixes the rows below; a row of unit words gives the unit of the columns it
 * covers instead of a header level.
 */
export function detectHeaders(table: Table): TableStructure {
  const { rows, cols } = table;
  const map = coverMap(table);
  const own = ownTexts(table);
  let h = table.headerRows ?? markupHeaderRows(table, map);
  if (h === undefined) h = layoutHeaderRows(own);
  h = Math.min(h, rows);
  let k = table.headerCols ?? markupHeaderCols(table, map, h);
  if (k === undefined) k = layoutHeaderCols(own, h);
  k = Math.min(k, Math.max(0, cols - 1));

  const headerRows = range(0, h);
  const unitRows: number[] = [];
  const units: Array<string | undefined> = new Array(cols).fill(undefined);
  for (const r of headerRows) {
    const labels = range(k, cols).map((c) => own[r]![c]!).filter(Boolean);
    if (labels.length > 0 && labels.every(isUnit)) {
      unitRows.push(r);
      for (let c = k; c < cols; c++) {
        const t = map.at(r, c)?.text.trim();
        if (t) units[c] = t;
      }
    }
  }
  // A flattened unit row names its unit once; it holds for the columns to its right.
  for (const r of unitRows) {
    let carry: string | undefined;
    for (let c = k; c < cols; c++) {
      const t = own[r]![c];
      if (t) carry = t;
      else if (carry && units[c] === undefined) units[c] = carry;
    }
  }

  const columnPaths: string[][] = [];
  for (let c = 0; c < cols; c++) {
    const path: string[] = [];
    let last: TableCell | undefined;
    for (const r of headerRows) {
      if (unitRows.includes(r)) continue;
      const cell = map.at(r, c);
      if (!cell || cell === last) continue;
      last = cell;
      const t = headerText(cell.text);
      if (t && path[path.length - 1] !== t) path.push(t);
    }
    columnPaths.push(path);
  }
  // Units written into a header label ("sales ($ millions)", "share (%)") or the corner cell.
  const corner = cornerUnit(own, h, k);
  for (let c = k; c < cols; c++) {
    if (units[c] !== undefined) continue;
    units[c] = labelUnit(columnPaths[c]!) ?? corner;
  }

  const groupRows: number[] = [];
  const dataRows: number[] = [];
  const rowPaths: string[][] = [];
  for (let r = 0; r < rows; r++) rowPaths.push([]);
  const rowUnits: Array<string | undefined> = new Array(rows).fill(undefined);
  let stack: string[] = [];
  let run: string[] = [];
  let depthBeforeRun = 0;
  let sectionUnit: string | undefined;
  // The last header row, when it is a unit row with a label in the stub, names the first group.
  const lastHead = h - 1;
  if (lastHead >= 0 && unitRows.includes(lastHead) && k > 0) {
    const stub = range(0, k).map((c) => own[lastHead]![c]!).filter((t) => t && !isUnit(t));
    if (stub.length > 0) stack = [stub.join(' ')];
  }
  for (let r = h; r < rows; r++) {
    const row = own[r]!;
    const dataTexts = filled(row, k, cols);
    const labelTexts = filled(row, 0, k);
    if (dataTexts.length === 0 && labelTexts.length === 0) continue;
    // A row of units alone: only a row with labels or values, not both, can be one.
    if ((labelTexts.length === 0 || dataTexts.length === 0) && labelTexts.every(isUnit) && dataTexts.every(isUnit)) {
      unitRows.push(r);
      sectionUnit = labelTexts.length > 0 ? labelTexts[0] : dataTexts[0];
      continue;
    }
    // A label row that also gives the unit of its section ("region of birth | percent").
    const unitGroup = k > 0 && labelTexts.length > 0 && dataTexts.length > 0 && dataTexts.every(isUnit);
    if (unitGroup) sectionUnit = dataTexts[0];
    if (k > 0 && (dataTexts.length === 0 || unitGroup) && labelTexts.length > 0 && r < rows - 1) {
      groupRows.push(r);
      // Runs of group rows nest; a run after data replaces as many levels as it has.
      if (run.length === 0) depthBeforeRun = stack.length;
      run.push(labelTexts.join(' '));
      stack = [...stack.slice(0, Math.max(0, depthBeforeRun - run.length)), ...run];
      rowPaths[r] = [...stack];
      continue;
    }
    run = [];
    dataRows.push(r);
    rowUnits[r] = sectionUnit;
    const labels: string[] = [];
    let last: TableCell | undefined;
    for (let c = 0; c < k; c++) {
      const cell = map.at(r, c);
      if (!cell || cell === last) continue;
      last = cell;
      const t = cell.text.trim();
      if (t && labels[labels.length - 1] !== t) labels.push(t);
    }
    const path: string[] = [];
    for (const s of stack) if (!labels.includes(s)) path.push(s);
    for (const l of labels) path.push(l);
    rowPaths[r] = path;
  }
  unitRows.sort((a, b) => a - b);
  return {
    headerRows,
    headerCols: k,
    groupRows,
    unitRows,
    dataRows,
    dataCols: range(k, cols),
    columnPaths,
    rowPaths,
    units,
    rowUnits,
  };
}

/** The non-empty texts of `row[from .. to)`, in order. */
function filled(row: string[], from: number, to: number): string[] {
  const out: string[] = [];
  for (let c = from; c < to; c++) if (row[c]) out.push(row[c]!);
  return out;
}

/** The text of each grid position, only where a cell starts (covered positions read empty), as a flattened grid shows it. */
export function ownTexts(table: Table): string[][] {
  const { rows, cols } = table;
  const g: string[][] = [];
  for (let r = 0; r < rows; r++) g.push(new Array<string>(cols).fill(''));
  for (const cell of table.cells) if (cell.row < rows && cell.col < cols) g[cell.row]![cell.col] = cell.text.trim();
  return g;
}

/** Leading rows made of `th` only, when the source marks headers at all. */
function markupHeaderRows(table: Table, map: ReturnType<typeof coverMap>): number | undefined {
  if (!table.cells.some((c) => c.header)) return undefined;
  let n = 0;
  for (let r = 0; r < table.rows; r++) {
    let all = true;
    let any = false;
    for (let c = 0; c < table.cols; c++) {
      const cell = map.at(r, c);
      if (!cell || !cell.text.trim()) continue;
      any = true;
      if (!cell.header) { all = false; break; }
    }
    if (!all || !any) break;
    n = r + 1;
  }
  // A table with only row headers (`th scope="row"`) marks no header row; let layout judge it.
  return n > 0 ? n : undefined;
}

/** Leading columns whose body cells are all `th`. */
function markupHeaderCols(table: Table, map: ReturnType<typeof coverMap>, h: number): number | undefined {
  if (!table.cells.some((c) => c.header && c.row >= h)) return undefined;
  let n = 0;
  for (let c = 0; c < table.cols - 1; c++) {
    let all = true;
    for (let r = h; r < table.rows; r++) {
      const cell = map.at(r, c);
      if (cell && cell.text.trim() && !cell.header) { all = false; break; }
    }
    if (!all) break;
    n = c + 1;
  }
  return n;
}

/** A row that holds plain numbers right of its first cell (years do not count: they head columns). */
function dataLike(row: string[]): boolean {
  return row.slice(1).some((t) => t !== '' && isNumeric(t) && !isYearLabel(t));
}

/**
 * Column-header rows of a grid without markup. Row 0 heads the table unless it already
 * holds numbers; later rows join while they hold no plain numbers and either leave the
 * corner (first) cell empty, give units, or give years — a row with a label in its first
 * cell is a data or group row.
 */
export function layoutHeaderRows(own: string[][]): number {
  const rows = own.length;
  if (rows < 2) return 0;
  const max = Math.min(MAX_LAYOUT_HEADER_ROWS, rows - 1);
  let h = 0;
  for (let r = 0; r < max; r++) {
    const row = own[r]!;
    const filled = row.filter(Boolean);
    if (filled.length === 0) { h = r + 1; continue; }
    if (dataLike(row)) break;
    const rest = row.slice(1).filter(Boolean);
    if (r === 0 || h === r) {
      if (r === 0 && rest.length > 0) { h = 1; continue; }
      if (r === 0 && rest.length === 0 && rows > 2 && own[1]!.slice(1).some(Boolean) && !dataLike(own[1]!)) { h = 1; continue; }
      if (r === 0) break;
      if (row[0] === '' && rest.length > 0) { h = r + 1; continue; }
      if (rest.length > 0 && rest.every((t) => isUnit(t) || isYearLabel(t))) { h = r + 1; continue; }
      if (filled.every(isUnit)) { h = r + 1; continue; }
    }
    break;
  }
  // Trailing empty rows belong to the body side only if nothing follows; keep them in the header.
  return h;
}

/** A label cell: text that is not a value, or a year (years label rows as often as columns). */
function labelLike(t: string): boolean {
  return !isValue(t) || isYearLabel(t);
}

/**
 * Row-header columns of a grid without markup. The first column heads the rows when most of
 * its body cells are labels; a further column joins only when it is labels too and the
 * column before it shows nesting (merged or left-empty cells with labels beside them).
 */
export function layoutHeaderCols(own: string[][], h: number): number {
  const rows = own.length;
  const cols = own[0]?.length ?? 0;
  if (cols < 2 || rows <= h) return 0;
  const body = own.slice(h);
  const share = (c: number, pred: (t: string) => boolean) => {
    const vals = body.map((r) => r[c]!).filter(Boolean);
    return vals.length === 0 ? 0 : vals.filter(pred).length / vals.length;
  };
  if (share(0, labelLike) < 0.5) return 0;
  let k = 1;
  while (k < cols - 1) {
    if (share(k, (t) => !isValue(t)) < 0.8) break;
    // Nesting: the previous column leaves cells empty where this one has labels.
    const nested = body.filter((r) => r[k - 1] === '' && r[k] !== '').length;
    const filledPrev = body.filter((r) => r[k - 1] !== '').length;
    if (nested === 0 || filledPrev === 0) break;
    // ...and the rest of the row holds the values.
    if (share(k + 1, (t) => !isValue(t)) >= 0.8 && k + 1 === cols - 1) break;
    k++;
  }
  return k;
}

/** A unit written in a header label: "($ millions)", "(%)", "in thousands". */
function labelUnit(path: string[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const label = path[i]!;
    const paren = /\(([^()]{1,40})\)\s*$/.exec(label);
    if (paren && isUnit(paren[1]!)) return unitName(paren[1]!);
    if (/^%$|\(%\)|\bpercent(age)?\b/i.test(label) && label.length <= 40 && isUnitLabel(label)) return label;
  }
  return undefined;
}

/** A unit given once for the whole table, in the corner cell above the row labels ("(in millions)"). */
function cornerUnit(own: string[][], h: number, k: number): string | undefined {
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < Math.max(1, k); c++) {
      const t = own[r]?.[c];
      if (!t) continue;
      const inner = /^\((.*)\)$/.exec(t)?.[1] ?? t;
      if (isUnit(inner)) return unitName(inner);
      const m = /\(([^()]{1,30})\)/i.exec(t);
      if (m && isUnit(m[1]!)) return unitName(m[1]!);
    }
  }
  return undefined;
}

/** "in millions" -> "millions": the unit itself, as summaries append it to values. */
function unitName(t: string): string {
  return t.trim().replace(/^in\s+/i, '');
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i < b; i++) out.push(i);
  return out;
}

/** Whether a value cell is empty or a placeholder; summaries leave those out. */
export function isBlankValue(text: string): boolean {
  return text.trim() === '' || isPlaceholder(text);
}

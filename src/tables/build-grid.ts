import type { Table, TableCell } from '../types.ts';
import { ownString } from '../text/own-string.ts';
import { DEFAULT_TABLE_LIMITS, resolveLimits, type TableLimits } from './limits.ts';
import { defineCells } from './packed-cells.ts';

// Apart from `grid.ts` (what search reads of a grid): only the readers build grids, and they
// come with the first ingest, with the packing of cells.

/** A cell as a source declares it, before spans are laid out on the grid. */
export interface SourceCell {
  text: string;
  rowSpan?: number;
  colSpan?: number;
  header?: boolean;
}

/**
 * Lays source rows out on a grid the way HTML does: each cell takes the first free
 * position of its row, spans reserve the positions below and to the right. Spans are
 * clipped to the table's end (as browsers do) and to the limits; short rows are padded
 * with empty cells so every grid position belongs to exactly one cell.
 *
 * Why one builder for every reader: the span arithmetic is where hostile input bites
 * (`rowspan="100000"`), so it is bounded in one place.
 */
export function buildGrid(
  sourceRows: SourceCell[][],
  options: { limits?: TableLimits; caption?: string; warnings: string[]; padWarning?: boolean },
): Table {
  const limits = options.limits ? resolveLimits(options.limits) : DEFAULT_TABLE_LIMITS;
  const warnings = options.warnings;
  let rowsIn = sourceRows;
  if (rowsIn.length > limits.maxRows) {
    warnings.push(`table cut to ${limits.maxRows} rows`);
    rowsIn = rowsIn.slice(0, limits.maxRows);
  }
  const nRows = rowsIn.length;
  const { maxCols, maxSpan, maxCells } = limits;
  // Cells are placed row by row, left to right, so the positions taken in a row are those its
  // own cells took and those the rowspans from above reserve: per column, the first row a
  // rowspan leaves free is all a placement needs to know (one array, not one per row).
  let freeFrom = scratch;
  // Equal texts of one table share one string (a grid repeats its headers and units). A text
  // shorter than `ownString`'s copy is its own string already: only longer ones are looked up.
  const strings = new Map<string, string>();
  const cells: TableCell[] = [];
  let width = 0;
  let spanClamped = false;
  let colsCut = false;
  let placed = 0;
  let cellsCut = false;
  let cutRow = nRows;
  for (let r = 0; r < nRows && !cellsCut; r++) {
    let c = 0;
    for (const src of rowsIn[r]!) {
      while (c < freeFrom.length && freeFrom[c]! > r) c++;
      if (c >= maxCols) {
        colsCut = true;
        break;
      }
      let rs = normaliseSpan(src.rowSpan, nRows - r);
      let cs = normaliseSpan(src.colSpan, maxCols);
      if (rs > maxSpan) { rs = maxSpan; spanClamped = true; }
      if (cs > maxSpan) { cs = maxSpan; spanClamped = true; }
      rs = Math.min(rs, nRows - r);
      cs = Math.min(cs, maxCols - c);
      // A colspan may not run into a cell that a rowspan from above already holds.
      let free = 1;
      while (free < cs && !(c + free < freeFrom.length && freeFrom[c + free]! > r)) free++;
      cs = free;
      if (placed + rs * cs > maxCells) {
        cellsCut = true;
        cutRow = r;
        break;
      }
      placed += rs * cs;
      if (c + cs > freeFrom.length) {
        let size = freeFrom.length * 2;
        while (size < c + cs) size *= 2;
        const grown = new Int32Array(size);
        grown.set(freeFrom);
        freeFrom = grown;
        if (size <= SCRATCH_MAX) scratch = grown;
      }
      for (let k = c; k < c + cs; k++) freeFrom[k] = r + rs;
      let text = src.text;
      if (text.length >= OWN_LENGTH) {
        const seen = strings.get(text);
        if (seen === undefined) {
          const owned = ownString(text);
          strings.set(text, owned);
          text = owned;
        } else text = seen;
      }
      cells.push({ row: r, col: c, rowSpan: rs, colSpan: cs, text, header: Boolean(src.header) });
      if (c + cs > width) width = c + cs;
      c += cs;
    }
  }
  // Left as it was found for the next table (every column reached was written).
  freeFrom.fill(0, 0, width);
  if (spanClamped) warnings.push(`row or column span larger than ${maxSpan} clamped`);
  if (colsCut) warnings.push(`table cut to ${maxCols} columns`);
  let rows = nRows;
  if (cellsCut) {
    // Keep whole rows only: the row the budget ran out in is dropped.
    rows = cutRow;
    warnings.push(`table cut to ${maxCells} cells`);
  }
  if (rows * width > maxCells) rows = Math.max(0, Math.floor(maxCells / Math.max(1, width)));
  // A copy of exactly the cells kept: the list built by pushing has room to spare.
  let kept: TableCell[];
  let area = 0;
  if (rows < nRows) {
    kept = [];
    for (const k of cells) {
      if (k.row >= rows) continue;
      if (k.row + k.rowSpan > rows) k.rowSpan = rows - k.row;
      area += k.rowSpan * k.colSpan;
      kept.push(k);
    }
  } else {
    kept = cells.slice();
    area = placed;
  }
  // Pad ragged rows so every position is covered (readers downstream index by position). The
  // kept cells never overlap, so positions are left free exactly when they cover less than the grid.
  if (area < rows * width) {
    kept = padded(kept, rows, width);
    if (options.padWarning) warnings.push('ragged rows padded with empty cells');
  }
  if (rows === 0 || width === 0) {
    warnings.push('empty table skipped');
    return { caption: options.caption, rows: 0, cols: 0, cells: [], start: 0, end: 0 };
  }
  const table = { rows, cols: width } as Table;
  defineCells(table, kept);
  table.start = 0;
  table.end = 0;
  if (options.caption) table.caption = ownString(options.caption);
  return table;
}

// One occupancy array for every table built (cleared after each): allocating a typed array
// per table cost more than laying most tables out.
let scratch = new Int32Array(64);
const SCRATCH_MAX = 1 << 16;

/** `ownString` copies strings from this length on. */
const OWN_LENGTH = 13;

/**
 * The cells, with an empty cell at each position none covers, in row-major order of their first
 * positions (the cells come in that order: placed row by row, left to right).
 */
function padded(cells: readonly TableCell[], rows: number, cols: number): TableCell[] {
  const covered = new Uint8Array(rows * cols);
  for (const k of cells) {
    for (let r = k.row; r < k.row + k.rowSpan; r++) for (let c = k.col; c < k.col + k.colSpan; c++) covered[r * cols + c] = 1;
  }
  const out: TableCell[] = [];
  let next = 0;
  for (let p = 0; p < rows * cols; p++) {
    const r = Math.floor(p / cols);
    const c = p - r * cols;
    const k = cells[next];
    if (k !== undefined && k.row === r && k.col === c) {
      out.push(k);
      next++;
    } else if (!covered[p]) out.push({ row: r, col: c, rowSpan: 1, colSpan: 1, text: '', header: false });
  }
  return out;
}

function normaliseSpan(v: number | undefined, zeroMeans: number): number {
  if (v === undefined || !Number.isFinite(v)) return 1;
  if (v === 0) return Math.max(1, zeroMeans);
  return Math.max(1, Math.floor(v));
}
